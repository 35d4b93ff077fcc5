import Foundation
import SQLKit

extension SQLStorage {
    public func insertNewClicks(_ clicks: [ClickRecord], statistics: @escaping @Sendable ([ClickRecord]) -> [ClickStatDelta]) async throws
        -> Set<String>
    {
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
            let new = clicks.filter { inserted.contains($0.id) }
            // The shared column list is the redirect's, which stores no receipt time (NULL: it arrived
            // as it happened); posted clicks add theirs here, grouped so a batch is a few statements.
            let byReceipt = Dictionary(grouping: new) { ($0.receivedAt ?? $0.clickedAt).epochMilliseconds }
            for (receivedAt, group) in byReceipt {
                for chunk in group.chunked(into: Self.clickChunkRows) {
                    var sql = SQLQueryString("UPDATE clicks SET received_at = \(bind: receivedAt) WHERE id IN (")
                    for (index, click) in chunk.enumerated() {
                        if index > 0 { sql.appendLiteral(", ") }
                        sql.appendInterpolation(bind: click.id)
                    }
                    sql.appendLiteral(")")
                    try await database.raw(sql).run()
                }
            }
            try await Self.addStatistics(statistics(new), on: database)
            return inserted
        }
    }
}
