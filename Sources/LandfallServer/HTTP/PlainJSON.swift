import Foundation
import LandfallModels

/// A reader for the plain JSON an SDK sends on its hottest requests (events), at a fraction of
/// `JSONDecoder`'s cost: its generic keyed decoding was a sixth of a durable event's CPU.
///
/// It reads only plain JSON: strings without escapes or control characters, finite numbers,
/// objects without a repeated key, at most ``maximumDepth`` levels deep. For anything else it
/// answers nil and the caller decodes with `JSONDecoder`, so every error message and edge case
/// (escapes, duplicate keys, invalid JSON) stays `JSONDecoder`'s. The body must already be known
/// to be UTF-8 (``RequestDecoding/requireUTF8(_:)``).
enum PlainJSON {
    static let maximumDepth = 16

    /// The value of `data`, or nil when it is not plain JSON as defined above (or not JSON at all).
    static func parse(_ data: Data) -> JSONValue? {
        data.withUnsafeBytes { raw in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self))
            guard let value = reader.value(depth: 0) else { return nil }
            reader.skipWhitespace()
            return reader.position == reader.bytes.count ? value : nil
        }
    }

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

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        mutating func skipWhitespace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) -> JSONValue? {
            skipWhitespace()
            guard position < bytes.count else { return nil }
            switch bytes[position] {
            case UInt8(ascii: "\""): return string().map(JSONValue.string)
            case UInt8(ascii: "{"): return depth < PlainJSON.maximumDepth ? object(depth: depth + 1) : nil
            case UInt8(ascii: "["): return depth < PlainJSON.maximumDepth ? array(depth: depth + 1) : nil
            case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
            case UInt8(ascii: "n"): return literal("null") ? .null : nil
            default: return number().map(JSONValue.number)
            }
        }

        private mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard bytes.count - position >= count else { return false }
            for index in 0..<count where bytes[position + index] != word.utf8Start[index] {
                return false
            }
            position += count
            return true
        }

        /// At the opening quote.
        private mutating func string() -> String? {
            position += 1
            let start = position
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                    position += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                position += 1
            }
            return nil
        }

        /// RFC 8259's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
        private mutating func number() -> Double? {
            let start = position
            if byte(is: "-") { position += 1 }
            if byte(is: "0") {
                position += 1
            } else {
                guard digits() else { return nil }
            }
            if byte(is: ".") {
                position += 1
                guard digits() else { return nil }
            }
            if byte(is: "e") || byte(is: "E") {
                position += 1
                if byte(is: "+") || byte(is: "-") { position += 1 }
                guard digits() else { return nil }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
            guard let number = Double(text), number.isFinite else { return nil }
            return number
        }

        private func byte(is character: Unicode.Scalar) -> Bool {
            position < bytes.count && bytes[position] == UInt8(ascii: character)
        }

        /// One or more digits.
        private mutating func digits() -> Bool {
            let start = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                position += 1
            }
            return position > start
        }

        /// At the opening brace.
        private mutating func object(depth: Int) -> JSONValue? {
            position += 1
            var members: [String: JSONValue] = [:]
            skipWhitespace()
            if byte(is: "}") {
                position += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard byte(is: "\""), let key = string() else { return nil }
                skipWhitespace()
                guard byte(is: ":") else { return nil }
                position += 1
                // A repeated key (also one equal to another under Unicode equivalence) is the decoder's.
                guard let member = value(depth: depth), members.updateValue(member, forKey: key) == nil else { return nil }
                skipWhitespace()
                if byte(is: ",") {
                    position += 1
                } else if byte(is: "}") {
                    position += 1
                    return .object(members)
                } else {
                    return nil
                }
            }
        }

        /// At the opening bracket.
        private mutating func array(depth: Int) -> JSONValue? {
            position += 1
            var elements: [JSONValue] = []
            skipWhitespace()
            if byte(is: "]") {
                position += 1
                return .array(elements)
            }
            while true {
                guard let element = value(depth: depth) else { return nil }
                elements.append(element)
                skipWhitespace()
                if byte(is: ",") {
                    position += 1
                } else if byte(is: "]") {
                    position += 1
                    return .array(elements)
                } else {
                    return nil
                }
            }
        }
    }
}
