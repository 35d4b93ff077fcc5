import PostgresNIO
import SQLiteNIO

/// A redirect's click batch (the click recorder's flush), in ``SQLStorage/clickColumns`` order.
enum ClickInsert {
    enum SQLite {
        /// Rows per statement: 54,000 binds, under the 250,000 SQLiteNIO's SQLite is built with.
        static let chunkRows = 2_000

        /// `INSERT INTO clicks (…) VALUES (?, …), …` for a full chunk, built once.
        private static let fullChunkInsert = insertSQL(rows: chunkRows)

        private static func insertSQL(rows: Int) -> String {
            SQLiteBinding.multiRowInsert(into: "clicks", columns: SQLStorage.clickColumns, rows: rows)
        }

        /// One chunk as a statement with its values bound directly.
        static func insert(_ chunk: ArraySlice<ClickRecord>) -> (sql: String, binds: [SQLiteData]) {
            let text = SQLiteBinding.text, integer = SQLiteBinding.integer(_:) as (Int?) -> SQLiteData
            var binds: [SQLiteData] = []
            binds.reserveCapacity(chunk.count * SQLStorage.clickColumns.count)
            for click in chunk {
                binds.append(contentsOf: [
                    .text(click.id), .text(click.appId), .text(click.linkId), .integer(SQLiteInt64(click.clickedAt.epochMilliseconds)),
                    .text(click.clickToken), text(click.ipAddress), text(click.userAgent), .text(click.platform),
                    text(click.osVersion), .text(click.deviceClass), text(click.deviceModel), text(click.browser),
                    text(click.inAppBrowser), text(click.acceptLanguage), text(click.referrer), text(click.country),
                    .integer(click.isBot ? 1 : 0), text(click.botName),
                    integer(click.signals.screenWidth), integer(click.signals.screenHeight),
                    text(click.signals.timezone), text(click.signals.language), text(click.ipPrefix), text(click.signature),
                    text(click.signals.platformVersion), text(click.signals.deviceModel), text(click.matchEvidence),
                ])
            }
            let sql = chunk.count == chunkRows ? fullChunkInsert : insertSQL(rows: chunk.count)
            return (sql, binds)
        }
    }

    /// A whole batch as one statement of one array per column: the same text whatever the batch's
    /// size, so it is prepared once, and atomic without a transaction around it.
    ///
    /// A row already stored under its primary key is skipped: a batch that committed but whose
    /// acknowledgement was lost with its connection is written again by the recorder, and would
    /// otherwise fail on its own rows for ever. Redirect ids are random UUIDs, so nothing else
    /// shares one; a skipped row is not in the statement's transition table, so the token trigger
    /// does not claim its token a second time, while a new row reusing a stored token still fails
    /// the whole statement (the claim is the trigger's own insert, which no `ON CONFLICT` covers).
    /// No conflict target: on the partitioned table the primary key `(id, clicked_at)` is its only
    /// unique index, and a table migrated only up to 0018 (the partitioning migration's test) has
    /// its primary key on `id` alone.
    struct Postgres: PostgresRowStatement {
        static let name = "landfall_insert_clicks"
        static let sql: String = {
            let arrays = SQLStorage.clickColumns.enumerated().map { index, column in
                "$\(index + 1)::\(integerColumns.contains(column) ? "int8" : column == "is_bot" ? "bool" : "text")[]"
            }
            return
                "INSERT INTO clicks (\(SQLStorage.clickColumns.joined(separator: ", "))) SELECT * FROM unnest(\(arrays.joined(separator: ", "))) "
                + "ON CONFLICT DO NOTHING"
        }()
        private static let integerColumns: Set<String> = ["clicked_at", "screen_width", "screen_height"]
        var clicks: [ClickRecord]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: SQLStorage.clickColumns.count)
            func text(_ value: (ClickRecord) -> String?) { bindings.append(PostgresNullableArray(elements: clicks.map(value))) }
            func integer(_ value: (ClickRecord) -> Int64?) { bindings.append(PostgresNullableArray(elements: clicks.map(value))) }
            text(\.id); text(\.appId); text(\.linkId); integer { $0.clickedAt.epochMilliseconds }
            text(\.clickToken); text(\.ipAddress); text(\.userAgent); text(\.platform)
            text(\.osVersion); text(\.deviceClass); text(\.deviceModel); text(\.browser)
            text(\.inAppBrowser); text(\.acceptLanguage); text(\.referrer); text(\.country)
            bindings.append(clicks.map(\.isBot)); text(\.botName)
            integer { $0.signals.screenWidth.map(Int64.init) }; integer { $0.signals.screenHeight.map(Int64.init) }
            text(\.signals.timezone); text(\.signals.language); text(\.ipPrefix); text(\.signature)
            text(\.signals.platformVersion); text(\.signals.deviceModel); text(\.matchEvidence)
            return bindings
        }
    }
}

extension SQLiteHotPath {
    /// One statement: its own transaction. A larger write is a transaction of several statements,
    /// each of which keeps a statement journal in memory, a copy of every page it changes (up to a
    /// sixth of a redirect server's heap).
    var largestClickWrite: Int { ClickInsert.SQLite.chunkRows }

    var clickWritesInFlight: Int { 1 }

    func insertClicks(_ clicks: [ClickRecord]) async throws {
        // Bound before taking the writer: inside, each statement is a hop to the writer's thread
        // and back to a task, and under load every hop back waits behind the redirects queued
        // on the same threads. Fewer, larger statements make fewer hops.
        let inserts = clicks.chunked(into: ClickInsert.SQLite.chunkRows).map(ClickInsert.SQLite.insert)
        try await provider.rawAtomicWrite(writes: inserts.count) { statements in
            for insert in inserts {
                try await statements.run(insert.sql, insert.binds)
            }
        }
    }
}

extension PostgresHotPath {
    /// Any batch is one statement of arrays.
    var largestClickWrite: Int { .max }

    /// Batches on separate connections: while one waits for its commit's WAL flush or for pages of
    /// the month's indexes, the next is already being inserted, and the recorder's buffer no longer
    /// fills behind one slow batch. Each batch in flight is at most a full buffer of clicks.
    var clickWritesInFlight: Int { 3 }

    func insertClicks(_ clicks: [ClickRecord]) async throws {
        _ = try await provider.rows(ClickInsert.Postgres(clicks: clicks))
    }
}
