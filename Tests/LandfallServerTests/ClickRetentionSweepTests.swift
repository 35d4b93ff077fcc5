import Foundation
import LandfallModels
@testable import LandfallServer
import LandfallStore
import LandfallTestSupport
import Logging
import Testing

/// The click retention sweeper over real databases: what it folds at which age, the guard for an
/// app whose window outgrew the retention age, and the refusal at start.
@Suite("Click retention sweep on SQLite and PostgreSQL")
struct ClickRetentionSweepTests {
    static let now = Date(timeIntervalSince1970: 1_767_225_600 + 500 * 86_400)
    static let day: TimeInterval = 86_400

    static func app(_ storage: SQLStorage, name: String = "Acme") async throws -> (AppRecord, LinkRecord) {
        let app = try await AppService(storage: storage).createApp(
            name: name, slug: nil, domains: [], uriScheme: nil, webFallbackUrl: "https://acme.test"
        )
        let link = try await LinkService(storage: storage, publicURL: "https://links.test")
            .createLink(app: app, originalUrl: "https://acme.test/spring", customCode: nil, deepLinkPath: nil)
        return (app, link)
    }

    static func click(_ app: AppRecord, _ link: LinkRecord, daysAgo: Double) -> ClickRecord {
        ClickRecord(
            id: "click_\(UUID().uuidString)", appId: app.id, linkId: link.id, clickedAt: now.addingTimeInterval(-daysAgo * day),
            clickToken: "tok_\(UUID().uuidString)", platform: "ios", deviceClass: "phone"
        )
    }

    static func sweeper(_ storage: SQLStorage, days: Int = 400, batchSize: Int = 2000) -> ClickRetentionSweeper {
        ClickRetentionSweeper(
            storage: storage, configuration: ClickRetentionConfiguration(days: days, batchSize: batchSize), logger: Logger(label: "test"),
            now: { now })
    }

    @Test(arguments: TestEngine.allCases)
    func clicksAndOpensOlderThanTheRetentionDayAreFoldedInBatchesAndNewerOnesKept(engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let (app, link) = try await Self.app(storage)
            // The cutoff is the start of the UTC day 400 days ago: 401 days back is before it, 399 after.
            let old = (0..<5).map { _ in Self.click(app, link, daysAgo: 401) }
            let kept = [Self.click(app, link, daysAgo: 399), Self.click(app, link, daysAgo: 1)]
            try await storage.insertClicks(old + kept)
            for daysAgo in [450.0, 10] {
                try await storage.insertAppOpen(
                    AppOpenRecord(
                        id: "open_\(UUID().uuidString)", appId: app.id, linkId: link.id,
                        openedAt: Self.now.addingTimeInterval(-daysAgo * Self.day), platform: nil, osVersion: nil, screenWidth: nil,
                        screenHeight: nil, timezone: nil, language: nil))
            }
            let sweep = try await Self.sweeper(storage, batchSize: 2).sweep()
            #expect(sweep.clicks == 5 && sweep.appOpens == 1)
            #expect(sweep.largestBatch == 2)
            // Every day from the first click's to the one two days before today's is counted for the
            // overview; the months without a click between the old clicks and the kept ones in one step.
            #expect(sweep.dayTotals.daysSealed == 399 && sweep.dayTotals.staleDaysRecounted == 0)
            #expect(sweep.dayTotals.rangesCounted <= 3, "\(sweep.dayTotals)")
            #expect(Set(try await storage.clicks(linkId: link.id, appId: app.id).map(\.id)) == Set(kept.map(\.id)))
            let summary = try await storage.analytics(
                appId: app.id, linkId: nil, from: Self.now.addingTimeInterval(-460 * Self.day), to: Self.now)
            #expect(summary.humanClicks == 7 && summary.appOpens == 2)
            #expect(try await Self.sweeper(storage).sweep() == ClickRetentionSweeper.Sweep())
        }
    }

    @Test(arguments: TestEngine.allCases)
    func anAppWhoseWindowOutgrewTheRetentionAgeKeepsItsClicksForTheWindow(engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let (created, link) = try await Self.app(storage)
            var app = created
            // 720 hours: clicks are kept 2 × 30 days and an hour, past a 40-day retention age.
            app.settings.attributionWindowHours = 720
            try await storage.updateApp(app)
            let inWindow = Self.click(app, link, daysAgo: 50)
            let pastWindow = Self.click(app, link, daysAgo: 62)
            try await storage.insertClicks([inWindow, pastWindow])
            let sweep = try await Self.sweeper(storage, days: 40).sweep()
            #expect(sweep.clicks == 1)
            #expect(try await storage.clicks(linkId: link.id, appId: app.id).map(\.id) == [inWindow.id])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func aRetentionAgeShorterThanAnAppsWindowIsRefusedNamingTheApp(engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            _ = try await Self.app(storage, name: "Short")
            var long = try await Self.app(storage, name: "Long Window").0
            // 2160 hours (90 days, the longest a window may be) needs 2 × 90 days and an hour: 181 days.
            long.settings.attributionWindowHours = 2160
            try await storage.updateApp(long)
            let error = await #expect(throws: ClickRetentionError.self) {
                try await ClickRetentionCheck.verify(storage: storage, configuration: ClickRetentionConfiguration(days: 180))
            }
            #expect(error?.appId == long.id && error?.windowHours == 2160 && error?.minimumDays == 181)
            #expect(error?.description.contains("'Long Window'") == true)
            try await ClickRetentionCheck.verify(storage: storage, configuration: ClickRetentionConfiguration(days: 181))
            try await ClickRetentionCheck.verify(storage: storage, configuration: ClickRetentionConfiguration())
        }
    }
}
