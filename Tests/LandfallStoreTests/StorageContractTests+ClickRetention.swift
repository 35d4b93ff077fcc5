import Foundation
import LandfallModels
import LandfallStore
import LandfallTestSupport
import SQLKit
import Testing

/// Issue 38: clicks and app opens past the retention age are folded into daily counts, and every
/// analytics answer stays the same.
extension StorageContractTests {
    private static let day: Int64 = 86_400_000
    /// The start of the UTC day holding `Fixtures.epoch`.
    private static var firstDay: Int64 { Fixtures.epoch - Fixtures.epoch % day }

    private static func at(day index: Int64, hour: Int64, minute: Int64 = 0) -> Date {
        Date(epochMilliseconds: firstDay + index * day + hour * 3_600_000 + minute * 60_000)
    }

    struct RetentionWorld: Sendable {
        var app: AppRecord
        var ios: LinkRecord
        var android: LinkRecord
        /// Clicks before this are folded; the world's last day starts here.
        var cutoff: Date
        var clicksBeforeCutoff: Int
    }

    /// Three days of clicks on two links, from two countries, humans and bots, an attributed
    /// install with a purchase, an organic one, and app opens; the fourth day's click stays raw.
    private static func seedRetentionWorld(_ storage: SQLStorage) async throws -> RetentionWorld {
        let app = try await insertApp(storage)
        let ios = Fixtures.link(
            appId: app.id, content: LinkContent(originalUrl: "https://example.com/a", utmParameters: UTMParameters(campaign: "spring")))
        let android = Fixtures.link(appId: app.id)
        try await storage.insertLink(ios)
        try await storage.insertLink(android)
        var clicks: [ClickRecord] = []
        for index in 0..<3 as Range<Int64> {
            for hour in [1, 7, 13, 22] as [Int64] {
                var click = Fixtures.click(appId: app.id, linkId: ios.id, clickedAt: at(day: index, hour: hour), platform: "ios")
                click.country = hour < 12 ? "PT" : "US"
                click.isBot = hour == 22
                clicks.append(click)
                var other = Fixtures.click(
                    appId: app.id, linkId: android.id, clickedAt: at(day: index, hour: hour, minute: 5), platform: "android")
                other.country = hour == 7 ? nil : "BR"
                clicks.append(other)
            }
        }
        let recent = Fixtures.click(appId: app.id, linkId: ios.id, clickedAt: at(day: 3, hour: 2), platform: "ios")
        try await storage.insertClicks(clicks + [recent])
        let attributedClick = clicks[0]
        let attributed = Fixtures.install(
            appId: app.id, createdAt: at(day: 0, hour: 2), method: .deterministic, confidence: 100, clickId: attributedClick.id,
            linkId: ios.id)
        try await storage.insertInstall(attributed)
        try await storage.insertInstall(Fixtures.install(appId: app.id, createdAt: at(day: 1, hour: 3)))
        var purchase = Fixtures.event(
            appId: app.id, installId: attributed.id, receivedAt: at(day: 2, hour: 4), revenueMicros: 4_990_000, revenueCurrency: "EUR")
        purchase.clickId = attributedClick.id
        purchase.linkId = ios.id
        _ = try await storage.insertEvent(purchase)
        for index in 0..<3 as Range<Int64> {
            try await storage.insertAppOpen(Fixtures.appOpen(appId: app.id, linkId: ios.id, openedAt: at(day: index, hour: 9)))
        }
        try await storage.insertAppOpen(Fixtures.appOpen(appId: app.id, linkId: android.id, openedAt: at(day: 3, hour: 9)))
        return RetentionWorld(app: app, ios: ios, android: android, cutoff: at(day: 3, hour: 0), clicksBeforeCutoff: clicks.count)
    }

    /// Everything the analytics read about the world: the summary, the daily series in every
    /// grouping, the series of one link, and the hourly totals.
    struct AnalyticsPicture: Sendable, Equatable {
        var summary: AnalyticsSummary
        var linkSummary: AnalyticsSummary
        var series: [AnalyticsSeriesQuery.Dimension: [AnalyticsSeriesRow]]
        var linkSeries: [AnalyticsSeriesRow]
        var hourlyHumanClicks: Int
        var hourlyBotClicks: Int
    }

    private static func picture(_ storage: SQLStorage, _ world: RetentionWorld) async throws -> AnalyticsPicture {
        let (from, to) = (Date(epochMilliseconds: firstDay), at(day: 4, hour: 0))
        func query(_ dimension: AnalyticsSeriesQuery.Dimension, linkId: String? = nil, width: Int64 = day) -> AnalyticsSeriesQuery {
            AnalyticsSeriesQuery(
                appId: world.app.id, linkId: linkId, from: from, to: to, origin: from, bucketMilliseconds: width, dimension: dimension)
        }
        var series: [AnalyticsSeriesQuery.Dimension: [AnalyticsSeriesRow]] = [:]
        for dimension in [AnalyticsSeriesQuery.Dimension.none, .link, .platform, .country] {
            series[dimension] = try await storage.analyticsSeries(query(dimension))
        }
        let hourly = try await storage.analyticsSeries(query(.none, width: 3_600_000))
        return AnalyticsPicture(
            summary: try await storage.analytics(appId: world.app.id, linkId: nil, from: from, to: to),
            linkSummary: try await storage.analytics(appId: world.app.id, linkId: world.ios.id, from: from, to: to),
            series: series,
            linkSeries: try await storage.analyticsSeries(query(.platform, linkId: world.ios.id)),
            hourlyHumanClicks: hourly.map(\.humanClicks).reduce(0, +), hourlyBotClicks: hourly.map(\.botClicks).reduce(0, +))
    }

    /// Folds everything before the cutoff, `limit` rows a transaction; returns the rows folded.
    @discardableResult
    private static func foldAll(_ storage: SQLStorage, _ world: RetentionWorld, limit: Int) async throws -> (clicks: Int, opens: Int) {
        var (clicks, opens) = (0, 0)
        while true {
            let folded = try await storage.foldClicks(appId: world.app.id, clickedBefore: world.cutoff, limit: limit)
            clicks += folded
            if folded < limit { break }
        }
        while true {
            let folded = try await storage.foldAppOpens(appId: world.app.id, openedBefore: world.cutoff, limit: limit)
            opens += folded
            if folded < limit { break }
        }
        return (clicks, opens)
    }

    private static func foldedClickTotal(_ provider: any SQLDatabaseProvider, appId: String) async throws -> Int {
        try await provider.read { database in
            let row = try await database.raw(
                "SELECT CAST(COALESCE(SUM(clicks), 0) AS BIGINT) AS total FROM click_daily_counts WHERE app_id = \(bind: appId)"
            ).first()
            return Int(try row?.decode(column: "total", as: Int64.self) ?? 0)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func foldedClicksAndOpensGiveTheSameAnalyticsInEveryGrouping(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let world = try await Self.seedRetentionWorld(storage)
            let before = try await Self.picture(storage, world)
            #expect(before.summary.humanClicks + before.summary.botClicks == world.clicksBeforeCutoff + 1)
            #expect(before.summary.appOpens == 4)

            let folded = try await Self.foldAll(storage, world, limit: 5)
            #expect(folded.clicks == world.clicksBeforeCutoff)
            #expect(folded.opens == 3)
            // Only the click after the cutoff is still raw.
            #expect(try await storage.clickCount(appId: world.app.id) == 1)

            let after = try await Self.picture(storage, world)
            #expect(after == before)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func aFoldStoppedAfterAnyBatchCountsEveryClickExactlyOnce(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, provider in
            let world = try await Self.seedRetentionWorld(storage)
            let before = try await Self.picture(storage, world)
            let total = try await storage.clickCount(appId: world.app.id)
            // Each batch is where a killed process could have stopped: the next one resumes.
            var batches = 0
            while try await storage.foldClicks(appId: world.app.id, clickedBefore: world.cutoff, limit: 7) > 0 {
                batches += 1
                let raw = try await storage.clickCount(appId: world.app.id)
                #expect(try await raw + Self.foldedClickTotal(provider, appId: world.app.id) == total)
                #expect(try await Self.picture(storage, world).summary == before.summary)
            }
            #expect(batches == (world.clicksBeforeCutoff + 6) / 7)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func aFoldThatFailsBeforeCommittingLeavesEveryClickRawAndUncounted(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, provider in
            let world = try await Self.seedRetentionWorld(storage)
            let before = try await Self.picture(storage, world)
            // The counts' insert fails after the batch's DELETE ran, as a full disk or a killed
            // connection would stop it: the transaction must take the DELETE back with it.
            try await provider.write { database in
                switch engine {
                case .sqlite:
                    try await database.raw(
                        "CREATE TRIGGER fail_fold BEFORE INSERT ON click_daily_counts BEGIN SELECT RAISE(ABORT, 'no space left'); END"
                    ).run()
                case .postgres:
                    try await database.raw(
                        "CREATE FUNCTION fail_fold() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no space left'; END $$"
                    ).run()
                    try await database.raw(
                        "CREATE TRIGGER fail_fold BEFORE INSERT ON click_daily_counts FOR EACH ROW EXECUTE FUNCTION fail_fold()"
                    ).run()
                }
            }
            await #expect(throws: (any Error).self) {
                try await storage.foldClicks(appId: world.app.id, clickedBefore: world.cutoff, limit: 5)
            }
            #expect(try await storage.clickCount(appId: world.app.id) == world.clicksBeforeCutoff + 1)
            #expect(try await Self.foldedClickTotal(provider, appId: world.app.id) == 0)
            #expect(try await Self.picture(storage, world) == before)

            try await provider.write { database in
                try await database.raw("DROP TRIGGER fail_fold\(unsafeRaw: engine == .postgres ? " ON click_daily_counts" : "")").run()
            }
            try await Self.foldAll(storage, world, limit: 5)
            #expect(try await Self.picture(storage, world) == before)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func serversFoldingAtOnceCountEachClickOnce(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, provider in
            let world = try await Self.seedRetentionWorld(storage)
            let before = try await Self.picture(storage, world)
            let folded = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        var total = 0
                        while true {
                            let folded = try await storage.foldClicks(appId: world.app.id, clickedBefore: world.cutoff, limit: 3)
                            total += folded
                            if folded == 0 { return total }
                        }
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(folded == world.clicksBeforeCutoff)
            #expect(try await Self.foldedClickTotal(provider, appId: world.app.id) == world.clicksBeforeCutoff)
            #expect(try await Self.picture(storage, world).summary == before.summary)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func foldingKeepsInstallsEventsAndTheCountryOfAnAttributedInstall(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let world = try await Self.seedRetentionWorld(storage)
            let installs = try await storage.analytics(
                appId: world.app.id, linkId: nil, from: Date(epochMilliseconds: Self.firstDay), to: Self.at(day: 4, hour: 0))
            try await Self.foldAll(storage, world, limit: 100)
            let after = try await storage.analytics(
                appId: world.app.id, linkId: nil, from: Date(epochMilliseconds: Self.firstDay), to: Self.at(day: 4, hour: 0))
            #expect(after.installsByMethod == installs.installsByMethod)
            #expect(after.installsByMethod == ["deterministic": 1, "organic": 1])
            #expect(after.eventsByName == ["purchase": 1])
            let byCountry = try await storage.analyticsSeries(
                AnalyticsSeriesQuery(
                    appId: world.app.id, linkId: nil, from: Date(epochMilliseconds: Self.firstDay), to: Self.at(day: 4, hour: 0),
                    origin: Date(epochMilliseconds: Self.firstDay), bucketMilliseconds: Self.day, dimension: .country))
            // The attributed click is gone, but its install and the install's purchase are still from PT.
            #expect(byCountry.first { $0.key == "PT" && $0.bucket == Self.at(day: 0, hour: 0) }?.installsByMethod == ["deterministic": 1])
            #expect(byCountry.first { $0.key == "PT" && $0.bucket == Self.at(day: 2, hour: 0) }?.events == 1)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func aSecondFoldAtTheSameCutoffFindsNothing(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let world = try await Self.seedRetentionWorld(storage)
            try await Self.foldAll(storage, world, limit: 100)
            let again = try await Self.foldAll(storage, world, limit: 100)
            #expect(again.clicks == 0 && again.opens == 0)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func deletingALinkDeletesItsFoldedClicks(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, provider in
            let world = try await Self.seedRetentionWorld(storage)
            try await Self.foldAll(storage, world, limit: 100)
            let folded = try await Self.foldedClickTotal(provider, appId: world.app.id)
            #expect(try await storage.deleteLink(id: world.android.id, appId: world.app.id))
            #expect(try await Self.foldedClickTotal(provider, appId: world.app.id) == folded - 12)
            #expect(try await storage.deleteApp(id: world.app.id))
            #expect(try await Self.foldedClickTotal(provider, appId: world.app.id) == 0)
        }
    }
}
