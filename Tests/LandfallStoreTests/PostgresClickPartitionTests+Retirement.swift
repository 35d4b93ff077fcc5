import Foundation
@testable import LandfallStore
import LandfallTestSupport
import SQLKit
import Synchronization
import Testing

/// Retention retiring a month in two steps (migration 0021): detached into `clicks_retired` in a
/// short transaction, then folded and dropped without a lock on `clicks`.
extension PostgresClickPartitionTests {
    /// The months `seedOldMonths` filled that end by the month before last, and the cutoff.
    static func dueMonths(_ provider: any SQLDatabaseProvider, now: Date) async throws -> (cutoff: Date, due: [SQLStorage.ClickMonth]) {
        let cutoff = Date(epochMilliseconds: Self.month(now.addingTimeInterval(-62 * Self.day)).start)
        let due = try await Self.monthPartitions(provider).compactMap(SQLStorage.ClickMonth.init(partitionName:))
            .filter { $0.end <= cutoff.epochMilliseconds }
        return (cutoff, due)
    }

    static func retiredMonths(_ provider: any SQLDatabaseProvider) async throws -> [SQLStorage.ClickMonth] {
        try await provider.read { database in try await SQLStorage.retiredClickMonths(on: database) }
    }

    static func count(_ provider: any SQLDatabaseProvider, _ query: SQLQueryString) async throws -> Int {
        try await provider.read { database in
            Int(try await database.raw(query).first()?.decode(column: "n", as: Int64.self) ?? 0)
        }
    }

    /// What analytics shows for the app: the summary, a daily series by country, the link's clicks.
    struct Totals: Equatable {
        var summary: AnalyticsSummary
        var series: [AnalyticsSeriesRow]
        var linkClicks: Int
    }

    static func totals(_ storage: SQLStorage, app: AppRecord, linkId: String, now: Date) async throws -> Totals {
        let (from, to) = (Date(epochMilliseconds: 0), now.addingTimeInterval(Self.day))
        return Totals(
            summary: try await storage.analytics(appId: app.id, linkId: nil, from: from, to: to),
            series: try await storage.analyticsSeries(
                AnalyticsSeriesQuery(
                    appId: app.id, linkId: nil, from: from, to: to, origin: from, bucketMilliseconds: 86_400_000, dimension: .country)),
            linkClicks: try await storage.clicks(linkId: linkId, appId: app.id).count
        )
    }

    /// `seedOldMonths` with what the retirement tests read of it: the due months, their clicks,
    /// and the totals analytics shows before anything is retired.
    struct SeededDueMonths {
        var app: AppRecord
        var clicks: [ClickRecord]
        var now: Date
        var linkId: String
        var before: Totals
        var cutoff: Date
        var due: [SQLStorage.ClickMonth]
        var dueClicks: [ClickRecord]
    }

    static func seedDueMonths(_ storage: SQLStorage, _ provider: any SQLDatabaseProvider) async throws -> SeededDueMonths {
        let (app, clicks, now) = try await seedOldMonths(storage)
        let linkId = clicks[0].linkId
        let before = try await totals(storage, app: app, linkId: linkId, now: now)
        let (cutoff, due) = try await dueMonths(provider, now: now)
        let dueClicks = clicks.filter { click in due.contains { $0 == SQLStorage.ClickMonth(click.clickedAt) } }
        return SeededDueMonths(
            app: app, clicks: clicks, now: now, linkId: linkId, before: before, cutoff: cutoff, due: due, dueClicks: dueClicks)
    }

    @Test func aMonthRetiredButNotYetFoldedStillCountsAndTheNextSweepFoldsItOnce() async throws {
        try await TestDatabases.withMigratedStorage(.postgres) { storage, provider in
            let seeded = try await Self.seedDueMonths(storage, provider)
            let (app, clicks, now, linkId) = (seeded.app, seeded.clicks, seeded.now, seeded.linkId)
            let (before, cutoff, due, dueClicks) = (seeded.before, seeded.cutoff, seeded.due, seeded.dueClicks)
            #expect(!due.isEmpty && !dueClicks.isEmpty)

            // A sweep that dies after its first step: the months are out of `clicks`, not counted.
            for month in due { try await storage.retireClickPartition(month) }
            #expect(Set(try await Self.monthPartitions(provider)).isDisjoint(with: due.map(\.name)))
            #expect(try await Self.retiredMonths(provider) == due)
            #expect(try await Self.count(provider, "SELECT count(*) AS n FROM click_daily_counts") == 0)
            #expect(try await storage.clickCount(appId: app.id) == clicks.count - dueClicks.count)
            #expect(try await Self.totals(storage, app: app, linkId: linkId, now: now) == before)

            // The next sweep folds them first, once; a third finds nothing.
            #expect(try await storage.foldClickPartitions(endingBy: cutoff) == dueClicks.count)
            #expect(try await Self.retiredMonths(provider).isEmpty)
            #expect(try await Self.count(provider, "SELECT CAST(sum(clicks) AS BIGINT) AS n FROM click_daily_counts") == dueClicks.count)
            #expect(try await Self.totals(storage, app: app, linkId: linkId, now: now).summary == before.summary)
            #expect(try await Self.totals(storage, app: app, linkId: linkId, now: now).series == before.series)
            let tokens = dueClicks.map(\.clickToken)
            #expect(try await Self.count(provider, "SELECT count(*) AS n FROM click_tokens WHERE click_token IN (\(binds: tokens))") == 0)
            #expect(try await storage.foldClickPartitions(endingBy: cutoff) == 0)
            #expect(try await Self.totals(storage, app: app, linkId: linkId, now: now).summary == before.summary)
        }
    }

    @Test func tokensReleasedInBatchesBeforeAFoldThatDiesLeaveTheMonthCountedOnce() async throws {
        try await TestDatabases.withMigratedStorage(.postgres) { storage, provider in
            let seeded = try await Self.seedDueMonths(storage, provider)
            let (app, clicks, now, linkId) = (seeded.app, seeded.clicks, seeded.now, seeded.linkId)
            let (before, cutoff, due, dueClicks) = (seeded.before, seeded.cutoff, seeded.due, seeded.dueClicks)
            for month in due { try await storage.retireClickPartition(month) }

            // A sweep that dies between releasing the tokens (three to a batch, so several
            // batches a month) and folding: the tokens are free, every click still counts.
            for month in due { try await storage.releaseTokens(ofRetired: month, batchSize: 3) }
            let tokens = dueClicks.map(\.clickToken)
            #expect(try await Self.count(provider, "SELECT count(*) AS n FROM click_tokens WHERE click_token IN (\(binds: tokens))") == 0)
            #expect(try await Self.count(provider, "SELECT count(*) AS n FROM click_tokens") == clicks.count - dueClicks.count)
            #expect(try await Self.totals(storage, app: app, linkId: linkId, now: now) == before)

            #expect(try await storage.foldClickPartitions(endingBy: cutoff) == dueClicks.count)
            #expect(try await Self.count(provider, "SELECT CAST(sum(clicks) AS BIGINT) AS n FROM click_daily_counts") == dueClicks.count)
            #expect(try await Self.totals(storage, app: app, linkId: linkId, now: now).summary == before.summary)
            #expect(try await Self.count(provider, "SELECT count(*) AS n FROM click_tokens") == clicks.count - dueClicks.count)

            // A server whose release comes after another's fold dropped the month ends it quietly.
            for month in due { try await storage.releaseTokens(ofRetired: month, batchSize: 3) }
        }
    }

    @Test func deletingALinkReachesAMonthRetiredButNotYetFolded() async throws {
        try await TestDatabases.withMigratedStorage(.postgres) { storage, provider in
            let (app, clicks, now) = try await Self.seedOldMonths(storage)
            let (cutoff, due) = try await Self.dueMonths(provider, now: now)
            for month in due { try await storage.retireClickPartition(month) }
            #expect(try await storage.deleteLink(id: clicks[0].linkId, appId: app.id))
            // Nothing of the link is left to fold, and its tokens are free again.
            #expect(try await storage.foldClickPartitions(endingBy: cutoff) == 0)
            #expect(try await Self.count(provider, "SELECT count(*) AS n FROM click_daily_counts") == 0)
            #expect(try await Self.count(provider, "SELECT count(*) AS n FROM click_tokens") == 0)
            #expect(try await Self.retiredMonths(provider).isEmpty)
        }
    }

    @Test func erasingAnInstallReachesItsClickInAMonthRetiredButNotYetFolded() async throws {
        try await TestDatabases.withMigratedStorage(.postgres) { storage, provider in
            let (app, clicks, now) = try await Self.seedOldMonths(storage)
            let (cutoff, due) = try await Self.dueMonths(provider, now: now)
            let dueClicks = clicks.filter { click in due.contains { $0 == SQLStorage.ClickMonth(click.clickedAt) } }
            let credited = try #require(dueClicks.first)
            let install = try await StorageContractTests.insertInstall(storage, appId: app.id, clickId: credited.id)
            for month in due { try await storage.retireClickPartition(month) }

            let report = try await storage.erase(.install(install.id), appId: app.id)
            #expect(report.removedRows["clicks"] == 1)
            #expect(try await Self.count(provider, "SELECT count(*) AS n FROM analytics_clicks WHERE id = \(bind: credited.id)") == 0)
            #expect(
                try await Self.count(provider, "SELECT count(*) AS n FROM click_tokens WHERE click_token = \(bind: credited.clickToken)")
                    == 0)
            // The erased click is not counted either.
            #expect(try await storage.foldClickPartitions(endingBy: cutoff) == dueClicks.count - 1)
        }
    }

    /// The situation that used to roll every fold back: click batches going into the current month
    /// without a pause, and a generic-plan statement over `clicks` (which locks every partition
    /// before pruning) read again and again, while a month is folded.
    @Test func aFoldCompletesWhileClicksArriveAndAGenericPlanReadsClicks() async throws {
        try await TestDatabases.withMigratedStorage(.postgres) { storage, provider in
            let (app, clicks, now) = try await Self.seedOldMonths(storage)
            let link = clicks[0].linkId
            let before = try await storage.analytics(
                appId: app.id, linkId: nil, from: Date(epochMilliseconds: 0), to: now.addingTimeInterval(Self.day))
            let (cutoff, due) = try await Self.dueMonths(provider, now: now)
            let dueCount = clicks.filter { click in due.contains { $0 == SQLStorage.ClickMonth(click.clickedAt) } }.count

            let stop = StopFlag()
            let (started, startedSignal) = AsyncStream<Void>.makeStream()
            async let inserted: [ClickRecord] = {
                var stored: [ClickRecord] = []
                var first = true
                while !stop.value.load(ordering: .relaxed) {
                    let batch = (0..<20).map { Self.click(app.id, link, at: now.addingTimeInterval(-Double($0))) }
                    try await storage.insertClicks(batch)
                    stored += batch
                    if first { startedSignal.yield(); first = false }
                }
                return stored
            }()
            async let reads: Int = provider.read { database in
                try await database.raw("SET plan_cache_mode = force_generic_plan").run()
                try await database.raw(
                    "PREPARE recent(bigint) AS SELECT count(*) AS n, pg_sleep(0.02) FROM clicks WHERE clicked_at > $1"
                ).run()
                var runs = 0
                while !stop.value.load(ordering: .relaxed) {
                    _ = try await database.raw("EXECUTE recent(\(literal: now.epochMilliseconds - 86_400_000))").all()
                    runs += 1
                    if runs == 1 { startedSignal.yield() }
                }
                try await database.raw("DEALLOCATE recent").run()
                try await database.raw("RESET plan_cache_mode").run()
                return runs
            }
            var ready = 0
            for await _ in started {
                ready += 1
                if ready == 2 { break }
            }
            // The loops stop whatever the fold does, so a failing fold fails the test, not hangs it.
            let folded: Result<Int, any Error>
            do { folded = .success(try await storage.foldClickPartitions(endingBy: cutoff)) } catch { folded = .failure(error) }
            stop.value.store(true, ordering: .relaxed)
            let stored = try await inserted
            #expect(try await reads > 0)

            #expect(try folded.get() == dueCount)
            #expect(Set(try await Self.monthPartitions(provider)).isDisjoint(with: due.map(\.name)))
            #expect(try await Self.retiredMonths(provider).isEmpty)
            #expect(try await storage.clickCount(appId: app.id) == clicks.count - dueCount + stored.count)
            for click in stored.prefix(200) {
                #expect(try await storage.click(token: click.clickToken)?.id == click.id)
            }
            var after = try await storage.analytics(
                appId: app.id, linkId: nil, from: Date(epochMilliseconds: 0), to: now.addingTimeInterval(Self.day))
            after.humanClicks -= stored.count
            #expect(after == before)
        }
    }
}

/// Tells the loops of a concurrent test to end (shared by reference with their tasks).
private final class StopFlag: Sendable {
    let value = Atomic<Bool>(false)
}
