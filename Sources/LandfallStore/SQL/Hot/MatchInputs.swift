import PostgresNIO

/// Everything an install match reads before it scores: the population and both candidate walks.
/// SQLite reads them apart, all at once (its inline reads run on the calling thread, so they cost
/// no hop each); PostgreSQL in one statement.
enum MatchInputs {
    /// The population and both candidate walks in one statement: one connection lease, one round
    /// trip and one wake-up of a backend per match instead of three at once (which, on two cores,
    /// cost more than a millisecond each while the queries themselves ran in a tenth of one).
    ///
    /// Each part is one of the statements of ``Population`` and ``CandidateWalk``, unchanged, so
    /// each keeps its own plan; a key that is NULL matches nothing. `part` 0 is a population count
    /// (`position` counts the pairs from 1, as in ``Population/Postgres``), 1 a candidate by network
    /// prefix, 2 by device signature.
    struct Postgres: PostgresRowStatement {
        static let name = "landfall_match_inputs"
        static let sql = """
            WITH population AS (\(Population.Postgres.sql)),
            by_prefix AS (\(CandidateWalk.Postgres.walk(column: "ip_prefix", value: "$7::text", since: "$9", until: "$10", limit: "$11"))),
            by_signature AS (\(CandidateWalk.Postgres.walk(column: "signature", value: "$8::text", since: "$9", until: "$10", limit: "$11")))
            SELECT CAST(0 AS BIGINT) AS part, position, clicks, NULL::text AS id, NULL::text AS link_id, NULL::bigint AS clicked_at,
                NULL::text AS ip_prefix, NULL::text AS match_evidence, NULL::bigint AS link_window_hours
            FROM population
            UNION ALL
            SELECT 1, NULL, NULL, id, link_id, clicked_at, ip_prefix, match_evidence, link_window_hours FROM by_prefix
            UNION ALL
            SELECT 2, NULL, NULL, id, link_id, clicked_at, ip_prefix, match_evidence, link_window_hours FROM by_signature
            """

        /// `$1`-`$6`, the population's own parameters: its statement is the first part.
        var population: Population.Postgres
        var ipPrefix: String?
        var signature: String?
        var since: Int64
        var until: Int64
        var limit: Int64

        func makeBindings() throws -> PostgresBindings {
            var bindings = try population.makeBindings()
            for key in [ipPrefix, signature] {
                if let key { bindings.append(key) } else { bindings.appendNull() }
            }
            bindings.append(since)
            bindings.append(until)
            bindings.append(limit)
            return bindings
        }
    }
}

extension SQLiteHotPath {
    func matchReads(_ request: MatchReadRequest, store: SQLStorage) async throws -> MatchReads {
        try await MatchReads.readSeparately(request, from: store)
    }
}

extension PostgresHotPath {
    func matchReads(_ request: MatchReadRequest, store: SQLStorage) async throws -> MatchReads {
        var tally = PopulationTally(values: request.values, includingTotal: request.countsTotal)
        var ipPrefix: String?
        var signature: String?
        for key in request.keys {
            switch key {
            case .ipPrefix(let prefix): ipPrefix = prefix
            case .signature(let value): signature = value
            }
        }
        let population = Population.Postgres(
            appId: request.appId, platform: request.platform, pairs: tally.wanted, fromDay: request.fromDay, toDay: request.toDay
        )
        let rows = try await provider.rows(
            MatchInputs.Postgres(
                population: population, ipPrefix: ipPrefix, signature: signature, since: request.since.epochMilliseconds,
                until: request.until.epochMilliseconds,
                limit: Int64(request.limit)
            ))
        var byPrefix: [CandidateRef] = []
        var bySignature: [CandidateRef] = []
        for row in rows {
            let values = PostgresRowValues(row)
            switch try values.requiredInteger("part") {
            case 0: tally.add(position: try values.requiredInteger("position") - 1, clicks: try values.requiredInteger("clicks"))
            case 1: byPrefix.append(try SQLStorage.decodeCandidateRef(values))
            default: bySignature.append(try SQLStorage.decodeCandidateRef(values))
            }
        }
        // In the request's key order, as the separate reads return them.
        let candidates = request.keys.flatMap { key in
            switch key {
            case .ipPrefix: byPrefix
            case .signature: bySignature
            }
        }
        return MatchReads(population: tally.population, candidates: candidates)
    }
}
