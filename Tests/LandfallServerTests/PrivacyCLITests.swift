import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallServer
import LandfallStore
import Testing

/// `landfall privacy erase` and `landfall apps set --ios-probabilistic-matching`, run as the binary
/// against the database a server uses.
@Suite("landfall privacy and apps set")
struct PrivacyCLITests {
    static func withDatabase(_ body: @Sendable (TestServer, [String], Tenant) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "landfall-privacy-cli-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let databasePath = directory.appendingPathComponent("landfall.sqlite").path
        try await TestServer.run(configure: { $0.database = .sqlite(path: databasePath) }) { server in
            let tenant = try await server.createTenant(#"{"name": "Acme", "slug": "acme"}"#)
            try await body(server, ["--database", "sqlite:\(databasePath)", "--log-level", "error"], tenant)
        }
    }

    @Test func eraseByUserIdRemovesTheirShareLinkAndPrintsTheCounts() async throws {
        try await Self.withDatabase { server, database, tenant in
            let link = try await server.createLink(
                key: tenant.secretKey, body: #"{"originalUrl": "https://example.com/a", "externalUserId": "user-42"}"#)
            let output = try await ServerProcess.run(["privacy", "erase", "--app", "acme", "--user-id", "user-42"] + database)
            #expect(output.contains("links  1"))
            #expect(output.contains("Erased 1 rows in "))
            #expect(output.contains(" ms; installs: none"))
            #expect(try await server.storage.link(id: link.id, appId: tenant.app.id) == nil)
            let again = try await ServerProcess.run(["privacy", "erase", "--app", "acme", "--user-id", "user-42"] + database)
            #expect(again.contains("Erased 0 rows"))
        }
    }

    @Test func eraseNeedsExactlyOneId() async throws {
        try await Self.withDatabase { _, database, _ in
            await #expect(throws: (any Error).self) { try await ServerProcess.run(["privacy", "erase", "--app", "acme"] + database) }
            await #expect(throws: (any Error).self) {
                try await ServerProcess.run(["privacy", "erase", "--app", "acme", "--install-id", "a", "--user-id", "b"] + database)
            }
        }
    }

    @Test func appsSetSwitchesIOSProbabilisticMatching() async throws {
        try await Self.withDatabase { server, database, tenant in
            let output = try await ServerProcess.run(["apps", "set", "acme", "--ios-probabilistic-matching", "false"] + database)
            #expect(output.contains("App acme: iOS probabilistic matching off"))
            #expect(try await server.storage.app(id: tenant.app.id)?.settings.iosProbabilisticMatching == false)
            #expect(try await ServerProcess.run(["apps", "list"] + database).contains("ios:deterministic-only"))
        }
    }
}
