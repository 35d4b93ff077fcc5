import Foundation
import LandfallModels
import LandfallStore
import LandfallTestSupport
import SQLKit
import Testing

/// Issue 38: the overview and the daily series read each app's counted days from one row a day, or
/// a day, platform and country, and every answer stays what the raw clicks say, through late
/// posted clicks, deletions and retention; a link's own answers read its raw clicks.
extension StorageContractTests {
    private static let dayLength: Int64 = 86_400_000
    private static var dayZero: Int64 { Fixtures.epoch - Fixtures.epoch % dayLength }

    private static func time(day: Int64, hour: Int64) -> Date {
        Date(epochMilliseconds: dayZero + day * dayLength + hour * 3_600_000)
    }

    /// Five days of clicks on two links, a bot among every four, one on Android and one from
    /// Portugal a day, and the ranges the overview is asked for: whole days, days cut at both ends, and one cut inside a single day.
    private struct CountedWorld: Sendable {
        var app: AppRecord
        var kept: LinkRecord
        var deleted: LinkRecord
        var ranges: [(from: Date, to: Date)]
    }

    private static func seedCountedWorld(_ storage: SQLStorage) async throws -> CountedWorld {
        let app = try await insertApp(storage)
        let kept = try await insertLink(storage, appId: app.id)
        let deleted = try await insertLink(storage, appId: app.id)
        var clicks: [ClickRecord] = []
        for day in 0..<5 as Range<Int64> {
            for hour in [0, 3, 11, 18, 23] as [Int64] {
                var click = Fixtures.click(
                    appId: app.id, linkId: hour == 11 ? deleted.id : kept.id, clickedAt: time(day: day, hour: hour),
                    platform: hour == 3 ? "android" : "ios")
                click.isBot = hour == 18
                click.country = hour == 0 ? "PT" : nil
                clicks.append(click)
            }
        }
        try await storage.insertClicks(clicks)
        let ranges = [
            (time(day: 0, hour: 0), time(day: 5, hour: 0)), (time(day: 0, hour: 2), time(day: 4, hour: 12)),
            (time(day: 1, hour: 1), time(day: 1, hour: 20)), (time(day: -3, hour: 0), time(day: 9, hour: 0)),
        ]
        return CountedWorld(app: app, kept: kept, deleted: deleted, ranges: ranges.map { (from: $0.0, to: $0.1) })
    }

    private static func summaries(_ storage: SQLStorage, _ world: CountedWorld) async throws -> [AnalyticsSummary] {
        var summaries: [AnalyticsSummary] = []
        for range in world.ranges {
            summaries.append(try await storage.analytics(appId: world.app.id, linkId: nil, from: range.from, to: range.to))
        }
        return summaries
    }

    /// Each link's overview over every range, the kept link's first.
    private static func linkSummaries(_ storage: SQLStorage, _ world: CountedWorld) async throws -> [AnalyticsSummary] {
        var summaries: [AnalyticsSummary] = []
        for link in [world.kept, world.deleted] {
            for range in world.ranges {
                summaries.append(try await storage.analytics(appId: world.app.id, linkId: link.id, from: range.from, to: range.to))
            }
        }
        return summaries
    }

    private static func staleDays(_ provider: any SQLDatabaseProvider, appId: String) async throws -> [Int64] {
        try await provider.read { database in
            try await database.raw("SELECT day FROM click_day_totals_stale WHERE app_id = \(bind: appId) ORDER BY day").all()
                .map { try $0.decode(column: "day", as: Int64.self) }
        }
    }

    @Test(arguments: TestEngine.allCases)
    func countedDaysAnswerTheOverviewWithTheRawClicksTotals(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, provider in
            let world = try await Self.seedCountedWorld(storage)
            let raw = try await Self.summaries(storage, world)
            let rawByLink = try await Self.linkSummaries(storage, world)
            #expect(raw[0].humanClicks == 20 && raw[0].botClicks == 5)
            #expect(rawByLink[0].humanClicks == 15 && rawByLink[0].botClicks == 5)
            #expect(rawByLink[world.ranges.count].humanClicks == 5 && rawByLink[world.ranges.count].botClicks == 0)

            // Days 0-3 are over; day 4 stays open.
            let pass = try await storage.totalClickDays(before: Self.time(day: 4, hour: 0))
            #expect(pass.daysSealed == 4)
            #expect(try await Self.summaries(storage, world) == raw)
            #expect(try await Self.linkSummaries(storage, world) == rawByLink)
            // A second pass counts nothing more.
            #expect(try await storage.totalClickDays(before: Self.time(day: 4, hour: 0)) == ClickDayTotalsPass())

            // The counted days are read from their row: raw clicks removed behind the storage's back
            // leave them as counted, while the open day and the cut edges are still read raw.
            try await provider.write { database in
                try await database.raw(
                    "DELETE FROM clicks WHERE app_id = \(bind: world.app.id) AND clicked_at >= \(bind: Self.time(day: 1, hour: 0).epochMilliseconds)"
                ).run()
            }
            let afterRemoval = try await Self.summaries(storage, world)
            #expect(afterRemoval[0].humanClicks + afterRemoval[0].botClicks == 20)  // days 0-3 counted, day 4 gone
            #expect(afterRemoval[2] == AnalyticsSummary())  // inside one day: raw only
            // A link's overview reads its raw clicks: day 0's are left.
            let linkAfterRemoval = try await Self.linkSummaries(storage, world)
            #expect(linkAfterRemoval[0].humanClicks == 3 && linkAfterRemoval[0].botClicks == 1)
            #expect(linkAfterRemoval[world.ranges.count].humanClicks == 1)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func aDailySeriesReadsCountedDaysFromTheirRowAndAnHourlyOneFromClicks(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, provider in
            let world = try await Self.seedCountedWorld(storage)
            func series(
                hours: Bool, dimension: AnalyticsSeriesQuery.Dimension = .none, linkId: String? = nil, weekly: Bool = false
            ) async throws -> [AnalyticsSeriesRow] {
                try await storage.analyticsSeries(
                    AnalyticsSeriesQuery(
                        appId: world.app.id, linkId: linkId, from: Self.time(day: -1, hour: 0), to: Self.time(day: 5, hour: 12),
                        origin: Self.time(day: -1, hour: 0), bucketMilliseconds: hours ? 3_600_000 : Self.dayLength * (weekly ? 7 : 1),
                        dimension: dimension))
            }
            // Every daily grouping, a link's own series and a weekly one, each before and after the count.
            let dimensions: [AnalyticsSeriesQuery.Dimension] = [.none, .link, .platform, .country]
            var daily: [[AnalyticsSeriesRow]] = []
            for dimension in dimensions { daily.append(try await series(hours: false, dimension: dimension)) }
            let (hourly, keptLink, weekly) = (
                try await series(hours: true), try await series(hours: false, linkId: world.kept.id),
                try await series(hours: false, dimension: .link, weekly: true)
            )
            #expect(Set(daily[1].compactMap(\.key)) == [world.kept.id, world.deleted.id])
            _ = try await storage.totalClickDays(before: Self.time(day: 4, hour: 0))
            for (dimension, before) in zip(dimensions, daily) {
                #expect(try await series(hours: false, dimension: dimension) == before, "\(dimension)")
            }
            #expect(try await series(hours: true) == hourly)
            #expect(try await series(hours: false, linkId: world.kept.id) == keptLink)
            #expect(try await series(hours: false, dimension: .link, weekly: true) == weekly)
            try await provider.write { database in
                try await database.raw("DELETE FROM clicks WHERE app_id = \(bind: world.app.id)").run()
            }
            // Days 0-3 still counted from their rows, ungrouped or by platform or country; the hourly
            // series, the series by link and a link's own read clicks.
            for dimension in [.none, .platform, .country] as [AnalyticsSeriesQuery.Dimension] {
                #expect(try await series(hours: false, dimension: dimension).map(\.humanClicks).reduce(0, +) == 16, "\(dimension)")
            }
            #expect(try await series(hours: false, dimension: .link).isEmpty)
            #expect(try await series(hours: false, linkId: world.kept.id).isEmpty)
            func dailyGroup(_ dimension: AnalyticsSeriesQuery.Dimension, _ key: String?) async throws -> [AnalyticsSeriesRow] {
                try await series(hours: false, dimension: dimension).filter { $0.key == key }
            }
            #expect(try await dailyGroup(.country, "PT").map(\.humanClicks) == [1, 1, 1, 1])
            #expect(try await dailyGroup(.platform, "android").map(\.humanClicks) == [1, 1, 1, 1])
            #expect(try await dailyGroup(.country, nil).map(\.botClicks) == [1, 1, 1, 1])
            #expect(try await series(hours: true).isEmpty)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func aClickPostedDaysLateIsCountedAtOnceAndAfterTheRecount(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, provider in
            let world = try await Self.seedCountedWorld(storage)
            _ = try await storage.totalClickDays(before: Self.time(day: 4, hour: 0))
            var late = Fixtures.click(appId: world.app.id, linkId: world.kept.id, clickedAt: Self.time(day: 1, hour: 6))
            late.receivedAt = Self.time(day: 7, hour: 9)
            try await storage.insertClicks([late])
            #expect(try await Self.staleDays(provider, appId: world.app.id) == [Self.dayZero + Self.dayLength])

            let expected = try await Self.summaries(storage, world)
            #expect(expected[0].humanClicks == 21)
            let pass = try await storage.totalClickDays(before: Self.time(day: 4, hour: 0))
            #expect(pass.staleDaysRecounted == 1)
            #expect(try await Self.staleDays(provider, appId: world.app.id).isEmpty)
            #expect(try await Self.summaries(storage, world) == expected)

            // A click posted soon after it happened lands in a day not counted yet and marks nothing.
            var prompt = Fixtures.click(appId: world.app.id, linkId: world.kept.id, clickedAt: Self.time(day: 4, hour: 5))
            prompt.receivedAt = Self.time(day: 5, hour: 1)
            try await storage.insertClicks([prompt])
            #expect(try await Self.staleDays(provider, appId: world.app.id).isEmpty)
            #expect(try await Self.summaries(storage, world)[0].humanClicks == 22)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func aDeletedLinkAndAnErasedClickLeaveTheCountedDays(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, provider in
            let world = try await Self.seedCountedWorld(storage)
            _ = try await storage.totalClickDays(before: Self.time(day: 4, hour: 0))
            #expect(try await storage.deleteLink(id: world.deleted.id, appId: world.app.id))
            let afterDelete = try await Self.summaries(storage, world)
            #expect(afterDelete[0].humanClicks == 15 && afterDelete[0].botClicks == 5)
            let linksAfterDelete = try await Self.linkSummaries(storage, world)
            #expect(linksAfterDelete[world.ranges.count] == AnalyticsSummary())
            #expect(try await Self.staleDays(provider, appId: world.app.id).count == 5)
            _ = try await storage.totalClickDays(before: Self.time(day: 4, hour: 0))
            #expect(try await Self.staleDays(provider, appId: world.app.id).isEmpty)
            #expect(try await Self.summaries(storage, world) == afterDelete)
            #expect(try await Self.linkSummaries(storage, world) == linksAfterDelete)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func foldingCountedDaysPastRetentionKeepsTheirTotals(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, provider in
            var world = try await Self.seedCountedWorld(storage)
            // Folded days count whole or not at all, so only ranges of whole days compare with raw.
            world.ranges = world.ranges.filter {
                $0.from.epochMilliseconds % Self.dayLength == 0 && $0.to.epochMilliseconds % Self.dayLength == 0
            }
            #expect(world.ranges.count == 2)
            let raw = try await Self.summaries(storage, world)
            _ = try await storage.totalClickDays(before: Self.time(day: 2, hour: 0))
            let rawByLink = try await Self.linkSummaries(storage, world)
            while try await storage.foldClicks(appId: world.app.id, clickedBefore: Self.time(day: 3, hour: 0), limit: 4) > 0 {}
            #expect(try await Self.summaries(storage, world) == raw)
            #expect(try await Self.linkSummaries(storage, world) == rawByLink)
            // Days counted after their rows were folded count the folded rows.
            _ = try await storage.totalClickDays(before: Self.time(day: 4, hour: 0))
            #expect(try await Self.summaries(storage, world) == raw)
            #expect(try await Self.linkSummaries(storage, world) == rawByLink)
            // And a stale folded day recounted comes out the same.
            try await provider.write { database in
                try await database.raw(
                    "INSERT INTO click_day_totals_stale (app_id, day, version) VALUES (\(bind: world.app.id), \(bind: Self.dayZero), 1)"
                ).run()
            }
            #expect(try await storage.totalClickDays(before: Self.time(day: 4, hour: 0)).staleDaysRecounted == 1)
            #expect(try await Self.summaries(storage, world) == raw)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func anAppWithoutClicksIsSealedAtTheHorizonAndCountsItsFirstDaysLater(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            #expect(try await storage.totalClickDays(before: Self.time(day: 0, hour: 0)).daysSealed == 0)
            try await storage.insertClicks([
                Fixtures.click(appId: app.id, linkId: link.id, clickedAt: Self.time(day: 0, hour: 4)),
                Fixtures.click(appId: app.id, linkId: link.id, clickedAt: Self.time(day: 2, hour: 4)),
            ])
            #expect(try await storage.totalClickDays(before: Self.time(day: 3, hour: 0)).daysSealed == 3)
            let summary = try await storage.analytics(
                appId: app.id, linkId: nil, from: Self.time(day: -1, hour: 0), to: Self.time(day: 3, hour: 0))
            #expect(summary.humanClicks == 2)
        }
    }

    /// Migration 0023 clears every sealed mark, so an upgraded database reads raw clicks until the
    /// next pass has counted its days again, per platform and country as well.
    @Test(arguments: TestEngine.allCases)
    func countsKeptBefore0023AreCountedAgainPerGroup(_ engine: TestEngine) async throws {
        try await TestDatabases.withFreshStorage(engine) { storage, provider in
            let grouped = try #require(Migration.all.firstIndex { $0.name == "0023_click_day_group_totals" })
            try await Migrator(provider: provider, migrations: Array(Migration.all[..<grouped])).migrate()
            let world = try await Self.seedCountedWorld(storage)
            // Counts as 0022 kept them, deliberately wrong so a read of them would show.
            try await provider.write { database in
                try await database.raw(
                    """
                    INSERT INTO click_day_totals (app_id, day, human_clicks, bot_clicks) VALUES (\(bind: world.app.id), \(bind: Self.dayZero), 99, 0)
                    """
                ).run()
                try await database.raw(
                    """
                    INSERT INTO click_day_totals_sealed (app_id, sealed_before) VALUES (\(bind: world.app.id), \(bind: Self.dayZero + 4 * Self.dayLength))
                    """
                ).run()
            }
            try await Migrator(provider: provider).migrate()
            let raw = try await Self.summaries(storage, world)
            #expect(raw[0].humanClicks == 20 && raw[0].botClicks == 5)
            #expect(try await storage.totalClickDays(before: Self.time(day: 4, hour: 0)).daysSealed == 4)
            #expect(try await Self.summaries(storage, world) == raw)
            func rows(_ table: String) async throws -> Int64? {
                try await provider.read { database in
                    try await database.raw("SELECT COUNT(*) AS count FROM \(unsafeRaw: table) WHERE app_id = \(bind: world.app.id)")
                        .first()?.decode(column: "count", as: Int64.self)
                }
            }
            // Days 0-3: one row each; iOS from Portugal, iOS from nowhere human and bot, Android.
            #expect(try await rows("click_day_totals") == 4)
            #expect(try await rows("click_day_group_totals") == 16)
        }
    }

    /// A click posted with a time decades back leaves an empty stretch before the app's other
    /// clicks: it is sealed in one step, so the first pass is a few transactions, not thousands.
    @Test(arguments: TestEngine.allCases)
    func anEmptyStretchIsSealedInOneStep(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let longAgo = Date(epochMilliseconds: 86_400_000 + 3_600_000)
            try await storage.insertClicks([
                Fixtures.click(appId: app.id, linkId: link.id, clickedAt: longAgo),
                Fixtures.click(appId: app.id, linkId: link.id, clickedAt: Self.time(day: 1, hour: 4)),
            ])
            let pass = try await storage.totalClickDays(before: Self.time(day: 3, hour: 0))
            #expect(pass.daysSealed == Int((Self.dayZero + 3 * Self.dayLength - 86_400_000) / Self.dayLength))
            // The week of the old click, the empty stretch to the recent one, the recent days.
            #expect(pass.rangesCounted <= 3, "\(pass)")
            let summary = try await storage.analytics(
                appId: app.id, linkId: nil, from: Date(epochMilliseconds: 0), to: Self.time(day: 3, hour: 0))
            #expect(summary.humanClicks == 2)
        }
    }
}
