import Foundation
import PostgresNIO
import SQLiteNIO

/// A page of settled redirect clicks for the statistics service, which reads every click back once:
/// each engine's values directly, as SQLKit's `Codable` rows cost about as much per click as a tenth
/// of its redirect. Posted clicks (received_at set) were counted when stored: their stated time may
/// lie behind the watermark, which only moves forward.
enum SettledClicks {
    /// On a reader connection's pool thread, not inline: a page is a long read.
    enum SQLite {
        static let read = """
            SELECT * FROM clicks WHERE clicked_at > ? AND clicked_at <= ? AND is_bot = 0 AND received_at IS NULL ORDER BY clicked_at LIMIT ?
            """
    }

    /// The range on `clicks_time` with a limit plans the same for any bounds.
    struct Postgres: PostgresRowStatement {
        static let name = "landfall_settled_clicks"
        static let sql = """
            SELECT \((SQLStorage.clickColumns + ["install_id", "received_at"]).joined(separator: ", ")) FROM clicks
            WHERE clicked_at > $1 AND clicked_at <= $2 AND is_bot = false AND received_at IS NULL ORDER BY clicked_at LIMIT $3
            """
        var after: Int64
        var upTo: Int64
        var limit: Int64

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 3)
            bindings.append(after)
            bindings.append(upTo)
            bindings.append(limit)
            return bindings
        }
    }
}

extension SQLiteHotPath {
    func settledClicks(after: Date, upTo: Date, limit: Int) async throws -> [ClickRecord] {
        try await provider.readRows(
            SettledClicks.SQLite.read,
            [.integer(SQLiteInt64(after.epochMilliseconds)), .integer(SQLiteInt64(upTo.epochMilliseconds)), .integer(SQLiteInt64(limit))]
        ).map { try SQLStorage.decodeClick(SQLiteValues(row: $0)) }
    }
}

extension PostgresHotPath {
    func settledClicks(after: Date, upTo: Date, limit: Int) async throws -> [ClickRecord] {
        let rows = try await provider.rows(
            SettledClicks.Postgres(
                after: after.epochMilliseconds, upTo: upTo.epochMilliseconds, limit: Int64(limit)
            ))
        return try rows.map { try SQLStorage.decodeClick(PostgresRowValues($0)) }
    }
}
