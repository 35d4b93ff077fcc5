import Foundation
import PostgresNIO

extension PostgresHotStatements {
    /// A group commit of events as one statement of one array per column: prepared once whatever
    /// the batch's size (a multi-row `VALUES` was parsed anew for every batch, and its returned ids
    /// decoded through SQLKit), atomic without a transaction. A retry of an event already stored,
    /// also one earlier in the same batch, is skipped and left out of the returned ids.
    struct InsertEvents: RowStatement {
        static let name = "landfall_insert_events"
        static let sql: String = {
            let arrays = SQLStorage.eventColumns.enumerated().map { index, column in
                "$\(index + 1)::\(integerColumns.contains(column) ? "int8" : "text")[]"
            }
            return "INSERT INTO events (\(SQLStorage.eventColumns.joined(separator: ", "))) SELECT * FROM unnest(\(arrays.joined(separator: ", ")))"
                + " ON CONFLICT (install_id, client_event_id) DO NOTHING RETURNING id"
        }()
        private static let integerColumns: Set<String> = ["occurred_at", "received_at", "revenue_micros", "sequence"]
        var events: [EventRecord]

        /// In ``SQLStorage/eventColumns`` order.
        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: SQLStorage.eventColumns.count)
            func text(_ value: (EventRecord) -> String?) { bindings.append(PostgresNullableArray(elements: events.map(value))) }
            func integer(_ value: (EventRecord) -> Int64?) { bindings.append(PostgresNullableArray(elements: events.map(value))) }
            text(\.id); text(\.appId); text(\.installId); text(\.clientEventId); text(\.name); text(\.data)
            integer { $0.occurredAt.epochMilliseconds }; integer { $0.receivedAt.epochMilliseconds }
            integer(\.revenueMicros); text(\.revenueCurrency); text(\.linkId); text(\.clickId); integer(\.sequence)
            return bindings
        }
    }
}
