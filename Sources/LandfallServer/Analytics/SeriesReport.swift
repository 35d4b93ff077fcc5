import Foundation
import LandfallModels
import LandfallStore

/// The JSON answer of `GET /api/analytics/series`: one series per group, with a point for every
/// bucket of the range (zeros included, so charts need no gap filling).
struct SeriesReport: Encodable {
    var from: Date
    var to: Date
    var interval: String
    var groupBy: String
    var linkId: String?
    var currencies: [String]
    var totals: Counts
    var series: [Series]

    struct Series: Encodable {
        var key: String
        var label: String
        var totals: Counts
        /// One per bucket, flat: `{"start": …, "clicks": …}`.
        var points: [Counts]
    }

    struct Counts: Encodable {
        /// The bucket's start, on points only.
        var start: Date?
        var clicks: Int
        var botClicks: Int
        var installs: Int
        var installsByMethod: [String: Int]
        var events: Int
        /// Currency → exact decimal amount.
        var revenue: [String: String]

        init(_ counts: SeriesCounts, start: Date? = nil) {
            self.start = start
            clicks = counts.clicks
            botClicks = counts.botClicks
            installs = counts.installs
            var methods = Dictionary(uniqueKeysWithValues: InstallMethod.allCases.map { ($0.rawValue, 0) })
            methods.merge(counts.installsByMethod, uniquingKeysWith: +)
            installsByMethod = methods
            events = counts.events
            revenue = counts.revenueMicros.mapValues(EventService.format(micros:))
        }
    }

    static let otherKey = "(other)"

    /// Builds the answer from every row of the range; groups past `limit` are summed into `(other)`.
    init(request: SeriesRequest, currencies: [String], rows: [SeriesGrouper.Row]) {
        from = request.from
        to = request.to
        interval = request.interval.rawValue
        groupBy = request.grouping.rawValue
        linkId = request.linkId
        self.currencies = currencies
        var byGroup: [String: (label: String, totals: SeriesCounts, points: [Int64: SeriesCounts])] = [:]
        var total = SeriesCounts()
        let width = request.interval.milliseconds
        let origin = request.origin.epochMilliseconds
        for row in rows {
            let index = (row.bucket.epochMilliseconds - origin) / width
            var group = byGroup[row.key] ?? (row.label, SeriesCounts(), [:])
            group.totals.add(row.counts)
            group.points[index, default: SeriesCounts()].add(row.counts)
            byGroup[row.key] = group
            total.add(row.counts)
        }
        let ranked = byGroup.sorted { ($0.value.totals.weight, $1.key) > ($1.value.totals.weight, $0.key) }
        var shown = Array(ranked.prefix(request.limit))
        if ranked.count > request.limit {
            var other: (label: String, totals: SeriesCounts, points: [Int64: SeriesCounts]) = ("(other)", SeriesCounts(), [:])
            for (_, group) in ranked.dropFirst(request.limit) {
                other.totals.add(group.totals)
                for (index, counts) in group.points { other.points[index, default: SeriesCounts()].add(counts) }
            }
            shown.append((Self.otherKey, other))
        }
        // Every bucket whose start lies before `to`, from the one holding `from`.
        let bucketCount = (request.to.epochMilliseconds - origin + width - 1) / width
        if shown.isEmpty, request.grouping == .none { shown = [("all", ("all", SeriesCounts(), [:]))] }
        series = shown.map { key, group in
            Series(
                key: key, label: group.label, totals: Counts(group.totals),
                points: (0..<bucketCount).map { index in
                    Counts(group.points[index] ?? SeriesCounts(), start: Date(epochMilliseconds: origin + index * width))
                }
            )
        }
        totals = Counts(total)
    }
}
