import Foundation
import SQLKit

extension SQLStorage {
    public func analytics(appId: String, linkId: String?, from: Date, to: Date) async throws -> AnalyticsSummary {
        let (start, end) = (from.epochMilliseconds, to.epochMilliseconds)
        return try await provider.read { database in
            var summary = AnalyticsSummary()
            // An app's whole counted days come from one row a day (migration 0022), the rest of the
            // range from raw clicks and folded daily counts as before; a link's summary reads rows
            // (migration 0023 says why).
            let grain = ClickDayCounts.Grain.answering(linkId: linkId, dimension: .none)
            var coverage: ClickDayCoverage?
            if grain != nil { coverage = try await Self.clickDayCoverage(database, appId: appId, start: start, end: end) }
            if let grain, let coverage, !coverage.isEmpty {
                let totals = try await database.raw(
                    "SELECT \(grain.human) AS human, \(grain.bot) AS bot FROM \(grain.rows(appId: appId, coverage))"
                ).first()
                summary.humanClicks += Int(try totals?.decode(column: "human", as: Int64?.self) ?? 0)
                summary.botClicks += Int(try totals?.decode(column: "bot", as: Int64?.self) ?? 0)
            }
            let intervals = coverage?.rawIntervals(start: start, end: end) ?? [start..<end]
            if !intervals.isEmpty {
                // The view adds months retired from `clicks` but not yet folded (migration 0021), so a
                // click is counted once, raw or folded, whenever this runs.
                let clicks = try await database.raw(
                    """
                    SELECT is_bot, COUNT(*) AS count FROM analytics_clicks WHERE app_id = \(bind: appId)
                    \(Self.linkFilter(linkId)) AND \(Self.within(intervals, column: "clicked_at"))
                    GROUP BY is_bot
                    """
                ).all()
                // Days folded past the click retention age count whole when their start is in the range.
                let folded = try await database.raw(
                    """
                    SELECT is_bot, CAST(SUM(clicks) AS BIGINT) AS count FROM click_daily_counts WHERE app_id = \(bind: appId)
                    \(Self.linkFilter(linkId)) AND \(Self.within(intervals, column: "day"))
                    GROUP BY is_bot
                    """
                ).all()
                for row in clicks + folded {
                    let count = Int(try row.decode(column: "count", as: Int64.self))
                    if try row.decode(column: "is_bot", as: Bool.self) { summary.botClicks += count } else { summary.humanClicks += count }
                }
            }
            let opens = try await database.raw(
                """
                SELECT COUNT(*) AS count FROM app_opens WHERE app_id = \(bind: appId)
                \(Self.linkFilter(linkId)) AND opened_at >= \(bind: start) AND opened_at < \(bind: end)
                """
            ).first()
            let foldedOpens = try await database.raw(
                """
                SELECT CAST(SUM(opens) AS BIGINT) AS count FROM app_open_daily_counts WHERE app_id = \(bind: appId)
                \(Self.linkFilter(linkId)) AND day >= \(bind: start) AND day < \(bind: end)
                """
            ).first()
            summary.appOpens =
                Int(try opens?.decode(column: "count", as: Int64.self) ?? 0)
                + Int(try foldedOpens?.decode(column: "count", as: Int64?.self) ?? 0)
            let installs = try await database.raw(
                """
                SELECT method, COUNT(*) AS count FROM installs WHERE app_id = \(bind: appId)
                \(Self.linkFilter(linkId)) AND created_at >= \(bind: start) AND created_at < \(bind: end)
                GROUP BY method
                """
            ).all()
            for row in installs {
                summary.installsByMethod[try row.decode(column: "method", as: String.self)] = Int(
                    try row.decode(column: "count", as: Int64.self))
            }
            let events = try await database.raw(
                """
                SELECT name, COUNT(*) AS count FROM events WHERE app_id = \(bind: appId)
                \(Self.linkFilter(linkId)) AND received_at >= \(bind: start) AND received_at < \(bind: end)
                GROUP BY name
                """
            ).all()
            for row in events {
                summary.eventsByName[try row.decode(column: "name", as: String.self)] = Int(try row.decode(column: "count", as: Int64.self))
            }
            let revenue = try await database.raw(
                """
                SELECT revenue_currency, CAST(SUM(revenue_micros) AS BIGINT) AS micros FROM events WHERE app_id = \(bind: appId)
                \(Self.linkFilter(linkId)) AND received_at >= \(bind: start) AND received_at < \(bind: end)
                AND revenue_currency IS NOT NULL GROUP BY revenue_currency
                """
            ).all()
            for row in revenue {
                summary.revenueMicrosByCurrency[try row.decode(column: "revenue_currency", as: String.self)] = try row.decode(
                    column: "micros", as: Int64.self)
            }
            return summary
        }
    }

    /// The part of `[start, end)` the app's day totals answer, or nil when it has counted no day yet.
    static func clickDayCoverage(_ database: any SQLDatabase, appId: String, start: Int64, end: Int64) async throws
        -> ClickDayCoverage?
    {
        guard
            let sealedBefore = try await database.raw(
                "SELECT sealed_before FROM click_day_totals_sealed WHERE app_id = \(bind: appId)"
            ).first()?.decode(column: "sealed_before", as: Int64.self)
        else { return nil }
        let staleDays = try await database.raw(
            """
            SELECT day FROM click_day_totals_stale WHERE app_id = \(bind: appId) AND day >= \(bind: RetentionDay.start(of: start))
            AND day < \(bind: end)
            """
        ).all().map { try $0.decode(column: "day", as: Int64.self) }
        return ClickDayCoverage(start: start, end: end, sealedBefore: sealedBefore, staleDays: staleDays)
    }

    /// `(column >= a AND column < b) OR …` over `intervals`, parenthesised.
    static func within(_ intervals: [Range<Int64>], column: String) -> SQLQueryString {
        var condition = SQLQueryString("(")
        for (index, interval) in intervals.enumerated() {
            if index > 0 { condition.appendLiteral(" OR ") }
            condition.appendInterpolation(
                "(\(unsafeRaw: column) >= \(bind: interval.lowerBound) AND \(unsafeRaw: column) < \(bind: interval.upperBound))"
                    as SQLQueryString)
        }
        condition.appendLiteral(")")
        return condition
    }

    /// `AND link_id = $n` with a bound id, or nothing: PostgreSQL cannot type a bare `$n IS NULL`.
    static func linkFilter(_ linkId: String?) -> SQLQueryString {
        guard let linkId else { return "" }
        return "AND link_id = \(bind: linkId)"
    }
}
