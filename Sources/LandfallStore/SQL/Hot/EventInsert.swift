import PostgresNIO
import SQLKit
import SQLiteKit
import SQLiteNIO

/// A group commit of events: one multi-row `INSERT … ON CONFLICT DO NOTHING RETURNING id` per chunk
/// (SQLite) or one prepared statement of arrays (PostgreSQL) keeps hundreds of events to a few
/// statements; only the retries cost a read.
enum EventInsert {
    static let columns = [
        "id", "app_id", "install_id", "client_event_id", "name", "data", "occurred_at", "received_at", "revenue_micros",
        "revenue_currency", "link_id", "click_id", "sequence",
    ]

    enum SQLite {
        /// Events per insert statement: a group commit of up to this many is one statement.
        static let chunkRows = 1_000

        /// The multi-row insert of `rows` events with `?` placeholders, skipping retries and naming
        /// the inserted ones.
        static func insert(rows: Int) -> String {
            SQLiteBinding.multiRowInsert(into: "events", columns: columns, rows: rows)
                + " ON CONFLICT (install_id, client_event_id) DO NOTHING RETURNING id"
        }

        /// The values of ``insert(rows:)``, in ``EventInsert/columns`` order.
        static func binds(_ events: ArraySlice<EventRecord>) -> [SQLiteData] {
            let text = SQLiteBinding.text, integer = SQLiteBinding.integer(_:) as (Int64?) -> SQLiteData
            var binds: [SQLiteData] = []
            binds.reserveCapacity(events.count * columns.count)
            for event in events {
                binds.append(contentsOf: [
                    .text(event.id), .text(event.appId), .text(event.installId), text(event.clientEventId), .text(event.name),
                    .text(event.data), integer(event.occurredAt.epochMilliseconds), integer(event.receivedAt.epochMilliseconds),
                    integer(event.revenueMicros), text(event.revenueCurrency), text(event.linkId), text(event.clickId),
                    integer(event.sequence),
                ])
            }
            return binds
        }

        static let stored = "SELECT * FROM events WHERE install_id = ? AND client_event_id = ?"
    }

    /// The batch as one statement of one array per column: prepared once whatever the batch's size
    /// (a multi-row `VALUES` was parsed anew for every batch, and its returned ids decoded through
    /// SQLKit), atomic without a transaction. A retry of an event already stored, also one earlier
    /// in the same batch, is skipped and left out of the returned ids.
    struct Postgres: PostgresRowStatement {
        static let name = "landfall_insert_events"
        static let sql: String = {
            let arrays = columns.enumerated().map { index, column in
                "$\(index + 1)::\(integerColumns.contains(column) ? "int8" : "text")[]"
            }
            return "INSERT INTO events (\(columns.joined(separator: ", "))) SELECT * FROM unnest(\(arrays.joined(separator: ", ")))"
                + " ON CONFLICT (install_id, client_event_id) DO NOTHING RETURNING id"
        }()
        private static let integerColumns: Set<String> = ["occurred_at", "received_at", "revenue_micros", "sequence"]
        var events: [EventRecord]

        /// In ``EventInsert/columns`` order.
        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: columns.count)
            func text(_ value: (EventRecord) -> String?) { bindings.append(PostgresNullableArray(elements: events.map(value))) }
            func integer(_ value: (EventRecord) -> Int64?) { bindings.append(PostgresNullableArray(elements: events.map(value))) }
            text(\.id); text(\.appId); text(\.installId); text(\.clientEventId); text(\.name); text(\.data)
            integer { $0.occurredAt.epochMilliseconds }; integer { $0.receivedAt.epochMilliseconds }
            integer(\.revenueMicros); text(\.revenueCurrency); text(\.linkId); text(\.clickId); integer(\.sequence)
            return bindings
        }
    }

    /// Each event with whether it was a retry: the inserted ones as given, the others as stored
    /// before (read by `existing(installId, clientEventId)`).
    static func pairing(
        _ events: [EventRecord], inserted: Set<String>, existing: (String, String) async throws -> EventRecord?
    ) async throws -> [(event: EventRecord, duplicate: Bool)] {
        var results: [(event: EventRecord, duplicate: Bool)] = []
        results.reserveCapacity(events.count)
        for event in events {
            if inserted.contains(event.id) {
                results.append((event, false))
                continue
            }
            guard let clientEventId = event.clientEventId, let stored = try await existing(event.installId, clientEventId) else {
                throw StoreError.corruptRecord("event \(event.id) was neither inserted nor found")
            }
            results.append((stored, true))
        }
        return results
    }
}

extension SQLiteHotPath {
    func insertEvents(_ events: [EventRecord]) async throws -> [(event: EventRecord, duplicate: Bool)] {
        let chunks = events.chunked(into: EventInsert.SQLite.chunkRows)
        return try await provider.rawAtomicWrite(writes: chunks.count) { statements in
            var inserted: Set<String> = []
            for chunk in chunks {
                for row in try await statements.run(EventInsert.SQLite.insert(rows: chunk.count), EventInsert.SQLite.binds(chunk)) {
                    if case .text(let id)? = row.column("id") { inserted.insert(id) }
                }
            }
            return try await EventInsert.pairing(events, inserted: inserted) { installId, clientEventId in
                try await statements.run(EventInsert.SQLite.stored, [.text(installId), .text(clientEventId)])
                    .first.map { try SQLStorage.decodeEvent($0.sql()) }
            }
        }
    }
}

extension PostgresHotPath {
    func insertEvents(_ events: [EventRecord]) async throws -> [(event: EventRecord, duplicate: Bool)] {
        var inserted: Set<String> = []
        for row in try await provider.rows(EventInsert.Postgres(events: events)) {
            inserted.insert(try row.decode(String.self))
        }
        return try await EventInsert.pairing(events, inserted: inserted) { installId, clientEventId in
            try await provider.read { database in
                try await database.raw(
                    """
                    SELECT * FROM events WHERE install_id = \(bind: installId) AND client_event_id = \(bind: clientEventId)
                    """
                ).first().map(SQLStorage.decodeEvent)
            }
        }
    }
}
