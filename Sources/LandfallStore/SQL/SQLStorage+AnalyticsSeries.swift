import Foundation
import LandfallModels
import SQLKit

extension SQLStorage {
    public func analyticsSeries(_ query: AnalyticsSeriesQuery) async throws -> [AnalyticsSeriesRow] {
        let (start, end, origin, width) = (
            query.from.epochMilliseconds, query.to.epochMilliseconds, query.origin.epochMilliseconds, query.bucketMilliseconds
        )
        let dimension = query.dimension
        return try await provider.read { database in
            var rows: [SeriesKey: AnalyticsSeriesRow] = [:]
            func row(_ sqlRow: any SQLRow) throws -> SeriesKey {
                let key = SeriesKey(
                    bucket: try sqlRow.decode(column: "bucket", as: Int64.self),
                    group: try sqlRow.decode(column: "group_key", as: String?.self))
                if rows[key] == nil {
                    rows[key] = AnalyticsSeriesRow(bucket: Date(epochMilliseconds: origin + key.bucket * width), key: key.group)
                }
                return key
            }
            /// Adds a row's `count` of clicks, human or bot by its `is_bot`, to its bucket and group.
            func addClicks(_ sqlRow: any SQLRow) throws {
                let key = try row(sqlRow)
                let count = Int(try sqlRow.decode(column: "count", as: Int64.self))
                if try sqlRow.decode(column: "is_bot", as: Bool.self) {
                    rows[key]?.botClicks += count
                } else {
                    rows[key]?.humanClicks += count
                }
            }
            let clickKey: SQLQueryString =
                switch dimension {
                case .none: "CAST(NULL AS TEXT)"
                case .link: "c.link_id"
                case .platform: "c.platform"
                case .country: "c.country"
                }
            // Whole days fall in one bucket each when buckets are whole UTC days: the app's counted
            // days then come from one row a day, or a day, platform and country (migrations 0022
            // and 0023), the rest from rows as below. A link's series and one by link read rows.
            var coverage: ClickDayCoverage?
            let grain = ClickDayCounts.Grain.answering(linkId: query.linkId, dimension: dimension)
            if grain != nil, width % RetentionDay.milliseconds == 0, origin % RetentionDay.milliseconds == 0 {
                coverage = try await Self.clickDayCoverage(database, appId: query.appId, start: start, end: end)
            }
            if let grain, let coverage, !coverage.isEmpty {
                for sqlRow in try await database.raw(
                    """
                    SELECT (day - \(bind: origin)) / \(bind: width) AS bucket, \(Self.dayCountKey(dimension)) AS group_key,
                        \(grain.human) AS human, \(grain.bot) AS bot
                    FROM \(grain.rows(appId: query.appId, coverage)) GROUP BY 1, 2
                    """
                ).all() {
                    let key = try row(sqlRow)
                    rows[key]?.humanClicks += Int(try sqlRow.decode(column: "human", as: Int64.self))
                    rows[key]?.botClicks += Int(try sqlRow.decode(column: "bot", as: Int64.self))
                }
            }
            let intervals = coverage?.rawIntervals(start: start, end: end) ?? [start..<end]
            // Raw clicks through the view that adds months retired but not yet folded (migration
            // 0021), here and in the country joins below.
            for sqlRow in try await intervals.isEmpty
                ? []
                : database.raw(
                    """
                    SELECT (c.clicked_at - \(bind: origin)) / \(bind: width) AS bucket, \(clickKey) AS group_key, c.is_bot, COUNT(*) AS count
                    FROM analytics_clicks c WHERE c.app_id = \(bind: query.appId) \(Self.seriesLinkFilter("c", query.linkId))
                        AND \(Self.within(intervals, column: "c.clicked_at"))
                    GROUP BY 1, 2, 3
                    """
                ).all()
            {
                try addClicks(sqlRow)
            }
            // Clicks folded past the retention age: a day's counts land in the bucket holding the
            // day's start. A row is either raw (in `clicks` or a retired month) or counted, never both, so the sum is exact.
            for sqlRow in try await intervals.isEmpty
                ? []
                : database.raw(
                    """
                    SELECT (d.day - \(bind: origin)) / \(bind: width) AS bucket, \(Self.dayCountKey(dimension, alias: "d")) AS group_key, d.is_bot,
                        CAST(SUM(d.clicks) AS BIGINT) AS count
                    FROM click_daily_counts d WHERE d.app_id = \(bind: query.appId) \(Self.seriesLinkFilter("d", query.linkId))
                        AND \(Self.within(intervals, column: "d.day"))
                    GROUP BY 1, 2, 3
                    """
                ).all()
            {
                try addClicks(sqlRow)
            }
            let (installKey, installJoin): (SQLQueryString, SQLQueryString) =
                switch dimension {
                case .none: ("CAST(NULL AS TEXT)", "")
                case .link: ("i.link_id", "")
                case .platform: ("i.platform", "")
                case .country: ("COALESCE(c.country, i.click_country)", "LEFT JOIN analytics_clicks c ON c.id = i.click_id")
                }
            for sqlRow in try await database.raw(
                """
                SELECT (i.created_at - \(bind: origin)) / \(bind: width) AS bucket, \(installKey) AS group_key, i.method, COUNT(*) AS count
                FROM installs i \(installJoin) WHERE i.app_id = \(bind: query.appId) \(Self.seriesLinkFilter("i", query.linkId))
                    AND i.created_at >= \(bind: start) AND i.created_at < \(bind: end)
                GROUP BY 1, 2, 3
                """
            ).all() {
                let key = try row(sqlRow)
                let method = try sqlRow.decode(column: "method", as: String.self)
                rows[key]?.installsByMethod[method, default: 0] += Int(try sqlRow.decode(column: "count", as: Int64.self))
            }
            let (eventKey, eventJoin): (SQLQueryString, SQLQueryString) =
                switch dimension {
                case .none: ("CAST(NULL AS TEXT)", "")
                case .link: ("e.link_id", "")
                case .platform: ("i.platform", "JOIN installs i ON i.id = e.install_id")
                case .country:
                    (
                        "COALESCE(c.country, ci.click_country)",
                        "LEFT JOIN analytics_clicks c ON c.id = e.click_id LEFT JOIN installs ci ON ci.id = e.install_id AND ci.click_id = e.click_id"
                    )
                }
            for sqlRow in try await database.raw(
                """
                SELECT (e.received_at - \(bind: origin)) / \(bind: width) AS bucket, \(eventKey) AS group_key, COUNT(*) AS count,
                    e.revenue_currency, CAST(SUM(e.revenue_micros) AS BIGINT) AS micros
                FROM events e \(eventJoin) WHERE e.app_id = \(bind: query.appId) \(Self.seriesLinkFilter("e", query.linkId))
                    AND e.received_at >= \(bind: start) AND e.received_at < \(bind: end)
                GROUP BY 1, 2, 4
                """
            ).all() {
                let key = try row(sqlRow)
                rows[key]?.events += Int(try sqlRow.decode(column: "count", as: Int64.self))
                if let currency = try sqlRow.decode(column: "revenue_currency", as: String?.self),
                    let micros = try sqlRow.decode(column: "micros", as: Int64?.self)
                {
                    rows[key]?.revenueMicrosByCurrency[currency, default: 0] += micros
                }
            }
            return rows.values.sorted { ($0.bucket, $0.key ?? "") < ($1.bucket, $1.key ?? "") }
        }
    }

    public func analyticsCurrencies(appId: String, linkId: String?, from: Date, to: Date) async throws -> [String] {
        try await provider.read { database in
            try await database.raw(
                """
                SELECT DISTINCT e.revenue_currency FROM events e WHERE e.app_id = \(bind: appId) \(Self.seriesLinkFilter("e", linkId))
                    AND e.received_at >= \(bind: from.epochMilliseconds) AND e.received_at < \(bind: to.epochMilliseconds)
                    AND e.revenue_currency IS NOT NULL
                """
            ).all().map { try $0.decode(column: "revenue_currency", as: String.self) }.sorted()
        }
    }

    public func analyticsLinkLabels(ids: [String], appId: String) async throws -> [AnalyticsLinkLabel] {
        guard !ids.isEmpty else { return [] }
        return try await provider.read { database in
            var labels: [AnalyticsLinkLabel] = []
            // Bounded statements: a long range grouped by link can name thousands of links.
            for start in stride(from: 0, to: ids.count, by: 500) {
                let chunk = Array(ids[start..<min(ids.count, start + 500)])
                for row in try await database.raw(
                    """
                    SELECT id, short_code, template_id, template_slug, content FROM links WHERE app_id = \(bind: appId) AND id IN (\(binds: chunk))
                    """
                ).all() {
                    let id = try row.decode(column: "id", as: String.self)
                    let content = try decodeLinkContent(try row.decode(column: "content", as: String.self), what: "link \(id)")
                    labels.append(
                        AnalyticsLinkLabel(
                            id: id, shortCode: try row.decode(column: "short_code", as: String.self),
                            templateId: try row.decode(column: "template_id", as: String?.self),
                            templateSlug: try row.decode(column: "template_slug", as: String?.self),
                            campaign: content.utmParameters?.campaign
                        ))
                }
            }
            return labels
        }
    }

    private struct SeriesKey: Hashable {
        var bucket: Int64
        var group: String?
    }

    /// The group of a row of day counts (`click_daily_counts` and those of migration 0023), where a
    /// country is '' for none.
    private static func dayCountKey(_ dimension: AnalyticsSeriesQuery.Dimension, alias: String? = nil) -> SQLQueryString {
        let prefix = alias.map { $0 + "." } ?? ""
        return switch dimension {
        case .none: "CAST(NULL AS TEXT)"
        case .link: "\(unsafeRaw: prefix)link_id"
        case .platform: "\(unsafeRaw: prefix)platform"
        case .country: "NULLIF(\(unsafeRaw: prefix)country, '')"
        }
    }

    /// `AND <alias>.link_id = $n`, or nothing.
    private static func seriesLinkFilter(_ alias: String, _ linkId: String?) -> SQLQueryString {
        guard let linkId else { return "" }
        return "AND \(unsafeRaw: alias).link_id = \(bind: linkId)"
    }
}
