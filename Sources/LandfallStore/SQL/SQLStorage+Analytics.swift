import Foundation
import SQLKit

extension SQLStorage {
    public func analytics(appId: String, linkId: String?, from: Date, to: Date) async throws -> AnalyticsSummary {
        let (start, end) = (from.epochMilliseconds, to.epochMilliseconds)
        return try await provider.read { database in
            var summary = AnalyticsSummary()
            // The view adds months retired from `clicks` but not yet folded (migration 0021), so a
            // click is counted once, raw or folded, whenever this runs.
            let clicks = try await database.raw(
                """
                SELECT is_bot, COUNT(*) AS count FROM analytics_clicks WHERE app_id = \(bind: appId)
                \(Self.linkFilter(linkId)) AND clicked_at >= \(bind: start) AND clicked_at < \(bind: end)
                GROUP BY is_bot
                """
            ).all()
            // Days folded past the click retention age count whole when their start is in the range.
            let folded = try await database.raw(
                """
                SELECT is_bot, CAST(SUM(clicks) AS BIGINT) AS count FROM click_daily_counts WHERE app_id = \(bind: appId)
                \(Self.linkFilter(linkId)) AND day >= \(bind: start) AND day < \(bind: end)
                GROUP BY is_bot
                """
            ).all()
            for row in clicks + folded {
                let count = Int(try row.decode(column: "count", as: Int64.self))
                if try row.decode(column: "is_bot", as: Bool.self) { summary.botClicks += count } else { summary.humanClicks += count }
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

    /// `AND link_id = $n` with a bound id, or nothing: PostgreSQL cannot type a bare `$n IS NULL`.
    static func linkFilter(_ linkId: String?) -> SQLQueryString {
        guard let linkId else { return "" }
        return "AND link_id = \(bind: linkId)"
    }
}
