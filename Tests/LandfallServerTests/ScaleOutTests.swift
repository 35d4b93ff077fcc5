import AsyncHTTPClient
import Foundation
import LandfallBench
import LandfallModels
import LandfallStore
import LandfallTestSupport
import Logging
import NIOCore
import NIOHTTP1
import Testing

/// Two `landfall serve` processes on one PostgreSQL: the deployment shape past one machine.
@Suite("Scale-out on PostgreSQL", .serialized)
struct ScaleOutTests {
    static let adminToken = "scale-out-admin-token-0123456789"

    @Test func aLinkCreatedThroughOneServerRedirectsThroughTheOther() async throws {
        let databaseURL = try await Self.postgresURL()
        try await ServerProcess.run(["migrate", "--database", databaseURL])
        let first = try await ServerProcess.start(["--database", databaseURL, "--admin-token", Self.adminToken])
        let second: ServerProcess
        do {
            second = try await ServerProcess.start(["--database", databaseURL, "--admin-token", Self.adminToken])
        } catch {
            await first.stop()
            throw error
        }
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        do {
            let app = try await Self.post(client, "\(first.baseURL)/api/apps", token: Self.adminToken, body: #"{"name": "Scale Out"}"#)
            let appId = try #require(app["id"] as? String)
            let key = try await Self.post(
                client, "\(first.baseURL)/api/apps/\(appId)/keys", token: Self.adminToken, body: #"{"kind": "secret"}"#)
            let secret = try #require(key["key"] as? String)
            let link = try await Self.post(
                client, "\(first.baseURL)/api/links", token: secret,
                body: #"{"originalUrl": "https://example.com/shared", "customCode": "shared-link"}"#
            )
            #expect(link["shortCode"] as? String == "shared-link")

            var follow = HTTPClientRequest(url: "\(second.baseURL)/shared-link")
            follow.headers.add(name: "User-Agent", value: RealUserAgents.desktopChrome)
            let redirect = try await client.execute(follow, timeout: .seconds(30))
            #expect(redirect.status == .found)
            #expect(redirect.headers.first(name: "Location") == "https://example.com/shared")

            // The second server's click reaches the shared database by its graceful shutdown at the latest.
            #expect(await second.stop() == .exited(0))
            var list = HTTPClientRequest(url: "\(first.baseURL)/api/links/\(try #require(link["id"] as? String))")
            list.headers.add(name: "Authorization", value: "Bearer \(secret)")
            let shown = try await client.execute(list, timeout: .seconds(30))
            #expect(shown.status == .ok)
        } catch {
            try? await client.shutdown()
            await first.stop()
            await second.stop()
            throw error
        }
        try await client.shutdown()
        #expect(await first.stop() == .exited(0))
        let clicks = try await Self.clickCount(databaseURL)
        #expect(clicks == 1)
    }

    static func postgresURL() async throws -> String {
        guard case .postgres(let location) = try await TestPostgres.freshDatabase() else {
            throw ServerProcessError("TestPostgres did not return a PostgreSQL location")
        }
        return "postgres://\(location.username)@\(location.host):\(location.port)/\(location.database ?? location.username)"
    }

    static func post(_ client: HTTPClient, _ url: String, token: String, body: String) async throws -> [String: Any] {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(string: body))
        let response = try await client.execute(request, timeout: .seconds(30))
        let data = try await response.body.collect(upTo: 1 << 20)
        let text = String(buffer: data)
        guard (200..<300).contains(response.status.code) else {
            throw ServerProcessError("POST \(url) answered \(response.status.code): \(text)")
        }
        return (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
    }

    static func clickCount(_ databaseURL: String) async throws -> Int {
        try await StorageFactory.withStorage(at: try DatabaseLocation(parsing: databaseURL), logger: .init(label: "test")) { storage, _ in
            let apps = try await storage.listApps()
            var total = 0
            for app in apps { total += try await storage.clickCount(appId: app.id) }
            return total
        }
    }
}
