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
    public func insertEvents(_ events: [EventRecord]) async throws -> [(event: EventRecord, duplicate: Bool)] {
        guard !events.isEmpty else { return [] }
        return try await hotPath.insertEvents(events)
    }

    public func events(installId: String) async throws -> [EventRecord] {
        try await provider.read { database in
            try await database.raw("SELECT * FROM events WHERE install_id = \(bind: installId) ORDER BY occurred_at, sequence, id").all()
                .map(Self.decodeEvent)
        }
    }

    static func decodeEvent(_ row: any SQLRow) throws -> EventRecord {
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
