import Foundation

/// The operations a serving server runs on every redirect, install and event batch, each written
/// for its engine rather than once for both: SQLite reads them on the caller's thread with cached
/// statements and writes them as single statements, PostgreSQL runs them as statements prepared
/// once per connection. The provider that opened the database hands the store its engine's
/// conformance (``SQLDatabaseProvider/hotPath``), so the store picks an engine once, not per call.
///
/// Each operation's file under `Hot/` holds both engines' SQL side by side, and both
/// conformances' methods for it.
protocol HotPath: Sendable {
    /// The most clicks ``insertClicks(_:)`` writes as one statement (see ``SQLStorage/largestClickWrite``).
    var largestClickWrite: Int { get }
    /// How many click batches may be written at once (see ``SQLStorage/clickWritesInFlight``).
    var clickWritesInFlight: Int { get }

    /// Inserts a non-empty batch atomically.
    func insertClicks(_ clicks: [ClickRecord]) async throws

    /// Inserts a non-empty batch atomically and in order, skipping retries (see ``SQLStorage/insertEvents(_:)``).
    func insertEvents(_ events: [EventRecord]) async throws -> [(event: EventRecord, duplicate: Bool)]

    /// `store` decodes the link's content.
    func link(shortCode: String, appId: String, store: SQLStorage) async throws -> LinkRecord?
    func links(shortCode: String, store: SQLStorage) async throws -> [LinkRecord]

    func candidateRefs(
        appId: String, platform: String, key: CandidateIndexKey, since: Date, until: Date, limit: Int
    ) async throws -> [CandidateRef]
    /// `ids` is not empty.
    func candidateClicks(ids: [String]) async throws -> [CandidateClick]
    /// Adds the count of each of `tally`'s wanted pairs, of which there is at least one.
    func population(appId: String, platform: String, fromDay: Int64, toDay: Int64, into tally: inout PopulationTally) async throws
    /// `store` answers the reads one by one where the engine has no single statement for them.
    func matchReads(_ request: MatchReadRequest, store: SQLStorage) async throws -> MatchReads

    /// A page of redirect clicks for the statistics service (see ``SQLStorage/clicks(after:upTo:limit:)``).
    func settledClicks(after: Date, upTo: Date, limit: Int) async throws -> [ClickRecord]
}

/// An engine's ``HotPath`` as its provider hands it to the store. Opaque outside the store: only
/// the two engines the store has SQL for can make one.
public struct HotPathChoice: Sendable {
    let implementation: any HotPath
}
