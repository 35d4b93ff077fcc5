import Foundation
import SQLKit

extension SQLStorage {
    public func insertEvent(_ event: EventRecord) async throws -> (event: EventRecord, duplicate: Bool) {
        try await provider.transaction { database in try await insert(event, database) }
    }

    public func insertEvents(_ events: [EventRecord]) async throws -> [(event: EventRecord, duplicate: Bool)] {
        try await provider.transaction { database in
            var results: [(event: EventRecord, duplicate: Bool)] = []
            for event in events { results.append(try await insert(event, database)) }
            return results
        }
    }

    /// Inserts unless the install already has an event with this client id; the existing one wins.
    /// `ON CONFLICT DO NOTHING` makes a concurrent retry wait for the first and then yield to it.
    private func insert(_ event: EventRecord, _ database: any SQLDatabase) async throws -> (event: EventRecord, duplicate: Bool) {
        let inserted = try await database.raw("""
            INSERT INTO events (id, app_id, install_id, client_event_id, name, data, occurred_at, received_at,
                                revenue_micros, revenue_currency, link_id, click_id, sequence)
            VALUES (\(bind: event.id), \(bind: event.appId), \(bind: event.installId), \(bind: event.clientEventId), \(bind: event.name),
                    \(bind: event.data), \(bind: event.occurredAt.epochMilliseconds), \(bind: event.receivedAt.epochMilliseconds),
                    \(bind: event.revenueMicros), \(bind: event.revenueCurrency), \(bind: event.linkId), \(bind: event.clickId),
                    \(bind: event.sequence))
            ON CONFLICT (install_id, client_event_id) DO NOTHING RETURNING id
            """).all()
        if !inserted.isEmpty { return (event, false) }
        guard let clientEventId = event.clientEventId,
              let existing = try await database.raw("""
                  SELECT * FROM events WHERE install_id = \(bind: event.installId) AND client_event_id = \(bind: clientEventId)
                  """).first()
        else {
            throw StoreError.corruptRecord("event \(event.id) was neither inserted nor found")
        }
        return (try decodeEvent(existing), true)
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
