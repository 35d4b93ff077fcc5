import Foundation
import SQLKit

extension SQLStorage {
    /// Days counted by one write transaction when an app's history is first sealed.
    static let daysSealedAtOnce: Int64 = 7
    /// Stale days read by one pass; the rest wait for the next.
    static let staleDaysPerPass = 10_000

    /// Counts are read outside the write that stores them, so SQLite's single writer is held for
    /// the upserts only, never for a scan of a week of clicks. That is safe because every write that
    /// changes a counted day marks it stale after it commits (a late posted click) or in its own
    /// transaction (an erasure, a link deleted): a change the read missed leaves a mark, and a mark
    /// is cleared only at the version the recount read before its counts.
    public func totalClickDays(before horizon: Date) async throws -> ClickDayTotalsPass {
        let horizonDay = RetentionDay.start(of: horizon.epochMilliseconds)
        var pass = ClickDayTotalsPass()
        let marks = try await provider.read { database in
            try await database.raw(
                "SELECT app_id, day, version FROM click_day_totals_stale ORDER BY app_id, day LIMIT \(bind: Int64(Self.staleDaysPerPass))"
            ).all().map { row in
                StaleClickDay(
                    appId: try row.decode(column: "app_id", as: String.self), day: try row.decode(column: "day", as: Int64.self),
                    version: try row.decode(column: "version", as: Int64.self))
            }
        }
        for mark in marks {
            let counts = try await provider.read { database in
                try await ClickDayCounts.read(database, appId: mark.appId, from: mark.day, to: mark.day + RetentionDay.milliseconds)
            }
            try await provider.transaction { database in
                try await counts.store(database, appId: mark.appId, from: mark.day, to: mark.day + RetentionDay.milliseconds)
                try await database.raw(
                    """
                    DELETE FROM click_day_totals_stale WHERE app_id = \(bind: mark.appId) AND day = \(bind: mark.day)
                    AND version = \(bind: mark.version)
                    """
                ).run()
            }
            pass.staleDaysRecounted += 1
        }
        let apps = try await provider.read { database in
            try await database.raw(
                "SELECT a.id, s.sealed_before FROM apps a LEFT JOIN click_day_totals_sealed s ON s.app_id = a.id ORDER BY a.id"
            ).all().map {
                (id: try $0.decode(column: "id", as: String.self), sealedBefore: try $0.decode(column: "sealed_before", as: Int64?.self))
            }
        }
        for app in apps where app.sealedBefore.map({ $0 < horizonDay }) ?? true {
            var from: Int64
            if let sealedBefore = app.sealedBefore {
                from = sealedBefore
            } else {
                from = min(horizonDay, try await firstClickDay(appId: app.id, from: nil) ?? horizonDay)
            }
            repeat {
                var to = min(from + Self.daysSealedAtOnce * RetentionDay.milliseconds, horizonDay)
                // A stretch without clicks is sealed in one step, not a week at a time: a click
                // posted with a time decades back (a server-to-server sender's default, an import)
                // would otherwise cost thousands of transactions, each taking SQLite's writer.
                let next = try await firstClickDay(appId: app.id, from: from) ?? horizonDay
                if next >= to { to = min(next, horizonDay) }
                let (start, appId) = (from, app.id)
                let counts = try await provider.read { database in
                    try await ClickDayCounts.read(database, appId: appId, from: start, to: to)
                }
                try await provider.transaction { database in
                    try await counts.store(database, appId: appId, from: start, to: to)
                    // Another server may have sealed further meanwhile: the mark only moves forward.
                    try await database.raw(
                        """
                        INSERT INTO click_day_totals_sealed (app_id, sealed_before) VALUES (\(bind: appId), \(bind: to))
                        ON CONFLICT (app_id) DO UPDATE SET sealed_before = excluded.sealed_before
                        WHERE click_day_totals_sealed.sealed_before < excluded.sealed_before
                        """
                    ).run()
                }
                pass.daysSealed += Int((to - start) / RetentionDay.milliseconds)
                pass.rangesCounted += 1
                from = to
            } while from < horizonDay
        }
        return pass
    }

    /// The first day holding a click of `appId`, raw or folded, from the day starting at `from` on.
    private func firstClickDay(appId: String, from: Int64?) async throws -> Int64? {
        let raw: SQLQueryString = from.map { "AND clicked_at >= \(bind: $0)" } ?? ""
        let folded: SQLQueryString = from.map { "AND day >= \(bind: $0)" } ?? ""
        return try await provider.read { database in
            let raw = try await database.raw("SELECT MIN(clicked_at) AS first FROM analytics_clicks WHERE app_id = \(bind: appId) \(raw)")
                .first()
            let folded = try await database.raw("SELECT MIN(day) AS first FROM click_daily_counts WHERE app_id = \(bind: appId) \(folded)")
                .first()
            let days = [
                try raw?.decode(column: "first", as: Int64?.self).map(RetentionDay.start(of:)),
                try folded?.decode(column: "first", as: Int64?.self),
            ]
            return days.compactMap { $0 }.min()
        }
    }

    /// Marks the days of `appId` holding `epochMilliseconds` stale, moving each mark's version on.
    static func markClickDaysStale(_ database: any SQLDatabase, appId: String, days: Set<Int64>) async throws {
        for chunk in days.sorted().chunked(into: 500) {
            var sql = SQLQueryString("INSERT INTO click_day_totals_stale (app_id, day, version) VALUES ")
            for (index, day) in chunk.enumerated() {
                if index > 0 { sql.appendLiteral(", ") }
                sql.appendInterpolation("(\(bind: appId), \(bind: day), 1)" as SQLQueryString)
            }
            sql.appendLiteral(" ON CONFLICT (app_id, day) DO UPDATE SET version = click_day_totals_stale.version + 1")
            try await database.raw(sql).run()
        }
    }

    /// Marks stale every day of `appId` holding a click `matching` is true of, raw or folded, before
    /// the statement that deletes them runs in the same transaction.
    static func markClickDaysStale(_ database: any SQLDatabase, appId: String, clicksMatching condition: SQLQueryString) async throws {
        var days = Set<Int64>()
        for row in try await database.raw(
            "SELECT DISTINCT \(dayOf("clicked_at")) AS day FROM analytics_clicks WHERE app_id = \(bind: appId) AND \(condition)"
        ).all() {
            days.insert(try row.decode(column: "day", as: Int64.self))
        }
        try await markClickDaysStale(database, appId: appId, days: days)
    }

    /// Marks stale every day of `appId` in `[from, to)`: for rows written behind the storage's back
    /// (the bench's seeded history), which the next pass then counts.
    @_spi(Synthetic) public func markClickDaysStale(appId: String, from: Int64, to: Int64) async throws {
        let days: Set<Int64> = Set(stride(from: RetentionDay.start(of: from), to: to, by: Int(RetentionDay.milliseconds)))
        try await provider.transaction { database in try await Self.markClickDaysStale(database, appId: appId, days: days) }
    }

    /// The day before which `appId`'s days are counted, nil when none are. The bench sets it
    /// aside to read the overview with every day raw (as before migration 0022) beside the counted
    /// one, then puts it back.
    @_spi(Synthetic) public func clickDaysSealedBefore(appId: String) async throws -> Int64? {
        try await provider.read { database in
            try await database.raw("SELECT sealed_before FROM click_day_totals_sealed WHERE app_id = \(bind: appId)").first()?
                .decode(column: "sealed_before", as: Int64.self)
        }
    }

    @_spi(Synthetic) public func setClickDaysSealedBefore(appId: String, _ sealedBefore: Int64?) async throws {
        try await provider.transaction { database in
            try await database.raw("DELETE FROM click_day_totals_sealed WHERE app_id = \(bind: appId)").run()
            if let sealedBefore {
                try await database.raw(
                    "INSERT INTO click_day_totals_sealed (app_id, sealed_before) VALUES (\(bind: appId), \(bind: sealedBefore))"
                ).run()
            }
        }
    }

    /// Marks the days of posted clicks that may have landed in counted days (see
    /// ``ClickDayTotalsRule/marksDay(clickedAt:receivedAt:)``); run before and after their insert.
    func markLateClickDays(_ clicks: [ClickRecord]) async throws {
        var days: [String: Set<Int64>] = [:]
        for click in clicks where ClickDayTotalsRule.marksDay(clickedAt: click.clickedAt, receivedAt: click.receivedAt) {
            days[click.appId, default: []].insert(RetentionDay.start(of: click.clickedAt.epochMilliseconds))
        }
        guard !days.isEmpty else { return }
        try await provider.transaction { database in
            for (appId, appDays) in days.sorted(by: { $0.key < $1.key }) {
                try await Self.markClickDaysStale(database, appId: appId, days: appDays)
            }
        }
    }

    /// The start of the UTC day holding the epoch-millisecond column, negative times included
    /// (both engines' `%` keeps the dividend's sign).
    static func dayOf(_ column: String) -> SQLQueryString {
        "(\(unsafeRaw: column) - ((\(unsafeRaw: column) % 86400000) + 86400000) % 86400000)"
    }
}

private struct StaleClickDay: Sendable {
    var appId: String
    var day: Int64
    var version: Int64
}
