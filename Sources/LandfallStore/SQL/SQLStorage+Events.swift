import Foundation
import SQLKit

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
    /// One multi-row `INSERT … ON CONFLICT DO NOTHING RETURNING id` per chunk keeps a group commit of
    /// hundreds of events to a few statements; only the retries cost a read.
    public func insertEvents(_ events: [EventRecord]) async throws -> [(event: EventRecord, duplicate: Bool)] {
        guard !events.isEmpty else { return [] }
        return try await provider.transaction { database in
            var inserted: Set<String> = []
            for chunk in events.chunked(into: 1000) {
                var sql = SQLQueryString("""
                    INSERT INTO events (id, app_id, install_id, client_event_id, name, data, occurred_at, received_at,
                                        revenue_micros, revenue_currency, link_id, click_id, sequence) VALUES
                    """)
                for (index, event) in chunk.enumerated() {
                    if index > 0 { sql.appendLiteral(",") }
                    sql.appendInterpolation("""
                         (\(bind: event.id), \(bind: event.appId), \(bind: event.installId), \(bind: event.clientEventId), \(bind: event.name), \
                        \(bind: event.data), \(bind: event.occurredAt.epochMilliseconds), \(bind: event.receivedAt.epochMilliseconds), \
                        \(bind: event.revenueMicros), \(bind: event.revenueCurrency), \(bind: event.linkId), \(bind: event.clickId), \
                        \(bind: event.sequence))
                        """ as SQLQueryString)
                }
                sql.appendLiteral(" ON CONFLICT (install_id, client_event_id) DO NOTHING RETURNING id")
                for row in try await database.raw(sql).all() {
                    inserted.insert(try row.decode(column: "id", as: String.self))
                }
            }
            var results: [(event: EventRecord, duplicate: Bool)] = []
            results.reserveCapacity(events.count)
            for event in events {
                if inserted.contains(event.id) {
                    results.append((event, false))
                    continue
                }
                guard let clientEventId = event.clientEventId,
                      let existing = try await database.raw("""
                          SELECT * FROM events WHERE install_id = \(bind: event.installId) AND client_event_id = \(bind: clientEventId)
                          """).first()
                else {
                    throw StoreError.corruptRecord("event \(event.id) was neither inserted nor found")
                }
                results.append((try decodeEvent(existing), true))
            }
            return results
        }
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
