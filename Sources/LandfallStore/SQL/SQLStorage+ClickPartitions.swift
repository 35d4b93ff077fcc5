import Foundation
import SQLKit

/// The monthly partitions of PostgreSQL's `clicks` (migration 0019): made ahead, and once past
/// the retention age retired (detached, migration 0021), then folded and dropped whole.
extension SQLStorage {
    /// One calendar month in UTC, as the partition holding its clicks.
    struct ClickMonth: Hashable, Comparable {
        var year: Int
        var month: Int

        init(year: Int, month: Int) {
            self.year = year
            self.month = month
        }

        /// The month holding `date`.
        init(_ date: Date) {
            let parts = Self.calendar.dateComponents([.year, .month], from: date)
            year = parts.year ?? 1970
            month = parts.month ?? 1
        }

        /// `clicks_pYYYYMM`, or nil for a name that is not a month partition (`clicks_default`).
        init?(partitionName name: String) {
            guard name.hasPrefix("clicks_p"), name.count == 14, let number = Int(name.dropFirst(8)) else { return nil }
            year = number / 100
            month = number % 100
            guard (1...12).contains(month) else { return nil }
        }

        static let calendar: Calendar = {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
            return calendar
        }()

        var name: String { "clicks_p" + String(format: "%04d%02d", year, month) }
        var next: ClickMonth { month == 12 ? ClickMonth(year: year + 1, month: 1) : ClickMonth(year: year, month: month + 1) }
        /// The first millisecond of the month.
        var start: Int64 {
            let date = Self.calendar.date(from: DateComponents(year: year, month: month, day: 1)) ?? Date(timeIntervalSince1970: 0)
            return date.epochMilliseconds
        }
        /// The first millisecond after it.
        var end: Int64 { next.start }

        static func < (lhs: ClickMonth, rhs: ClickMonth) -> Bool { (lhs.year, lhs.month) < (rhs.year, rhs.month) }
    }

    /// Serialises partition changes between servers sharing one database (any fixed number no
    /// other lock uses; the migrator's is 7263154).
    private static let partitionLock: Int64 = 7_263_155

    /// Making a month needs a short exclusive lock on `clicks`' default partition; behind a long
    /// query it would queue every click batch's insert behind it. So it waits at most 50 ms for a
    /// lock, fails instead (the whole transaction rolls back), and the next sweep tries again.
    static func boundLockWaits(on database: any SQLDatabase) async throws {
        try await database.raw("SET LOCAL lock_timeout = '50ms'").run()
    }

    /// The month partitions `clicks` has now.
    static func clickPartitions(on database: any SQLDatabase) async throws -> [ClickMonth] {
        try await monthTables(under: "clicks", on: database)
    }

    /// The month tables whose parent (partitioned or by plain inheritance) is `parent`.
    private static func monthTables(under parent: String, on database: any SQLDatabase) async throws -> [ClickMonth] {
        try await database.raw(
            """
            SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
            WHERE i.inhparent = to_regclass(\(bind: parent))
            """
        ).all().compactMap { ClickMonth(partitionName: try $0.decode(column: "name", as: String.self)) }.sorted()
    }

    public func prepareClickPartitions(now: Date, through: Date) async throws -> [String] {
        guard engine == .postgres else { return [] }
        var wanted: [ClickMonth] = []
        var month = ClickMonth(now)
        while month <= ClickMonth(through) {
            wanted.append(month)
            month = month.next
        }
        var made: [String] = []
        for month in wanted {
            // One transaction a month: each holds the default partition's lock only while its own
            // month's clicks move, and a failure leaves the months before it made.
            let createdNow = try await provider.transaction { database -> Bool in
                try await database.raw("SELECT pg_advisory_xact_lock(\(bind: Self.partitionLock))").run()
                guard try await !Self.clickPartitions(on: database).contains(month) else { return false }
                try await Self.boundLockWaits(on: database)
                // Built apart and attached, so clicks that landed in the default partition for
                // want of this month move into it in the same transaction (a partition created
                // with PARTITION OF would fail on them). ATTACH builds the parent's indexes on it.
                try await database.raw("CREATE TABLE \(ident: month.name) (LIKE clicks INCLUDING DEFAULTS)").run()
                try await database.raw(
                    """
                    WITH moved AS (
                        DELETE FROM clicks_default WHERE clicked_at >= \(bind: month.start) AND clicked_at < \(bind: month.end) RETURNING *)
                    INSERT INTO \(ident: month.name) SELECT * FROM moved
                    """
                ).run()
                // Deleting from the default partition released the moved clicks' tokens (its row
                // trigger); they are claimed again, as the clicks are still there.
                try await database.raw("INSERT INTO click_tokens (click_token) SELECT click_token FROM \(ident: month.name)").run()
                try await database.raw(
                    "ALTER TABLE clicks ATTACH PARTITION \(ident: month.name) FOR VALUES FROM (\(literal: month.start)) TO (\(literal: month.end))"
                ).run()
                return true
            }
            if createdNow { made.append(month.name) }
        }
        return made
    }

    public func foldClickPartitions(endingBy cutoff: Date) async throws -> Int {
        guard engine == .postgres else { return 0 }
        let cutoffMs = cutoff.epochMilliseconds
        // A month retired by a sweep that died before folding it is folded first, once.
        var folded = try await foldRetiredClickMonths()
        let due = try await provider.read { database in try await Self.clickPartitions(on: database) }.filter { $0.end <= cutoffMs }
        for month in due {
            try await retireClickPartition(month)
            folded += try await foldRetiredClickMonths()
        }
        return folded
    }

    /// How long detaching a month may wait for `clicks`' exclusive lock. While it waits, every
    /// statement that wants `clicks` queues behind it: install matches, and the click batches,
    /// whose clicks the recorder buffers (10,000 by default, about a second of a busy server's
    /// redirects) before redirects wait for room. So the wait stays well inside that second; the
    /// 50 ms of the other partition changes gave up every time under redirect load (an insert
    /// batch or a settled-clicks read in flight holds `clicks` longer). A detach that gives up is
    /// tried again by the next sweep; nothing else is in its transaction.
    static let detachLockTimeout = "250ms"

    /// Step one of retiring a month: takes it out of `clicks` and puts it under `clicks_retired`,
    /// where analytics (`analytics_clicks`) still reads it, in a transaction that does nothing
    /// else. Neither statement scans the month. Internal so tests can stop between the two steps.
    func retireClickPartition(_ month: ClickMonth) async throws {
        try await provider.transaction { database in
            try await database.raw("SELECT pg_advisory_xact_lock(\(bind: Self.partitionLock))").run()
            // Another server may have retired it while this one waited for the lock.
            guard try await Self.clickPartitions(on: database).contains(month) else { return }
            try await database.raw("SELECT set_config('lock_timeout', \(bind: Self.detachLockTimeout), true)").run()
            // Plain DETACH: CONCURRENTLY is refused while `clicks` has a default partition.
            try await database.raw("ALTER TABLE clicks DETACH PARTITION \(ident: month.name)").run()
            try await database.raw("ALTER TABLE \(ident: month.name) INHERIT clicks_retired").run()
        }
    }

    /// The month tables under `clicks_retired`: out of `clicks`, not yet folded.
    static func retiredClickMonths(on database: any SQLDatabase) async throws -> [ClickMonth] {
        try await monthTables(under: "clicks_retired", on: database)
    }

    /// Step two: folds every retired month into the daily counts and drops it, one transaction
    /// each, holding no lock on `clicks`. Nothing inserts into a retired month (it is no partition
    /// any more); only deletions of clicks (``deleteRetiredClicks(on:matching:)``) reach it.
    /// Returns the clicks counted.
    func foldRetiredClickMonths() async throws -> Int {
        let retired = try await provider.read { database in try await Self.retiredClickMonths(on: database) }
        var folded = 0
        for month in retired {
            try await releaseTokens(ofRetired: month)
            folded += try await provider.transaction { database -> Int in
                try await database.raw("SELECT pg_advisory_xact_lock(\(bind: Self.partitionLock))").run()
                // Another server may have folded it while this one waited for the lock.
                guard try await Self.retiredClickMonths(on: database).contains(month) else { return 0 }
                // Keeps out an erasure's or a link deletion's delete while the month is counted, so
                // the count, the fold and the tokens released are of the same rows; analytics reads
                // of the view go on until the DROP.
                try await database.raw("LOCK TABLE \(ident: month.name) IN SHARE MODE").run()
                // Counted as they are folded, in one read of the month: clicks of an app deleted
                // without its clicks cannot be counted (the counts reference apps) and go with it.
                // The counts go in by link, then day: the link index is then written in one pass
                // from its start to its end, and the key (app, day, link) at one point per day of
                // the month, so the pages being written stay in shared buffers. In the order a hash aggregate gave them, a month
                // of 2.5M clicks over 200,000 links evicted and wrote back 1.77M buffers (14 GB)
                // and dirtied as many pages, each a full-page image in the WAL after a checkpoint,
                // while redirects' click batches shared the disk; in this order, 110,000.
                let counted =
                    try await database.raw(
                        """
                        WITH daily AS (
                            SELECT app_id, link_id, clicked_at - ((clicked_at % 86400000) + 86400000) % 86400000 AS day, platform,
                                coalesce(country, '') AS country, is_bot, count(*) AS clicks
                            FROM \(ident: month.name) c WHERE EXISTS (SELECT 1 FROM apps a WHERE a.id = c.app_id)
                            GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6),
                        added AS (
                            INSERT INTO click_daily_counts (app_id, day, link_id, platform, country, is_bot, clicks)
                            SELECT app_id, day, link_id, platform, country, is_bot, clicks FROM daily
                            ON CONFLICT (app_id, day, link_id, platform, country, is_bot)
                            DO UPDATE SET clicks = click_daily_counts.clicks + excluded.clicks
                            RETURNING 1)
                        SELECT coalesce(sum(clicks), 0)::bigint AS n FROM daily
                        """
                    ).first()?.decode(column: "n", as: Int64.self) ?? 0
                // As in a row fold, an attributed install keeps its click's country.
                try await database.raw(
                    """
                    UPDATE installs i SET click_country = c.country FROM \(ident: month.name) c
                    WHERE c.install_id = i.id AND c.country IS NOT NULL AND i.app_id = c.app_id
                    """
                ).run()
                // A DROP fires no row trigger, and the month's tokens are already gone: the batches
                // above released them, nothing adds a click to a retired month, and a deletion of its
                // clicks releases theirs (`deleteRetiredClicks`). The fold's transaction, which the
                // click batches' commits wait beside, reads the month twice: here and in the count.
                // Waits only for analytics reads of the view that are scanning this month.
                try await database.raw("DROP TABLE \(ident: month.name)").run()
                return Int(counted)
            }
        }
        return folded
    }

    /// Tokens a retired month releases per transaction before it is folded.
    static let tokenReleaseBatch = 5_000

    /// Releases a retired month's click tokens from `click_tokens` in batches of their own
    /// transactions, in token order. Deleted in one statement inside the fold, a month of millions
    /// of clicks released them in one long burst of WAL with the fold's transaction open; in
    /// batches, the click batches' commits take turns with it (docs/capacity.md has the stalls
    /// measured both ways). A month past retention lies beyond every attribution window, so its
    /// tokens can match no install; one released before a fold that then dies stays released, and
    /// the next sweep goes on from the rest.
    func releaseTokens(ofRetired month: ClickMonth, batchSize: Int = tokenReleaseBatch) async throws {
        var after = ""
        while true {
            let batch: (count: Int, last: String?)
            do {
                batch = try await releaseTokenBatch(ofRetired: month, after: after, batchSize: batchSize)
            } catch {
                // Another server sharing the database folded and dropped the month meanwhile.
                let stillRetired = try await provider.read { database in try await Self.retiredClickMonths(on: database) }.contains(month)
                if stillRetired { throw error }
                return
            }
            guard batch.count == batchSize, let last = batch.last else { return }
            after = last
        }
    }

    /// One batch of ``releaseTokens(ofRetired:batchSize:)``: the tokens after `after`, in order.
    private func releaseTokenBatch(ofRetired month: ClickMonth, after: String, batchSize: Int) async throws -> (count: Int, last: String?) {
        try await provider.write { database -> (count: Int, last: String?) in
            let row = try await database.raw(
                """
                WITH batch AS (
                    SELECT click_token FROM \(ident: month.name) WHERE click_token > \(bind: after)
                    ORDER BY click_token LIMIT \(literal: batchSize)),
                released AS (DELETE FROM click_tokens t USING batch b WHERE t.click_token = b.click_token RETURNING 1)
                SELECT count(*) AS n, max(click_token) AS last FROM batch
                """
            ).first()
            return (
                Int(try row?.decode(column: "n", as: Int64.self) ?? 0), try row?.decode(column: "last", as: String?.self)
            )
        }
    }

    /// Deletes the clicks of retired, not yet folded months matching `condition` (a `WHERE` over
    /// `clicks`' columns) and releases their tokens: a deletion of clicks (an erasure, a link's or
    /// an app's) must reach them too, or the fold would count them again. A retired month lost
    /// the row trigger that releases tokens when it left `clicks`. Returns the clicks deleted.
    static func deleteRetiredClicks(on database: any SQLDatabase, matching condition: SQLQueryString) async throws -> Int {
        var query: SQLQueryString = "WITH gone AS (DELETE FROM clicks_retired WHERE "
        query += condition
        query += """
             RETURNING click_token), released AS (
                DELETE FROM click_tokens t USING gone WHERE t.click_token = gone.click_token RETURNING 1)
            SELECT count(*) AS n FROM gone
            """
        return Int(try await database.raw(query).first()?.decode(column: "n", as: Int64.self) ?? 0)
    }
}
