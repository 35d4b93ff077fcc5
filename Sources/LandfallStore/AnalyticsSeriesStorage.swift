import Foundation

/// Time series for the analytics API: counts per time bucket and per group, over a date range.
public protocol AnalyticsSeriesStorage: Sendable {
    /// Counts in `[query.from, query.to)`, one row per bucket and group value that has any.
    func analyticsSeries(_ query: AnalyticsSeriesQuery) async throws -> [AnalyticsSeriesRow]
    /// The currencies of revenue events in the range, sorted.
    func analyticsCurrencies(appId: String, linkId: String?, from: Date, to: Date) async throws -> [String]
    /// What the links with these ids roll up to (template, UTM campaign), for grouping by them.
    func analyticsLinkLabels(ids: [String], appId: String) async throws -> [AnalyticsLinkLabel]
}

/// What a series is counted over.
public struct AnalyticsSeriesQuery: Sendable, Hashable {
    /// The column rows are grouped by besides time; template and campaign group by link and roll up.
    public enum Dimension: String, Sendable, Hashable {
        case none
        case link
        case platform
        case country
    }

    public var appId: String
    public var linkId: String?
    public var from: Date
    public var to: Date
    /// Bucket starts are `origin + n × bucketMilliseconds`.
    public var origin: Date
    public var bucketMilliseconds: Int64
    public var dimension: Dimension

    public init(appId: String, linkId: String?, from: Date, to: Date, origin: Date, bucketMilliseconds: Int64, dimension: Dimension) {
        self.appId = appId
        self.linkId = linkId
        self.from = from
        self.to = to
        self.origin = origin
        self.bucketMilliseconds = bucketMilliseconds
        self.dimension = dimension
    }
}

/// The counts of one bucket and group.
public struct AnalyticsSeriesRow: Sendable, Hashable {
    /// The bucket's start.
    public var bucket: Date
    /// The group's value; nil when the group is unknown (an organic install has no link, a click
    /// behind no country header has no country).
    public var key: String?
    public var humanClicks: Int
    public var botClicks: Int
    /// `deterministic`, `probabilistic`, `organic` → installs.
    public var installsByMethod: [String: Int]
    public var events: Int
    public var revenueMicrosByCurrency: [String: Int64]

    public init(
        bucket: Date, key: String?, humanClicks: Int = 0, botClicks: Int = 0, installsByMethod: [String: Int] = [:], events: Int = 0,
        revenueMicrosByCurrency: [String: Int64] = [:]
    ) {
        self.bucket = bucket
        self.key = key
        self.humanClicks = humanClicks
        self.botClicks = botClicks
        self.installsByMethod = installsByMethod
        self.events = events
        self.revenueMicrosByCurrency = revenueMicrosByCurrency
    }
}

/// A link's short code, template and campaign.
public struct AnalyticsLinkLabel: Sendable, Hashable {
    public var id: String
    public var shortCode: String
    public var templateId: String?
    public var templateSlug: String?
    public var campaign: String?

    public init(id: String, shortCode: String, templateId: String?, templateSlug: String?, campaign: String?) {
        self.id = id
        self.shortCode = shortCode
        self.templateId = templateId
        self.templateSlug = templateSlug
        self.campaign = campaign
    }
}
