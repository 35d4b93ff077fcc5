import Foundation
import SQLKit

extension SQLStorage {
    public func insertNewClicks(_ clicks: [ClickRecord]) async throws -> Set<String> {
        guard !clicks.isEmpty else { return [] }
        // `ON CONFLICT (id) DO NOTHING` on the primary key makes a replay (even two at once) insert
        // nothing, on both engines; RETURNING tells which rows are new.
        return try await provider.transaction { database in
            var inserted: Set<String> = []
            for chunk in clicks.chunked(into: Self.clickChunkRows) {
                var sql = SQLQueryString("INSERT INTO clicks (\(unsafeRaw: Self.clickColumns.joined(separator: ", "))) VALUES ")
                for (index, click) in chunk.enumerated() {
                    if index > 0 { sql.appendLiteral(", ") }
                    Self.appendRow(click, to: &sql)
                }
                sql.appendLiteral(" ON CONFLICT (id) DO NOTHING RETURNING id")
                for row in try await database.raw(sql).all() {
                    inserted.insert(try row.decode(column: "id", as: String.self))
                }
            }
            return inserted
        }
    }
}
