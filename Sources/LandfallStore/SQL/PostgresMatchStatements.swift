import Foundation
import PostgresNIO

/// The reads of every install match on PostgreSQL, prepared once per connection: the population's
/// counts and the two candidate index walks. Each used to be parsed and planned per install, which
/// took longer than running it.
enum PostgresMatchStatements {
    /// The daily counts of the requested (factor, value) pairs, summed over days: one statement
    /// text for any number of pairs, each pair a point range on the primary key.
    struct Population: PostgresPreparedStatement {
        static let name = "landfall_population"
        static let sql = """
            SELECT CAST(v.position AS BIGINT) AS position, CAST(COALESCE(SUM(s.clicks), 0) AS BIGINT) AS clicks
            FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS v(factor, value, position)
            LEFT JOIN click_stats s ON s.app_id = $1 AND s.platform = $2 AND s.factor = v.factor AND s.value = v.value
                AND s.day >= $5 AND s.day <= $6
            GROUP BY v.position
            """
        typealias Row = (position: Int64, clicks: Int64)
        var appId: String
        var platform: String
        var pairs: [(factor: String, value: String)]
        var fromDay: Int64
        var toDay: Int64

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 6)
            bindings.append(appId)
            bindings.append(platform)
            bindings.append(pairs.map(\.factor))
            bindings.append(pairs.map(\.value))
            bindings.append(fromDay)
            bindings.append(toDay)
            return bindings
        }

        /// `position` counts the pairs from 1.
        func decodeRow(_ row: PostgresRow) throws -> Row {
            let (position, clicks) = try row.decode((Int64, Int64).self)
            return (position - 1, clicks)
        }
    }

    /// Which of the two candidate indexes a walk uses.
    protocol CandidateKeyColumn: Sendable {
        static var column: String { get }
    }

    enum NetworkPrefix: CandidateKeyColumn {
        static var column: String { "ip_prefix" }
    }

    enum DeviceSignature: CandidateKeyColumn {
        static var column: String { "signature" }
    }

    /// Unconsumed human clicks under one key, newest first, from the index entries alone, with their
    /// link's own window through the partial index of links that have one. The arguments are the
    /// statement's parameters (`$n`) for each value.
    static func candidateWalk(column: String, value: String, since: String, until: String, limit: String) -> String {
        """
        SELECT c.id, c.link_id, c.clicked_at, c.ip_prefix, c.match_evidence, l.attribution_window_hours AS link_window_hours
        FROM clicks c LEFT JOIN links l ON l.id = c.link_id AND l.attribution_window_hours IS NOT NULL
        WHERE c.app_id = $1 AND c.platform = $2 AND c.\(column) = \(value) AND c.clicked_at >= \(since) AND c.clicked_at <= \(until)
        AND c.install_id IS NULL AND c.is_bot = false
        ORDER BY c.clicked_at DESC LIMIT \(limit)
        """
    }

    /// One candidate walk as its own statement.
    struct CandidateWalk<Key: CandidateKeyColumn>: PostgresHotStatements.RowStatement {
        static var name: String { "landfall_candidates_by_\(Key.column)" }
        static var sql: String {
            PostgresMatchStatements.candidateWalk(column: Key.column, value: "$3", since: "$4", until: "$5", limit: "$6")
        }
        var appId: String
        var platform: String
        var value: String
        var since: Int64
        var until: Int64
        var limit: Int64

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 6)
            bindings.append(appId)
            bindings.append(platform)
            bindings.append(value)
            bindings.append(since)
            bindings.append(until)
            bindings.append(limit)
            return bindings
        }
    }
}

extension PostgresMatchStatements {
    /// The population and both candidate walks in one statement: one connection lease, one round
    /// trip and one wake-up of a backend per match instead of three at once (which, on two cores,
    /// cost more than a millisecond each while the queries themselves ran in a tenth of one).
    ///
    /// Each part is one of the statements above, unchanged, so each keeps its own plan; a key that
    /// is NULL matches nothing. `part` 0 is a population count (`position` counts the pairs from 1,
    /// as in ``Population``), 1 a candidate by network prefix, 2 by device signature.
    struct Inputs: PostgresHotStatements.RowStatement {
        static let name = "landfall_match_inputs"
        static let sql = """
            WITH population AS (\(Population.sql)),
            by_prefix AS (\(PostgresMatchStatements.candidateWalk(column: "ip_prefix", value: "$7::text", since: "$9", until: "$10", limit: "$11"))),
            by_signature AS (\(PostgresMatchStatements.candidateWalk(column: "signature", value: "$8::text", since: "$9", until: "$10", limit: "$11")))
            SELECT CAST(0 AS BIGINT) AS part, position, clicks, NULL::text AS id, NULL::text AS link_id, NULL::bigint AS clicked_at,
                NULL::text AS ip_prefix, NULL::text AS match_evidence, NULL::bigint AS link_window_hours
            FROM population
            UNION ALL
            SELECT 1, NULL, NULL, id, link_id, clicked_at, ip_prefix, match_evidence, link_window_hours FROM by_prefix
            UNION ALL
            SELECT 2, NULL, NULL, id, link_id, clicked_at, ip_prefix, match_evidence, link_window_hours FROM by_signature
            """

        /// `$1`-`$6`, the population's own parameters: its statement is the first part.
        var population: Population
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
