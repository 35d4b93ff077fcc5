import Foundation
import PostgresNIO
import SQLiteNIO

/// An install match's walk of one candidate index: unconsumed human clicks under one key, newest
/// first, from the index entries alone, with their link's own window through the partial index of
/// links that have one.
///
/// Constants only: the column is one of the two indexed keys. The predicate repeats the partial
/// index's own (install_id IS NULL AND is_bot = 0) so the planner can use it, and selects only
/// indexed columns so no click row is read.
enum CandidateWalk {
    enum SQLite {
        /// One statement per key column, which names its index.
        static func walk(column: String) -> String {
            """
            SELECT c.id, c.link_id, c.clicked_at, c.ip_prefix, c.match_evidence, l.attribution_window_hours AS link_window_hours
            FROM clicks c INDEXED BY clicks_candidates_\(column == "ip_prefix" ? "prefix" : "signature")
            LEFT JOIN links l INDEXED BY links_attribution_window ON l.id = c.link_id AND l.attribution_window_hours IS NOT NULL
            WHERE c.app_id = ? AND c.platform = ? AND c.\(column) = ? AND c.clicked_at >= ? AND c.clicked_at <= ?
            AND c.install_id IS NULL AND c.is_bot = 0
            ORDER BY c.clicked_at DESC LIMIT ?
            """
        }
    }

    enum Postgres {
        /// The walk's text; the arguments are the statement's parameters (`$n`) for each value,
        /// so ``MatchInputs`` can embed it.
        static func walk(column: String, value: String, since: String, until: String, limit: String) -> String {
            """
            SELECT c.id, c.link_id, c.clicked_at, c.ip_prefix, c.match_evidence, l.attribution_window_hours AS link_window_hours
            FROM clicks c LEFT JOIN links l ON l.id = c.link_id AND l.attribution_window_hours IS NOT NULL
            WHERE c.app_id = $1 AND c.platform = $2 AND c.\(column) = \(value) AND c.clicked_at >= \(since) AND c.clicked_at <= \(until)
            AND c.install_id IS NULL AND c.is_bot = false
            ORDER BY c.clicked_at DESC LIMIT \(limit)
            """
        }

        /// Which of the two candidate indexes a walk uses.
        protocol KeyColumn: Sendable {
            static var column: String { get }
        }

        enum NetworkPrefix: KeyColumn {
            static var column: String { "ip_prefix" }
        }

        enum DeviceSignature: KeyColumn {
            static var column: String { "signature" }
        }

        /// One walk as its own statement.
        struct Statement<Key: KeyColumn>: PostgresRowStatement {
            static var name: String { "landfall_candidates_by_\(Key.column)" }
            static var sql: String { walk(column: Key.column, value: "$3", since: "$4", until: "$5", limit: "$6") }
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
}

extension SQLiteHotPath {
    func candidateRefs(
        appId: String, platform: String, key: CandidateIndexKey, since: Date, until: Date, limit: Int
    ) async throws -> [CandidateRef] {
        let (column, value) =
            switch key {
            case .ipPrefix(let prefix): ("ip_prefix", prefix)
            case .signature(let signature): ("signature", signature)
            }
        let rows = try await provider.readRowsInline(
            CandidateWalk.SQLite.walk(column: column),
            [
                .text(appId), .text(platform), .text(value), .integer(SQLiteInt64(since.epochMilliseconds)),
                .integer(SQLiteInt64(until.epochMilliseconds)), .integer(SQLiteInt64(limit)),
            ])
        return try rows.map { try SQLStorage.decodeCandidateRef(SQLiteValues(row: $0)) }
    }
}

extension PostgresHotPath {
    func candidateRefs(
        appId: String, platform: String, key: CandidateIndexKey, since: Date, until: Date, limit: Int
    ) async throws -> [CandidateRef] {
        let (from, to) = (since.epochMilliseconds, until.epochMilliseconds)
        let rows =
            switch key {
            case .ipPrefix(let prefix):
                try await provider.rows(
                    CandidateWalk.Postgres.Statement<CandidateWalk.Postgres.NetworkPrefix>(
                        appId: appId, platform: platform, value: prefix, since: from, until: to, limit: Int64(limit)
                    ))
            case .signature(let signature):
                try await provider.rows(
                    CandidateWalk.Postgres.Statement<CandidateWalk.Postgres.DeviceSignature>(
                        appId: appId, platform: platform, value: signature, since: from, until: to, limit: Int64(limit)
                    ))
            }
        return try rows.map { try SQLStorage.decodeCandidateRef(PostgresRowValues($0)) }
    }
}
