import Foundation
import SQLKit

extension SQLStorage {
    public func insertNewClicks(_ clicks: [ClickRecord], statistics: @escaping @Sendable ([ClickRecord]) -> [ClickStatDelta]) async throws
        -> Set<String>
    {
        guard !clicks.isEmpty else { return [] }
        // `ON CONFLICT (id) DO NOTHING` on a primary key of the id alone makes a replay (even two at
        // once) insert nothing; RETURNING tells which rows are new. On SQLite that key is the
        // clicks'; PostgreSQL's partitioned clicks are keyed by (id, clicked_at) and a replay may
        // state another time, so the ids are claimed in `posted_click_ids` first (migration 0018).
        let partitioned = engine == .postgres
        return try await provider.transaction { database in
            var inserted: Set<String> = []
            var pending = clicks
            if partitioned {
                var claimed: Set<String> = []
                for chunk in pending.chunked(into: Self.clickChunkRows) {
                    var sql = SQLQueryString("INSERT INTO posted_click_ids (id, clicked_at) VALUES ")
                    for (index, click) in chunk.enumerated() {
                        if index > 0 { sql.appendLiteral(", ") }
                        sql.appendInterpolation("(\(bind: click.id), \(bind: click.clickedAt.epochMilliseconds))" as SQLQueryString)
                    }
                    sql.appendLiteral(" ON CONFLICT (id) DO NOTHING RETURNING id")
                    for row in try await database.raw(sql).all() { claimed.insert(try row.decode(column: "id", as: String.self)) }
                }
                // A batch naming one id twice claims it once: the first copy is stored.
                var seen: Set<String> = []
                pending = pending.filter { claimed.contains($0.id) && seen.insert($0.id).inserted }
            }
            for chunk in pending.chunked(into: Self.clickChunkRows) {
                var sql = SQLQueryString("INSERT INTO clicks (\(unsafeRaw: Self.clickColumns.joined(separator: ", "))) VALUES ")
                for (index, click) in chunk.enumerated() {
                    if index > 0 { sql.appendLiteral(", ") }
                    Self.appendRow(click, to: &sql)
                }
                sql.appendLiteral(partitioned ? " RETURNING id" : " ON CONFLICT (id) DO NOTHING RETURNING id")
                for row in try await database.raw(sql).all() {
                    inserted.insert(try row.decode(column: "id", as: String.self))
                }
            }
            let new = pending.filter { inserted.contains($0.id) }
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
