import PostgresNIO
import SQLKit
import SQLiteNIO

/// The candidate clicks a match scores, by the ids its index walks found: ``SQLStorage/candidateColumns``
/// and their link's window, only those still unconsumed and human.
enum CandidateClicks {
    static let columns = SQLStorage.candidateColumns.map { "clicks." + $0 }.joined(separator: ", ")

    enum SQLite {
        /// Ids per statement: well under SQLite's bind limit.
        static let chunkIds = 500

        static func read(ids: Int) -> String {
            """
            SELECT \(columns), links.attribution_window_hours AS link_window_hours
            FROM clicks LEFT JOIN links ON links.id = clicks.link_id
            WHERE clicks.id IN (\(Array(repeating: "?", count: ids).joined(separator: ", ")))
            AND clicks.install_id IS NULL AND clicks.is_bot = 0
            """
        }
    }

    enum Postgres {
        /// Through SQLKit, planned for its parameters: the ids are a list of any length.
        static func read(ids: [String]) -> SQLQueryString {
            var list = SQLQueryString("")
            for (index, id) in ids.enumerated() {
                if index > 0 { list.appendLiteral(", ") }
                list.appendInterpolation(bind: id)
            }
            return """
                SELECT \(unsafeRaw: columns), links.attribution_window_hours AS link_window_hours
                FROM clicks LEFT JOIN links ON links.id = clicks.link_id
                WHERE clicks.id IN (\(list)) AND clicks.install_id IS NULL AND clicks.is_bot = false
                """
        }
    }
}

extension SQLiteHotPath {
    func candidateClicks(ids: [String]) async throws -> [CandidateClick] {
        var found: [CandidateClick] = []
        for chunk in ids.chunked(into: CandidateClicks.SQLite.chunkIds) {
            let rows = try await provider.readRowsInline(CandidateClicks.SQLite.read(ids: chunk.count), chunk.map { .text($0) })
            found += try rows.map { try SQLStorage.decodeCandidateClick(SQLiteValues(row: $0)) }
        }
        return found
    }
}

extension PostgresHotPath {
    func candidateClicks(ids: [String]) async throws -> [CandidateClick] {
        let query = CandidateClicks.Postgres.read(ids: ids)
        return try await provider.read { database in
            try await database.raw(query).all().map { try SQLStorage.decodeCandidateClick(SQLKitValues(row: $0)) }
        }
    }
}
