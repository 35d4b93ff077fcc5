import Foundation
import SQLKit

/// The day counts one pass of ``SQLStorage/totalClickDays(before:)`` keeps for a range of
/// an app's days (migrations 0022 and 0023), read from raw and folded clicks together.
struct ClickDayCounts: Sendable {
    /// One of the counts: its table and what it counts by besides the app, the day and human or bot.
    struct Grain: Sendable {
        var table: String
        /// The table's columns, which are also `click_daily_counts`' names for them.
        var columns: [String]
        /// How each column is read from a raw click.
        var rawColumns: [String]

        /// The app's day (migration 0022): human and bot in one row, no other column.
        static let app = Grain(table: "click_day_totals", columns: [], rawColumns: [])
        /// A NULL country is stored as '', as in `click_daily_counts`.
        static let platformAndCountry = Grain(
            table: "click_day_group_totals", columns: ["platform", "country"], rawColumns: ["platform", "COALESCE(country, '')"])
        static let all: [Grain] = [.app, .platformAndCountry]

        /// The grain that answers a read of `linkId`'s clicks (all the app's when nil) grouped by
        /// `dimension`; nil for a link's clicks and for clicks by link, which no count keeps (see
        /// migration 0023).
        static func answering(linkId: String?, dimension: AnalyticsSeriesQuery.Dimension) -> Grain? {
            guard linkId == nil else { return nil }
            switch dimension {
            case .none: return .app
            case .platform, .country: return .platformAndCountry
            case .link: return nil
            }
        }

        /// Sums of human and bot clicks over the table's rows.
        var human: SQLQueryString {
            columns.isEmpty ? "CAST(SUM(human_clicks) AS BIGINT)" : "CAST(SUM(CASE WHEN is_bot THEN 0 ELSE clicks END) AS BIGINT)"
        }
        var bot: SQLQueryString {
            columns.isEmpty ? "CAST(SUM(bot_clicks) AS BIGINT)" : "CAST(SUM(CASE WHEN is_bot THEN clicks ELSE 0 END) AS BIGINT)"
        }

        /// `table WHERE app_id = … AND day …` over the coverage's counted days.
        func rows(appId: String, _ coverage: ClickDayCoverage) -> SQLQueryString {
            let stale: SQLQueryString = coverage.staleDays.isEmpty ? "" : "AND day NOT IN (\(binds: coverage.staleDays))"
            let days: SQLQueryString = "day >= \(bind: coverage.from) AND day < \(bind: coverage.to)"
            return "\(unsafeRaw: table) WHERE app_id = \(bind: appId) AND \(days) \(stale)"
        }
    }

    struct Key: Sendable, Hashable, Comparable {
        var day: Int64
        var values: [String]
        var isBot: Bool

        static func < (a: Key, b: Key) -> Bool {
            if a.day != b.day { return a.day < b.day }
            if a.values != b.values { return a.values.lexicographicallyPrecedes(b.values) }
            return !a.isBot && b.isBot
        }
    }

    var counts: [[Key: Int64]]

    /// Counts `[from, to)` of `appId` at every grain.
    static func read(_ database: any SQLDatabase, appId: String, from: Int64, to: Int64) async throws -> ClickDayCounts {
        var counts: [[Key: Int64]] = []
        for grain in Grain.all { counts.append(try await read(grain, database, appId: appId, from: from, to: to)) }
        return ClickDayCounts(counts: counts)
    }

    private static func read(_ grain: Grain, _ database: any SQLDatabase, appId: String, from: Int64, to: Int64) async throws
        -> [Key: Int64]
    {
        var counts: [Key: Int64] = [:]
        func add(_ row: any SQLRow) throws {
            let key = Key(
                day: try row.decode(column: "day", as: Int64.self),
                values: try grain.columns.indices.map { try row.decode(column: "v\($0)", as: String.self) },
                isBot: try row.decode(column: "is_bot", as: Bool.self))
            counts[key, default: 0] += try row.decode(column: "count", as: Int64.self)
        }
        let raw = grain.rawColumns.enumerated().map { "\($0.element) AS v\($0.offset), " }.joined()
        let folded = grain.columns.enumerated().map { "\($0.element) AS v\($0.offset), " }.joined()
        let groups = (0..<(grain.columns.count + 2)).map { String($0 + 1) }.joined(separator: ", ")
        for row in try await database.raw(
            """
            SELECT \(SQLStorage.dayOf("clicked_at")) AS day, \(unsafeRaw: raw)is_bot, COUNT(*) AS count FROM analytics_clicks
            WHERE app_id = \(bind: appId) AND clicked_at >= \(bind: from) AND clicked_at < \(bind: to) GROUP BY \(unsafeRaw: groups)
            """
        ).all() { try add(row) }
        for row in try await database.raw(
            """
            SELECT day, \(unsafeRaw: folded)is_bot, CAST(SUM(clicks) AS BIGINT) AS count FROM click_daily_counts
            WHERE app_id = \(bind: appId) AND day >= \(bind: from) AND day < \(bind: to) GROUP BY \(unsafeRaw: groups)
            """
        ).all() { try add(row) }
        return counts
    }

    /// Replaces every count of `[from, to)`: days and groups without clicks lose any row they had.
    func store(_ database: any SQLDatabase, appId: String, from: Int64, to: Int64) async throws {
        for (grain, counts) in zip(Grain.all, counts) {
            try await database.raw(
                "DELETE FROM \(unsafeRaw: grain.table) WHERE app_id = \(bind: appId) AND day >= \(bind: from) AND day < \(bind: to)"
            ).run()
            if grain.columns.isEmpty {
                try await Self.storeAppDays(database, appId: appId, counts)
            } else {
                try await Self.store(grain, database, appId: appId, counts)
            }
        }
    }

    private static func store(_ grain: Grain, _ database: any SQLDatabase, appId: String, _ counts: [Key: Int64]) async throws {
        let columns = grain.columns.joined(separator: ", ")
        // Sorted, so two passes storing one range take the rows' locks in one order.
        for chunk in counts.sorted(by: { $0.key < $1.key }).chunked(into: 500) {
            var sql = SQLQueryString("INSERT INTO \(grain.table) (app_id, day, \(columns), is_bot, clicks) VALUES ")
            for (index, entry) in chunk.enumerated() {
                if index > 0 { sql.appendLiteral(", ") }
                sql.appendInterpolation("(\(bind: appId), \(bind: entry.key.day), \(binds: entry.key.values), " as SQLQueryString)
                sql.appendInterpolation("\(bind: entry.key.isBot), \(bind: entry.value))" as SQLQueryString)
            }
            // Another server's pass may have stored the range since this one's delete.
            sql.appendLiteral(" ON CONFLICT (app_id, day, \(columns), is_bot) DO UPDATE SET clicks = excluded.clicks")
            try await database.raw(sql).run()
        }
    }

    /// 0022's table keeps a day's human and bot clicks in one row.
    private static func storeAppDays(_ database: any SQLDatabase, appId: String, _ counts: [Key: Int64]) async throws {
        var days: [Int64: (human: Int64, bot: Int64)] = [:]
        for (key, count) in counts {
            if key.isBot { days[key.day, default: (0, 0)].bot += count } else { days[key.day, default: (0, 0)].human += count }
        }
        for chunk in days.sorted(by: { $0.key < $1.key }).chunked(into: 500) {
            var sql = SQLQueryString("INSERT INTO click_day_totals (app_id, day, human_clicks, bot_clicks) VALUES ")
            for (index, entry) in chunk.enumerated() {
                if index > 0 { sql.appendLiteral(", ") }
                sql.appendInterpolation(
                    "(\(bind: appId), \(bind: entry.key), \(bind: entry.value.human), \(bind: entry.value.bot))" as SQLQueryString)
            }
            sql.appendLiteral(
                " ON CONFLICT (app_id, day) DO UPDATE SET human_clicks = excluded.human_clicks, bot_clicks = excluded.bot_clicks")
            try await database.raw(sql).run()
        }
    }
}
