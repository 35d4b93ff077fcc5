import Foundation
import Hummingbird
import LandfallStore

/// The query of `GET /api/analytics/series`, validated.
struct SeriesRequest: Sendable {
    enum Interval: String, Sendable {
        case hour
        case day

        var milliseconds: Int64 { self == .hour ? 3_600_000 : 86_400_000 }
        /// Long enough for the charts people draw at this resolution, short enough to stay bounded.
        var maximumRange: TimeInterval { self == .hour ? 31 * 86_400 : 366 * 86_400 }
        /// Buckets counted per query when streaming CSV.
        var chunkBuckets: Int64 { self == .hour ? 48 : 31 }
    }

    enum Grouping: String, Sendable, CaseIterable {
        case none, link, template, campaign, platform, country

        /// The column the database groups by; template and campaign roll up from links.
        var dimension: AnalyticsSeriesQuery.Dimension {
            switch self {
            case .none: .none
            case .link, .template, .campaign: .link
            case .platform: .platform
            case .country: .country
            }
        }
    }

    var from: Date
    var to: Date
    var interval: Interval
    var grouping: Grouping
    var linkId: String?
    /// Groups shown in the JSON answer; the rest are summed into `(other)`.
    var limit: Int
    var wantsCSV: Bool

    /// Bucket boundaries fall on whole UTC hours or days, whatever `from` is.
    var origin: Date {
        let start = from.epochMilliseconds
        let width = interval.milliseconds
        return Date(epochMilliseconds: start - ((start % width) + width) % width)
    }

    init(_ request: Request, now: Date) throws {
        let parameters = request.uri.queryParameters
        let intervalText = parameters.get("interval") ?? "day"
        guard let interval = Interval(rawValue: intervalText) else { throw APIError.validation("interval", "must be hour or day") }
        self.interval = interval
        let groupText = parameters.get("groupBy") ?? "none"
        guard let grouping = Grouping(rawValue: groupText) else {
            throw APIError.validation("groupBy", "must be one of \(Grouping.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self.grouping = grouping
        to = try parameters.get("to").map { try AnalyticsController.date($0, field: "to") } ?? now.addingTimeInterval(1)
        from = try parameters.get("from").map { try AnalyticsController.date($0, field: "from") } ?? to.addingTimeInterval(-30 * 86_400)
        guard from < to else { throw APIError.validation("from", "must be before to") }
        guard to.timeIntervalSince(from) <= interval.maximumRange else {
            throw APIError.validation(
                "to", "with interval=\(interval.rawValue) the range can span at most \(Int(interval.maximumRange / 86_400)) days")
        }
        linkId = try Validate.text(parameters.get("linkId"), "linkId", max: 64)
        limit = 20
        if let text = parameters.get("limit") {
            guard let value = Int(text), (1...100).contains(value) else { throw APIError.validation("limit", "must be between 1 and 100") }
            limit = value
        }
        let format = parameters.get("format")
        guard format == nil || format == "json" || format == "csv" else { throw APIError.validation("format", "must be json or csv") }
        wantsCSV = format == "csv" || (format == nil && (request.headers[.accept] ?? "").lowercased().contains("text/csv"))
    }

    /// The query for `[start, end)`, a part of the range.
    func query(appId: String, from start: Date, to end: Date) -> AnalyticsSeriesQuery {
        AnalyticsSeriesQuery(
            appId: appId, linkId: linkId, from: start, to: end, origin: origin, bucketMilliseconds: interval.milliseconds,
            dimension: grouping.dimension
        )
    }

    /// The range cut into consecutive parts of whole buckets, for streaming.
    var chunks: [(Date, Date)] {
        let width = interval.milliseconds * interval.chunkBuckets
        var parts: [(Date, Date)] = []
        var start = from.epochMilliseconds
        let end = to.epochMilliseconds
        let base = origin.epochMilliseconds
        while start < end {
            let boundary = base + ((start - base) / width + 1) * width
            parts.append((Date(epochMilliseconds: start), Date(epochMilliseconds: min(end, boundary))))
            start = boundary
        }
        return parts
    }
}
