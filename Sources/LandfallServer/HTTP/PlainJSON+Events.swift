import Foundation
import LandfallModels

/// The event bodies of the SDK routes, read from ``PlainJSON`` values. The body must already be
/// known to be UTF-8 (``RequestDecoding/requireUTF8(_:)``).
extension PlainJSON {
    /// An event exactly as `JSONDecoder` would decode ``EventRequest`` from the same body, or nil
    /// when the body is not plain JSON or a field is not of the shape the decoder accepts.
    static func event(_ value: JSONValue) -> EventRequest? {
        guard case .object(let members) = value,
              case .string(let installId)? = members["installId"],
              case .string(let eventName)? = members["eventName"] else { return nil }
        let eventData: [String: JSONValue]?
        switch members["eventData"] {
        case nil, .null?: eventData = nil
        case .object(let properties)?: eventData = properties
        default: return nil
        }
        let eventId: String?
        switch members["eventId"] {
        case nil, .null?: eventId = nil
        case .string(let text)?: eventId = text
        default: return nil
        }
        let timestamp: Date?
        switch members["timestamp"] {
        case nil, .null?: timestamp = nil
        case .string(let text)?:
            // A zoneless local time names no instant (see EventRequest); an unreadable one is the
            // decoder's to refuse with its message.
            if LandfallJSON.isZonelessTimestamp(text) {
                timestamp = nil
            } else if let date = LandfallJSON.parseTimestamp(text) {
                timestamp = date
            } else {
                return nil
            }
        default: return nil
        }
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
