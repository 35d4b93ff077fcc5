import Foundation
import LandfallModels

/// The event bodies of the SDK routes, read from ``PlainJSON`` values. The body must already be
/// known to be UTF-8 (``RequestDecoding/requireUTF8(_:)``).
extension PlainJSON {
    /// An event exactly as `JSONDecoder` would decode ``EventRequest`` from the same body, or nil
    /// when the body is not plain JSON or a field is not of the shape the decoder accepts.
    static func event(_ value: JSONValue) -> EventRequest? {
        guard case .object(let members) = value else { return nil }
        var fields = Fields(members)
        guard let installId = fields.string("installId"), let eventName = fields.string("eventName") else { return nil }
        let eventData = fields.object("eventData")
        let eventId = fields.string("eventId")
        var timestamp: Date?
        if let text = fields.string("timestamp") {
            // A zoneless local time names no instant (see EventRequest); an unreadable one is the
            // decoder's to refuse with its message.
            if !LandfallJSON.isZonelessTimestamp(text) {
                guard let date = LandfallJSON.parseTimestamp(text) else { return nil }
                timestamp = date
            }
        }
        guard fields.isValid else { return nil }
        return EventRequest(installId: installId, eventName: eventName, eventData: eventData, timestamp: timestamp, eventId: eventId)
    }

    /// The events of an offline-queue batch (`{"events": [...]}`), or nil as for ``event(_:)``.
    static func events(_ value: JSONValue) -> [EventRequest]? {
        guard case .object(let members) = value, case .array(let items)? = members["events"] else { return nil }
        var events: [EventRequest] = []
        events.reserveCapacity(items.count)
        for item in items {
            guard let event = event(item) else { return nil }
            events.append(event)
        }
        return events
    }
}
