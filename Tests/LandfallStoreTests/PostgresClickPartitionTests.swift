import Foundation
@testable import LandfallStore
import LandfallTestSupport
import SQLKit
import Testing

/// PostgreSQL's `clicks` partitioned by month (migration 0019): the conversion of a table with
/// data, months made ahead, the default partition, pruning, and retention dropping whole months.
@Suite("PostgreSQL click partitions")
struct PostgresClickPartitionTests {
    static let day: TimeInterval = 86_400

    static func month(_ date: Date) -> SQLStorage.ClickMonth { SQLStorage.ClickMonth(date) }

    /// The partition holding each click, by id.
    static func partitions(_ provider: any SQLDatabaseProvider) async throws -> [String: String] {
        try await provider.read { database in
            var holders: [String: String] = [:]
            for row in try await database.raw("SELECT id, tableoid::regclass::text AS part FROM clicks").all() {
                holders[try row.decode(column: "id", as: String.self)] = try row.decode(column: "part", as: String.self)
            }
            return holders
        }
    }

    static func monthPartitions(_ provider: any SQLDatabaseProvider) async throws -> [String] {
        try await provider.read { database in
            try await database.raw(
                """
                SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
                WHERE i.inhparent = to_regclass('clicks') ORDER BY 1
                """
            ).all().map { try $0.decode(column: "name", as: String.self) }
        }
    }

    static func click(_ appId: String, _ linkId: String, at date: Date, country: String? = nil) -> ClickRecord {
        var click = Fixtures.click(appId: appId, linkId: linkId, clickedAt: date)
        click.country = country
        return click
    }

    @Test func theMigrationConvertsAClicksTableWithDataWithoutLosingARow() async throws {
        try await TestDatabases.withFreshStorage(.postgres) { storage, provider in
            // The build before 0019; the migrations after it run on the converted table below.
            let partitioned = try #require(Migration.all.firstIndex { $0.name == "0019_partitioned_clicks" })
            try await Migrator(provider: provider, migrations: Array(Migration.all[..<partitioned])).migrate()
            let app = try await StorageContractTests.insertApp(storage)
            let link = try await StorageContractTests.insertLink(storage, appId: app.id)
            let now = Date()
            // This month, two months back, three years back (older than the 18 months of
            // partitions: default), and a click posted server to server.
            var clicks = [
                Self.click(app.id, link.id, at: now, country: "PT"),
                Self.click(app.id, link.id, at: now.addingTimeInterval(-60 * Self.day)),
                Self.click(app.id, link.id, at: now.addingTimeInterval(-3 * 365 * Self.day)),
            ]
            clicks += (0..<200).map { Self.click(app.id, link.id, at: now.addingTimeInterval(-Double($0) * 3600)) }
            try await storage.insertClicks(clicks)
            // Posted as the build before 0019 stored it: a click row with its receipt time.
            var posted = Self.click(app.id, link.id, at: now.addingTimeInterval(-Self.day))
            try await storage.insertClicks([posted])
            posted.receivedAt = now
            try await provider.write { database in
                try await database.raw("UPDATE clicks SET received_at = \(bind: now.epochMilliseconds) WHERE id = \(bind: posted.id)").run()
            }
            // Read from the table itself: the view `clicks(linkId:appId:)` reads comes with 0021.
            let before = try await provider.read { database in
                try await database.raw("SELECT * FROM clicks WHERE link_id = \(bind: link.id) ORDER BY clicked_at, id").all()
                    .map(storage.decodeClick)
            }

            try await Migrator(provider: provider).migrate()

            let after = try await storage.clicks(linkId: link.id, appId: app.id)
            #expect(after.count == clicks.count + 1)
            #expect(after == before)
            let kind = try await provider.read { database in
                try await database.raw("SELECT relkind::text AS kind FROM pg_class WHERE relname = 'clicks'").first()?
                    .decode(column: "kind", as: String.self)
            }
            #expect(kind == "p")
            let holders = try await Self.partitions(provider)
            #expect(holders[clicks[0].id] == Self.month(now).name)
            #expect(holders[clicks[1].id] == Self.month(now.addingTimeInterval(-60 * Self.day)).name)
            #expect(holders[clicks[2].id] == "clicks_default")
            // Months from two months back (the oldest click within 18 months) to three ahead.
            let months = try await Self.monthPartitions(provider)
            #expect(months.contains(Self.month(now.addingTimeInterval(-60 * Self.day)).name))
            #expect(months.contains(Self.month(now).next.next.next.name))
            #expect(!months.contains(Self.month(now).next.next.next.next.name))
            #expect(months.contains("clicks_default"))
            // A replay of the posted click inserts nothing, even stated at another time.
            var replay = posted
            replay.clickedAt = now.addingTimeInterval(-2 * Self.day)
            #expect(try await storage.insertNewClicks([replay]) { _ in [] }.isEmpty)
            // The indexes are back, on the new table.
            let indexes = try await provider.read { database in
                try await database.raw("SELECT indexname FROM pg_indexes WHERE tablename = 'clicks'").all()
                    .map { try $0.decode(column: "indexname", as: String.self) }
            }
            #expect(
                Set(["clicks_pkey", "clicks_token", "clicks_link_time", "clicks_time", "clicks_posted_full_address"]).isSubset(
                    of: Set(indexes)),
                "\(indexes)")
        }
    }

    @Test func aClickWithNoMonthLandsInTheDefaultAndMovesWhenItsMonthIsMade() async throws {
        try await TestDatabases.withMigratedStorage(.postgres) { storage, provider in
            let app = try await StorageContractTests.insertApp(storage)
            let link = try await StorageContractTests.insertLink(storage, appId: app.id)
            let far = Date().addingTimeInterval(250 * Self.day)
            let click = Self.click(app.id, link.id, at: far)
            try await storage.insertClicks([click])
            #expect(try await Self.partitions(provider)[click.id] == "clicks_default")

            let made = try await storage.prepareClickPartitions(now: Date(), through: far)
            #expect(made.contains(Self.month(far).name))
            #expect(try await Self.partitions(provider)[click.id] == Self.month(far).name)
            #expect(try await storage.click(token: click.clickToken)?.id == click.id)
            // Made already: a second call (or another server) makes nothing.
            #expect(try await storage.prepareClickPartitions(now: Date(), through: far).isEmpty)
        }
    }

    /// `clicks` itself and the view analytics reads it through (with the months retired but not
    /// yet folded): both prune to the window's month.
    @Test(arguments: ["clicks", "analytics_clicks"])
    func aWindowQueryReadsOnlyTheMonthsItCovers(table: String) async throws {
        try await TestDatabases.withMigratedStorage(.postgres) { storage, provider in
            let now = Date()
            _ = try await storage.prepareClickPartitions(now: now.addingTimeInterval(-120 * Self.day), through: now)
            let month = Self.month(now.addingTimeInterval(-60 * Self.day))
            // The analytics series' click query over one month.
            let plan = try await provider.read { database in
                try await database.raw(
                    """
                    EXPLAIN SELECT c.link_id, c.is_bot, COUNT(*) FROM \(ident: table) c
                    WHERE c.app_id = 'app' AND c.clicked_at >= \(literal: month.start) AND c.clicked_at < \(literal: month.end)
                    GROUP BY 1, 2
                    """
                ).all().map { try $0.decode(column: "QUERY PLAN", as: String.self) }.joined(separator: "\n")
            }
            #expect(plan.contains(month.name), "\(plan)")
            let others = try await Self.monthPartitions(provider).filter { $0 != month.name }
            #expect(!others.isEmpty)
            for other in others {
                #expect(!plan.contains(other), "\(other) in \(plan)")
            }
        }
    }

    /// Clicks in the months four and three back, and in this one.
    static func seedOldMonths(_ storage: SQLStorage) async throws -> (AppRecord, [ClickRecord], Date) {
        let app = try await StorageContractTests.insertApp(storage)
        let link = try await StorageContractTests.insertLink(storage, appId: app.id)
        let now = Date()
        let old = Self.month(now.addingTimeInterval(-125 * Self.day))
        _ = try await storage.prepareClickPartitions(now: Date(epochMilliseconds: old.start), through: now)
        var clicks: [ClickRecord] = []
        for daysBack in [125.0, 120, 100, 95, 3] {
            for index in 0..<4 {
                var click = Self.click(app.id, link.id, at: now.addingTimeInterval(-daysBack * Self.day + Double(index)), country: "PT")
                click.isBot = index == 3
                clicks.append(click)
            }
        }
        try await storage.insertClicks(clicks)
        return (app, clicks, now)
    }

    @Test func retentionDropsWholeMonthsAfterCountingTheirClicks() async throws {
        try await TestDatabases.withMigratedStorage(.postgres) { storage, provider in
            let (app, clicks, now) = try await Self.seedOldMonths(storage)
            let range = (Date(epochMilliseconds: 0), now.addingTimeInterval(Self.day))
            let before = try await storage.analytics(appId: app.id, linkId: nil, from: range.0, to: range.1)
            // The month before last ends at the cutoff: every month before it goes.
            let cutoff = Date(epochMilliseconds: Self.month(now.addingTimeInterval(-62 * Self.day)).start)
            let due = try await Self.monthPartitions(provider).filter {
                guard let month = SQLStorage.ClickMonth(partitionName: $0) else { return false }
                return month.end <= cutoff.epochMilliseconds
            }
            let inDue = Set(try await Self.partitions(provider).filter { due.contains($0.value) }.keys)
            #expect(!due.isEmpty && !inDue.isEmpty)

            let folded = try await storage.foldClickPartitions(endingBy: cutoff)
            #expect(folded == inDue.count)
            let left = try await Self.monthPartitions(provider)
            #expect(Set(left).isDisjoint(with: due))
            #expect(try await storage.clickCount(appId: app.id) == clicks.count - inDue.count)
            #expect(try await storage.analytics(appId: app.id, linkId: nil, from: range.0, to: range.1) == before)
            #expect(try await storage.foldClickPartitions(endingBy: cutoff) == 0)
        }
    }

    @Test func aMonthDropThatCannotGetItsLockInTimeCountsNothingAndDropsNothing() async throws {
        try await TestDatabases.withMigratedStorage(.postgres) { storage, provider in
            let (app, _, now) = try await Self.seedOldMonths(storage)
            let range = (Date(epochMilliseconds: 0), now.addingTimeInterval(Self.day))
            let before = try await storage.analytics(appId: app.id, linkId: nil, from: range.0, to: range.1)
            let months = try await Self.monthPartitions(provider)
            let cutoff = Date(epochMilliseconds: Self.month(now.addingTimeInterval(-62 * Self.day)).start)
            // A long reader of `clicks` holds the lock detaching a month needs; the retirement
            // gives up after its 2 s instead of queueing click batches behind it for longer, and
            // its transaction rolls back.
            let (locked, lockedSignal) = AsyncStream<Void>.makeStream()
            let (release, releaseSignal) = AsyncStream<Void>.makeStream()
            async let reader: Void = provider.transaction { database in
                try await database.raw("LOCK TABLE clicks IN ACCESS SHARE MODE").run()
                lockedSignal.yield()
                for await _ in release { break }
            }
            for await _ in locked { break }
            await #expect(throws: (any Error).self) { try await storage.foldClickPartitions(endingBy: cutoff) }
            releaseSignal.yield()
            try await reader
            #expect(try await Self.monthPartitions(provider) == months)
            #expect(try await storage.analytics(appId: app.id, linkId: nil, from: range.0, to: range.1) == before)
            let folded = try await provider.read { database in
                try await database.raw("SELECT count(*) AS n FROM click_daily_counts").first()?.decode(column: "n", as: Int64.self)
            }
            #expect(folded == 0)
            // Next sweep, with the reader gone, it goes through.
            #expect(try await storage.foldClickPartitions(endingBy: cutoff) > 0)
            #expect(try await storage.analytics(appId: app.id, linkId: nil, from: range.0, to: range.1) == before)
        }
    }
}
