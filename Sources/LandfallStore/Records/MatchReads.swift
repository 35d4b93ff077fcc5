import Foundation

/// What a probabilistic install match reads before it scores: the population of the install's factor
/// values over the window's days, and the newest candidates under each of its index keys.
public struct MatchReadRequest: Sendable {
    public var appId: String
    public var platform: String
    /// The keys to walk; each is one candidate index range.
    public var keys: [CandidateIndexKey]
    public var since: Date
    public var until: Date
    /// Candidates per key.
    public var limit: Int
    public var fromDay: Int64
    public var toDay: Int64
    /// The (factor, value) pairs to count besides the total.
    public var values: [(factor: String, value: String)]
    /// Whether to count the total clicks too (a caller that has it in memory asks for the pairs only).
    public var countsTotal: Bool

    public init(
        appId: String, platform: String, keys: [CandidateIndexKey], since: Date, until: Date, limit: Int,
        fromDay: Int64, toDay: Int64, values: [(factor: String, value: String)], countsTotal: Bool = true
    ) {
        self.countsTotal = countsTotal
        self.appId = appId
        self.platform = platform
        self.keys = keys
        self.since = since
        self.until = until
        self.limit = limit
        self.fromDay = fromDay
        self.toDay = toDay
        self.values = values
    }
}

public struct MatchReads: Sendable {
    public var population: ClickPopulation
    /// Every key's candidates, in key order, each key's newest first; a click found under both keys
    /// appears twice.
    public var candidates: [CandidateRef]

    public init(population: ClickPopulation, candidates: [CandidateRef]) {
        self.population = population
        self.candidates = candidates
    }

    /// The population and each key's walk as separate reads, all at once (SQLite's inline reads
    /// run on the calling thread, so they cost no hop each).
    public static func readSeparately(_ request: MatchReadRequest, from storage: some AttributionStorage) async throws -> MatchReads {
        async let population = storage.population(
            appId: request.appId, platform: request.platform, fromDay: request.fromDay, toDay: request.toDay, values: request.values,
            includingTotal: request.countsTotal
        )
        let candidates = try await withThrowingTaskGroup(of: (Int, [CandidateRef]).self) { group in
            for (index, key) in request.keys.enumerated() {
                group.addTask {
                    let refs = try await storage.candidateRefs(
                        appId: request.appId, platform: request.platform, key: key, since: request.since, until: request.until,
                        limit: request.limit
                    )
                    return (index, refs)
                }
            }
            var byKey: [[CandidateRef]] = Array(repeating: [], count: request.keys.count)
            for try await (index, refs) in group { byKey[index] = refs }
            return byKey.flatMap { $0 }
        }
        return MatchReads(population: try await population, candidates: candidates)
    }
}
