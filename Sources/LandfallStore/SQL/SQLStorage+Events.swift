import Foundation
import PostgresNIO
import SQLKit
import SQLiteKit
import SQLiteNIO

extension SQLStorage {
    public func insertEvent(_ event: EventRecord) async throws -> (event: EventRecord, duplicate: Bool) {
        guard let result = try await insertEvents([event]).first else {
            throw StoreError.corruptRecord("event \(event.id) was neither inserted nor found")
        }
        return result
    }

    /// Stores a batch in one transaction, in order; an event whose install already has its client id
    /// is not inserted and the stored one is returned instead (a retry), also within the batch.
    ///
    /// One multi-row `INSERT … ON CONFLICT DO NOTHING RETURNING id` per chunk (SQLite) or one
    /// prepared statement of arrays (PostgreSQL) keeps a group commit of hundreds of events to a few
    /// statements; only the retries cost a read.
    public func insertEvents(_ events: [EventRecord]) async throws -> [(event: EventRecord, duplicate: Bool)] {
        guard !events.isEmpty else { return [] }
        if let sqlite = provider as? SQLiteDatabaseProvider {
            let chunks = events.chunked(into: Self.sqliteEventChunkRows)
            return try await sqlite.rawAtomicWrite(writes: chunks.count) { statements in
                var inserted: Set<String> = []
                for chunk in chunks {
                    for row in try await statements.run(Self.sqliteEventInsert(rows: chunk.count), Self.sqliteBinds(chunk)) {
                        if case .text(let id)? = row.column("id") { inserted.insert(id) }
                    }
                }
                return try await Self.pairing(events, inserted: inserted) { installId, clientEventId in
                    try await statements.run(
                        "SELECT * FROM events WHERE install_id = ? AND client_event_id = ?", [.text(installId), .text(clientEventId)]
                    ).first.map { try decodeEvent($0.sql()) }
                }
            }
        }
        guard let postgres = provider as? PostgresDatabaseProvider else {
            throw StoreError.invalidConfiguration("no event writer for \(engine)")
        }
        var inserted: Set<String> = []
        for row in try await postgres.rows(PostgresHotStatements.InsertEvents(events: events)) {
            inserted.insert(try row.decode(String.self))
        }
        return try await Self.pairing(events, inserted: inserted) { installId, clientEventId in
            try await provider.read { database in
                try await database.raw("""
                    SELECT * FROM events WHERE install_id = \(bind: installId) AND client_event_id = \(bind: clientEventId)
                    """).first().map(decodeEvent)
            }
        }
    }

    /// Each event with whether it was a retry: the inserted ones as given, the others as stored
    /// before (read by `existing(installId, clientEventId)`).
    private static func pairing(
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

    static let eventColumns = [
        "id", "app_id", "install_id", "client_event_id", "name", "data", "occurred_at", "received_at", "revenue_micros",
        "revenue_currency", "link_id", "click_id", "sequence",
    ]

    /// Events per SQLite insert statement: a group commit of up to this many is one statement.
    static let sqliteEventChunkRows = 1_000

    /// The multi-row insert of `rows` events with `?` placeholders, skipping retries and naming the
    /// inserted ones.
    static func sqliteEventInsert(rows: Int) -> String {
        SQLiteBinding.multiRowInsert(into: "events", columns: eventColumns, rows: rows)
            + " ON CONFLICT (install_id, client_event_id) DO NOTHING RETURNING id"
    }

    /// The values of ``sqliteEventInsert(rows:)``, in ``eventColumns`` order.
    static func sqliteBinds(_ events: ArraySlice<EventRecord>) -> [SQLiteData] {
        let text = SQLiteBinding.text, integer = SQLiteBinding.integer(_:) as (Int64?) -> SQLiteData
        var binds: [SQLiteData] = []
        binds.reserveCapacity(events.count * eventColumns.count)
        for event in events {
            binds.append(contentsOf: [
                .text(event.id), .text(event.appId), .text(event.installId), text(event.clientEventId), .text(event.name),
                .text(event.data), integer(event.occurredAt.epochMilliseconds), integer(event.receivedAt.epochMilliseconds),
                integer(event.revenueMicros), text(event.revenueCurrency), text(event.linkId), text(event.clickId), integer(event.sequence),
            ])
        }
        return binds
    }

    public func events(installId: String) async throws -> [EventRecord] {
        try await provider.read { database in
            try await database.raw("SELECT * FROM events WHERE install_id = \(bind: installId) ORDER BY occurred_at, sequence, id").all().map(decodeEvent)
        }
    }

    private func decodeEvent(_ row: any SQLRow) throws -> EventRecord {
        EventRecord(
            id: try row.decode(column: "id", as: String.self),
            appId: try row.decode(column: "app_id", as: String.self),
            installId: try row.decode(column: "install_id", as: String.self),
            clientEventId: try row.decode(column: "client_event_id", as: String?.self),
            name: try row.decode(column: "name", as: String.self),
            data: try row.decode(column: "data", as: String.self),
            occurredAt: Date(epochMilliseconds: try row.decode(column: "occurred_at", as: Int64.self)),
            receivedAt: Date(epochMilliseconds: try row.decode(column: "received_at", as: Int64.self)),
            revenueMicros: try row.decode(column: "revenue_micros", as: Int64?.self),
            revenueCurrency: try row.decode(column: "revenue_currency", as: String?.self),
            linkId: try row.decode(column: "link_id", as: String?.self),
            clickId: try row.decode(column: "click_id", as: String?.self),
            sequence: try row.decode(column: "sequence", as: Int64.self)
        )
    }
}
