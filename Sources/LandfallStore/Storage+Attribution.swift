import Foundation
import LandfallModels

/// Installs, the click candidates they are matched against, and the statistics behind the match.
public protocol AttributionStorage: Sendable {
    /// A click of the app by id, consumed or not.
    func click(id: String, appId: String) async throws -> ClickRecord?
    /// An unconsumed human click of the app by its token.
    func click(token: String, appId: String) async throws -> ClickRecord?
    /// Unconsumed human clicks of the app and platform in `[since, until]` with this network prefix,
    /// newest first, leaving out clicks older than their own link's attribution window. Served by an
    /// index on (app, platform, ip_prefix, clicked_at). A candidate carries what matching reads
    /// (ids, time, address, user agent, languages, screen, time zone, keys); browser, referrer,
    /// country and bot fields are left empty.
    func candidates(appId: String, platform: String, ipPrefix: String, since: Date, until: Date, limit: Int) async throws -> [ClickRecord]
    /// The same by device signature, through an index on (app, platform, signature, clicked_at).
    func candidates(appId: String, platform: String, signature: String, since: Date, until: Date, limit: Int) async throws -> [ClickRecord]
    /// Unconsumed human clicks of the app and platform in `[since, until]` under `key`, newest
    /// first, read from the candidate index alone (no click row is touched), each with its link's
    /// own window. Windows are not applied here; ``CandidateRef/matchEvidence`` is nil for clicks
    /// stored without it, whose rows ``candidateClicks(ids:)`` reads.
    func candidateRefs(appId: String, platform: String, key: CandidateIndexKey, since: Date, until: Date, limit: Int) async throws
        -> [CandidateRef]
    /// The unconsumed clicks with these ids, with the columns matching reads and their link's window.
    func candidateClicks(ids: [String]) async throws -> [CandidateClick]
    /// The population and every key's candidates a match reads, as ``population(appId:platform:fromDay:toDay:values:)``
    /// and ``candidateRefs(appId:platform:key:since:until:limit:)`` would return them (one round trip on PostgreSQL).
    func matchReads(_ request: MatchReadRequest) async throws -> MatchReads
    /// Counts over days `[fromDay, toDay]` for the requested factor values, and the total clicks unless
    /// `includingTotal` is false (then `clickCount` is 0: the caller has it from a cache).
    func population(
        appId: String, platform: String, fromDay: Int64, toDay: Int64, values: [(factor: String, value: String)], includingTotal: Bool
    ) async throws -> ClickPopulation
    /// Adds to the daily statistics and advances the watermark from `expected` to `to`, atomically;
    /// returns false (and changes nothing) when another server advanced it first.
    func recordStatistics(_ deltas: [ClickStatDelta], watermarkFrom expected: Int64, to: Int64) async throws -> Bool
    /// Epoch milliseconds up to which clicks are counted in the statistics; nil before the first count.
    func statisticsWatermark() async throws -> Int64?
    /// Human redirect clicks written in `(after, upTo]` (by click time), for the statistics service;
    /// posted clicks are counted by ``S2SClickStorage/insertNewClicks(_:statistics:)``.
    func clicks(after: Date, upTo: Date, limit: Int) async throws -> [ClickRecord]
    /// When the app's first human click on the platform happened, consumed or not; nil without one.
    /// Reads every index entry of the app and platform: call it once and keep the answer.
    func firstClickAt(appId: String, platform: String) async throws -> Date?

    func install(dedupKey: String, appId: String) async throws -> InstallRecord?
    func install(id: String, appId: String) async throws -> InstallRecord?
    /// The app's installs, newest first (ties by id, descending), only those attributed with
    /// `method` and on `platform` when given, and after `cursor` when given: at most `limit`.
    func installs(appId: String, method: InstallMethod?, platform: String?, after cursor: InstallCursor?, limit: Int) async throws
        -> [InstallRecord]
    /// Any app's install by id (events name only the install).
    func install(id: String) async throws -> InstallRecord?
    /// Stores the install and, when it names a click, consumes that click in the same transaction.
    /// Throws `.conflict("dedupKey")` when the install exists, `.conflict("click")` when the click was
    /// consumed by another install meanwhile.
    func insertInstall(_ install: InstallRecord) async throws

    func insertAppOpen(_ open: AppOpenRecord) async throws
}

/// In-app events.
public protocol EventStorage: Sendable {
    /// Stores the event unless one with the same install and client event id exists; returns the
    /// stored event and whether it was a duplicate.
    func insertEvent(_ event: EventRecord) async throws -> (event: EventRecord, duplicate: Bool)
    /// Stores several events in one transaction (the SDK's offline queue), each deduplicated.
    func insertEvents(_ events: [EventRecord]) async throws -> [(event: EventRecord, duplicate: Bool)]
    func events(installId: String) async throws -> [EventRecord]
}

/// Aggregates for the analytics API, bounded by a date range; every value bound, never interpolated.
public protocol AnalyticsStorage: Sendable {
    func analytics(appId: String, linkId: String?, from: Date, to: Date) async throws -> AnalyticsSummary
}

/// What the analytics endpoints report.
public struct AnalyticsSummary: Sendable, Hashable, Codable {
    public var humanClicks: Int
    public var botClicks: Int
    public var appOpens: Int
    /// `deterministic`, `probabilistic`, `organic` → installs.
    public var installsByMethod: [String: Int]
    public var eventsByName: [String: Int]
    /// ISO 4217 code → revenue in millionths.
    public var revenueMicrosByCurrency: [String: Int64]

    public init(
        humanClicks: Int = 0, botClicks: Int = 0, appOpens: Int = 0, installsByMethod: [String: Int] = [:],
        eventsByName: [String: Int] = [:], revenueMicrosByCurrency: [String: Int64] = [:]
    ) {
        self.humanClicks = humanClicks
        self.botClicks = botClicks
        self.appOpens = appOpens
        self.installsByMethod = installsByMethod
        self.eventsByName = eventsByName
        self.revenueMicrosByCurrency = revenueMicrosByCurrency
    }
}

extension AttributionStorage {
    /// Counts over days `[fromDay, toDay]` for the requested factor values, and the total clicks.
    public func population(
        appId: String, platform: String, fromDay: Int64, toDay: Int64, values: [(factor: String, value: String)]
    ) async throws -> ClickPopulation {
        try await population(appId: appId, platform: platform, fromDay: fromDay, toDay: toDay, values: values, includingTotal: true)
    }
}

/// Where a page of an app's installs ended: the last install's creation time and id.
public struct InstallCursor: Sendable, Hashable {
    public var createdAt: Date
    public var id: String

    public init(createdAt: Date, id: String) {
        self.createdAt = createdAt
        self.id = id
    }
}
