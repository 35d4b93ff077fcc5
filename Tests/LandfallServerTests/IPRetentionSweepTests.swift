import Foundation
import LandfallModels
@testable import LandfallServer
import LandfallStore
import LandfallTestSupport
import Logging
import Testing

/// The sweeper over real databases: which addresses it truncates, to exactly what, in batches of
/// at most its batch size, and that a second sweep changes nothing.
@Suite("IP retention sweep on SQLite and PostgreSQL")
struct IPRetentionSweepTests {
    static let now = Date(timeIntervalSince1970: 1_767_225_600)
    static let hour: TimeInterval = 3600

    /// A 24-hour window keeps addresses 2 × 24 h plus the one-hour margin: 49 hours.
    static func app(_ storage: SQLStorage) async throws -> (AppRecord, LinkRecord) {
        var app = try await AppService(storage: storage).createApp(
            name: "Acme", slug: nil, domains: [], uriScheme: nil, webFallbackUrl: "https://acme.test"
        )
        app.settings.attributionWindowHours = 24
        try await storage.updateApp(app)
        let link = try await LinkService(storage: storage, publicURL: "https://links.test")
            .createLink(app: app, originalUrl: "https://acme.test/spring", customCode: nil, deepLinkPath: nil)
        return (app, link)
    }

    static func click(_ app: AppRecord, _ link: LinkRecord, hoursAgo: Double, ip: String, posted: Bool = false) -> ClickRecord {
        ClickRecord(
            id: "click_\(UUID().uuidString)", appId: app.id, linkId: link.id, clickedAt: now.addingTimeInterval(-hoursAgo * hour),
            clickToken: "tok_\(UUID().uuidString)", ipAddress: ip, platform: "ios", deviceClass: "phone",
            ipPrefix: ip.contains(":") && !ip.hasPrefix("::ffff") ? "2001:db8:7:8::/64" : nil, receivedAt: posted ? now : nil
        )
    }

    static func sweeper(_ storage: SQLStorage, batchSize: Int = 2000) -> IPRetentionSweeper {
        IPRetentionSweeper(
            storage: storage, configuration: IPRetentionConfiguration(margin: .seconds(3600), batchSize: batchSize),
            logger: Logger(label: "test"), now: { now }
        )
    }

    @Test(arguments: TestEngine.allCases)
    func addressesPastTheRetentionPeriodAreTruncatedExactlyAndNewerOnesKept(engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let (app, link) = try await Self.app(storage)
            let expired = [
                (Self.click(app, link, hoursAgo: 50, ip: "203.0.113.77"), "203.0.113.0/24"),
                (Self.click(app, link, hoursAgo: 60, ip: "2001:db8:7:8:9:a:b:c"), "2001:db8:7::/48"),
                (Self.click(app, link, hoursAgo: 70, ip: "::ffff:198.51.100.200"), "198.51.100.0/24"),
                (Self.click(app, link, hoursAgo: 400, ip: "192.0.2.1", posted: true), "192.0.2.0/24"),
            ]
            let kept = [
                Self.click(app, link, hoursAgo: 48, ip: "203.0.113.78"),
                Self.click(app, link, hoursAgo: 1, ip: "2001:db8:7:8::1"),
                Self.click(app, link, hoursAgo: 30, ip: "::ffff:198.51.100.201", posted: true),
            ]
            try await storage.insertClicks(expired.map(\.0).filter { $0.receivedAt == nil } + kept.filter { $0.receivedAt == nil })
            _ = try await storage.insertNewClicks(expired.map(\.0).filter { $0.receivedAt != nil } + kept.filter { $0.receivedAt != nil })
            var oldInstall = InstallRecord(
                id: "inst_old", appId: app.id, dedupKey: "old", createdAt: Self.now.addingTimeInterval(-50 * Self.hour),
                fingerprint: InstallFingerprint(
                    userAgent: "Acme/1", ipAddress: "2001:db8:7:8::5", ipPrefix: "2001:db8:7:8::/64", platform: "ios"),
                method: .organic, confidence: 0, matchedFactors: []
            )
            try await storage.insertInstall(oldInstall)
            let newInstall = InstallRecord(
                id: "inst_new", appId: app.id, dedupKey: "new", createdAt: Self.now.addingTimeInterval(-2 * Self.hour),
                fingerprint: InstallFingerprint(userAgent: "Acme/1", ipAddress: "203.0.113.5", ipPrefix: "203.0.113.0/24", platform: "ios"),
                method: .organic, confidence: 0, matchedFactors: []
            )
            try await storage.insertInstall(newInstall)

            let sweep = try await Self.sweeper(storage).sweep()
            #expect(sweep.redirectClicks == 3 && sweep.postedClicks == 1 && sweep.installs == 1)
            let stored = Dictionary(uniqueKeysWithValues: try await storage.clicks(linkId: link.id, appId: app.id).map { ($0.id, $0) })
            for (click, network) in expired {
                #expect(stored[click.id]?.ipAddress == network)
            }
            #expect(stored[expired[1].0.id]?.ipPrefix == "2001:db8:7::/48")
            for click in kept {
                #expect(stored[click.id]?.ipAddress == click.ipAddress)
                #expect(stored[click.id]?.ipPrefix == click.ipPrefix)
            }
            oldInstall.fingerprint.ipAddress = "2001:db8:7::/48"
            oldInstall.fingerprint.ipPrefix = "2001:db8:7::/48"
            #expect(try await storage.install(id: "inst_old")?.fingerprint == oldInstall.fingerprint)
            #expect(try await storage.install(id: "inst_new")?.fingerprint == newInstall.fingerprint)

            #expect(try await Self.sweeper(storage).sweep() == IPRetentionSweeper.Sweep())
            #expect(try await storage.clicks(linkId: link.id, appId: app.id).count == stored.count)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func noTransactionChangesMoreRowsThanTheBatchSize(engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let (app, link) = try await Self.app(storage)
            try await storage.insertClicks(
                (0..<23).map { index in Self.click(app, link, hoursAgo: 100 + Double(index % 3), ip: "203.0.113.\(index)") })
            _ = try await storage.insertNewClicks(
                (0..<7).map { index in Self.click(app, link, hoursAgo: 200, ip: "198.51.100.\(index)", posted: true) })
            let sweep = try await Self.sweeper(storage, batchSize: 5).sweep()
            #expect(sweep.redirectClicks == 23 && sweep.postedClicks == 7)
            #expect(sweep.largestBatch == 5)
            #expect(try await storage.clicks(linkId: link.id, appId: app.id).allSatisfy { $0.ipAddress?.hasSuffix(".0/24") == true })
        }
    }

    @Test(arguments: TestEngine.allCases)
    func aClickPostedWithATimeBeforeTheRetentionPeriodIsStoredTruncated(engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let (app, link) = try await Self.app(storage)
            let body = """
                {"clicks": [
                  {"link": "\(link.shortCode)", "ip": "2001:db8:7:8::1", "userAgent": "Acme/1", "timestamp": \(Int64(Self.now.timeIntervalSince1970) - 50 * 3600)},
                  {"link": "\(link.shortCode)", "ip": "203.0.113.9", "userAgent": "Acme/1", "timestamp": \(Int64(Self.now.timeIntervalSince1970) - 48 * 3600)}
                ]}
                """
            let items = try JSONDecoder().decode(S2SClickBody.self, from: Data(body.utf8)).slots.map(\.item)
            let results = try await S2SClickService(storage: storage, now: { Self.now }).record(
                items, app: app, logger: Logger(label: "test"))
            let stored = try await storage.clicks(linkId: link.id, appId: app.id)
            #expect(stored.first { $0.id == results[0].clickId }?.ipAddress == "2001:db8:7::/48")
            #expect(stored.first { $0.id == results[1].clickId }?.ipAddress == "203.0.113.9")
            #expect(try await Self.sweeper(storage).sweep().postedClicks == 0)
        }
    }
}
