import AsyncHTTPClient
import Foundation
import LandfallAttribution
import LandfallServer
import LandfallStore
import Logging
import NIOConcurrencyHelpers
import NIOHTTP1
import ServiceLifecycle

/// `landfall-lab reliability privacy`'s run: a server on a fresh SQLite file with a clock of its own,
/// seeded over HTTP, swept at two later times, and measured.
struct PrivacyRun {
    /// One line of the table: a count that must be zero, or (`mustBeZero` false) a figure for context.
    struct Row: Sendable {
        var measure: String
        var value: Int
        var mustBeZero: Bool
    }

    /// The app's attribution window: addresses are kept 2 × 24 h + 1 h.
    static let windowHours = 24
    static let iPhone =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
    static let sdkAgent = "Privacy/1.0 iOS/17.4"
    /// Smaller than the server's default, so a sweep takes several transactions even in the short form.
    static let batchSize = 50

    let clicks: Int
    let directory: URL
    let progress: @Sendable (String) -> Void

    /// What the seeding sent, to compare the database against.
    struct Seeded {
        /// Stored click id → the address it was posted with.
        var postedAddresses: [String: String] = [:]
        var redirectAddresses: Set<String> = []
        /// Install id → the address it was reported from.
        var installAddresses: [String: String] = [:]
        var secrets: [(name: String, value: String)] = []
        var erased: [String] = []
        /// A person who is not erased, whose rows the scan must find.
        var kept: [String] = []
    }

    func run() async throws -> [Row] {
        let start = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        let clock = NIOLockedValueBox(start)
        let logs = CapturedLogs()
        let logger = Logger(label: "landfall.privacy") { label in CapturingLogHandler(label: label, logs: logs, level: .info) }
        let adminToken = "lf_admin_" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
        let path = directory.appendingPathComponent("privacy.sqlite").path
        var configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, database: .sqlite(path: path), adminToken: adminToken, trustProxy: true, migrate: true
        )
        configuration.webhooks.deliversInBackground = false
        configuration.apiRateLimits.enabled = false
        configuration.ipRetention.batchSize = Self.batchSize
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let landfall = try await buildApplication(
            configuration: configuration, logger: logger, now: { clock.withLockedValue { $0 } }, onListening: { portSink.yield($0) }
        )
        let services = ServiceGroup(services: [landfall.application], logger: logger)
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        return try await withThrowingTaskGroup(of: [Row]?.self) { group in
            group.addTask {
                try await services.run()
                return nil
            }
            var listening = ports.makeAsyncIterator()
            guard let port = await listening.next() else { throw PrivacyCheckError("the server stopped before it listened") }
            let outcome: Result<[Row], any Error>
            do {
                let client = PrivacyClient(client: http, base: "http://127.0.0.1:\(port)")
                var seeded = try await seed(client, adminToken: adminToken, start: start)
                try await landfall.clicks.flush()
                seeded.secrets.append(("admin token", adminToken))
                outcome = .success(try await measure(landfall, seeded: seeded, clock: clock, start: start, logs: logs, path: path))
            } catch {
                outcome = .failure(error)
            }
            await services.triggerGracefulShutdown()
            try await group.waitForAll()
            try? await http.shutdown()
            return try outcome.get()
        }
    }

    // MARK: - Seeding

    private func seed(_ client: PrivacyClient, adminToken: String, start: Date) async throws -> Seeded {
        var seeded = Seeded()
        let app = try await client.send(
            .POST, "/api/apps", token: adminToken,
            json:
                #"{"name": "Privacy check", "attributionWindowHours": \#(Self.windowHours), "uriScheme": "privacycheck", "iosAppStoreUrl": "https://apps.apple.com/app/id123456789"}"#
        )
        .expecting(201, what: "creating the app")
        guard let appId = app["id"] as? String else { throw PrivacyCheckError("the app has no id") }
        let secret = try await key(client, appId: appId, kind: "secret", adminToken: adminToken)
        let publishable = try await key(client, appId: appId, kind: "publishable", adminToken: adminToken)
        seeded.secrets += [("secret key", secret), ("publishable key", publishable)]
        let link = try await client.send(
            .POST, "/api/links", token: secret, json: #"{"originalUrl": "https://privacy.test/spring", "customCode": "spring"}"#
        )
        .expecting(200, 201, what: "creating the link")
        guard let code = link["shortCode"] as? String else { throw PrivacyCheckError("the link has no short code") }

        // Posted clicks with stated times over the six days before the start, 1,000 a request.
        let span: TimeInterval = 6 * 86_400
        let items = (0..<clicks).map { index -> (ip: String, json: String) in
            let ip = Self.address(index)
            let stamp = Int64(start.timeIntervalSince1970 - span * Double(index + 1) / Double(clicks))
            return (ip, #"{"link": "\#(code)", "ip": "\#(ip)", "userAgent": "\#(Self.iPhone)", "timestamp": \#(stamp)}"#)
        }
        for offset in stride(from: 0, to: items.count, by: 1000) {
            let batch = Array(items[offset..<min(offset + 1000, items.count)])
            let answer = try await client.send(
                .POST, "/api/s2s/v1/clicks", token: secret, json: #"{"clicks": ["# + batch.map(\.json).joined(separator: ",") + "]}"
            )
            .expecting(200, what: "posting clicks")
            let results = answer["results"] as? [[String: Any]] ?? []
            for result in results {
                guard let index = result["index"] as? Int, let id = result["clickId"] as? String, batch.indices.contains(index) else {
                    throw PrivacyCheckError("a posted click was refused: \(result)")
                }
                seeded.postedAddresses[id] = batch[index].ip
                seeded.secrets.append(("posted click address", batch[index].ip))
            }
            progress("posted \(min(offset + 1000, items.count))/\(items.count) clicks")
        }

        // Visits as they happen, and installs reported from their addresses.
        var clickTokens: [String] = []
        for index in 0..<max(10, clicks / 10) {
            let ip = Self.address(1_000_000 + index)
            let page = try await client.send(.GET, "/\(code)", headers: [("User-Agent", Self.iPhone), ("X-Forwarded-For", ip)])
            guard page.status == 200, let token = page.text.firstMatch(of: /"token":"([A-Za-z0-9]{22})"/)?.1 else {
                throw PrivacyCheckError("the visit answered \(page.status) without a click token")
            }
            clickTokens.append(String(token))
            seeded.redirectAddresses.insert(ip)
            seeded.secrets += [("visit address", ip), ("click token", String(token))]
        }
        for index in 0..<10 {
            let ip = Self.address(2_000_000 + index)
            let answer = try await client.send(
                .POST, "/api/sdk/v1/install", token: publishable, json: Self.installBody(installKey: "device-\(index)", clickToken: nil),
                headers: [("X-Forwarded-For", ip)]
            ).expecting(200, what: "an install")
            guard let id = answer["installId"] as? String else { throw PrivacyCheckError("an install answered no id") }
            seeded.installAddresses[id] = ip
            seeded.secrets.append(("install address", ip))
        }
        try await seedPerson(client, secret: secret, publishable: publishable, clickToken: clickTokens[0], into: &seeded)
        return seeded
    }

    /// One person with an install credited to a visit, events and a share link of their own; then
    /// erased by install id and by external user id. Another person, not erased, proves the scan
    /// finds what is there.
    private func seedPerson(_ client: PrivacyClient, secret: String, publishable: String, clickToken: String, into seeded: inout Seeded)
        async throws
    {
        let ip = Self.address(3_000_000)
        let userId = "person-" + UUID().uuidString.lowercased()
        let install = try await client.send(
            .POST, "/api/sdk/v1/install", token: publishable, json: Self.installBody(installKey: "person-device", clickToken: clickToken),
            headers: [("X-Forwarded-For", ip)]
        ).expecting(200, what: "the person's install")
        guard let installId = install["installId"] as? String else { throw PrivacyCheckError("the person's install answered no id") }
        seeded.secrets.append(("install address", ip))
        for name in ["signup", "purchase", "share"] {
            _ = try await client.send(
                .POST, "/api/sdk/v1/event", token: publishable, json: #"{"installId": "\#(installId)", "eventName": "\#(name)"}"#
            ).expecting(201, what: "an event")
        }
        _ = try await client.send(
            .POST, "/api/links", token: secret, json: #"{"originalUrl": "https://privacy.test/invite", "externalUserId": "\#(userId)"}"#
        ).expecting(200, 201, what: "the person's link")
        for subject in [#"{"installId": "\#(installId)"}"#, #"{"externalUserId": "\#(userId)"}"#] {
            _ = try await client.send(.POST, "/api/privacy/erasures", token: secret, json: subject).expecting(200, what: "an erasure")
        }
        seeded.erased = [installId, userId]
        let other = try await client.send(
            .POST, "/api/sdk/v1/install", token: publishable, json: Self.installBody(installKey: "other-device", clickToken: nil),
            headers: [("X-Forwarded-For", ip)]
        ).expecting(200, what: "another person's install")
        guard let otherId = other["installId"] as? String else { throw PrivacyCheckError("another install answered no id") }
        _ = try await client.send(
            .POST, "/api/sdk/v1/event", token: publishable, json: #"{"installId": "\#(otherId)", "eventName": "signup"}"#
        ).expecting(201, what: "another person's event")
        seeded.kept = [otherId]
        seeded.secrets.append(("external user id", userId))
    }

    private func key(_ client: PrivacyClient, appId: String, kind: String, adminToken: String) async throws -> String {
        let key = try await client.send(.POST, "/api/apps/\(appId)/keys", token: adminToken, json: #"{"kind": "\#(kind)"}"#)
            .expecting(201, what: "creating a \(kind) key")
        guard let token = key["key"] as? String else { throw PrivacyCheckError("the \(kind) key was answered without its value") }
        return token
    }

    static func installBody(installKey: String, clickToken: String?) -> String {
        let token = clickToken.map { #", "clickToken": "\#($0)""# } ?? ""
        return """
            {"userAgent": "\(sdkAgent)", "platform": "iOS", "platformVersion": "17.4", "screenWidth": 1179, "screenHeight": 2556,
             "timezone": "Europe/Lisbon", "language": "pt_PT", "appVersion": "1.0", "installKey": "\(installKey)"\(token)}
            """
    }

    /// A public address of each kind in turn: IPv4, IPv6, IPv4-mapped IPv6.
    static func address(_ index: Int) -> String {
        let low = index % 250 + 1
        let mid = index / 250 % 250
        switch index % 3 {
        case 0: return "198.51.\(mid).\(low)"
        case 1:
            return "2001:db8:\(String(index / 65_536 % 65_536, radix: 16)):\(String(index % 65_536, radix: 16))::\(String(low, radix: 16))"
        default: return "::ffff:203.0.\(mid).\(low)"
        }
    }
}
