import Foundation

/// A reader for plain JSON at a fraction of `JSONDecoder`'s cost, for the hottest documents: the
/// events an SDK sends (`JSONDecoder`'s generic keyed decoding was a sixth of a durable event's
/// CPU) and the link content a redirect reads on a cache miss (a third of that read).
///
/// It reads only plain JSON: strings without control characters or UTF-16 surrogate escapes,
/// finite numbers, objects without a repeated key, at most ``maximumDepth`` levels deep. For
/// anything else it answers nil and the caller decodes with `JSONDecoder`, so every error message
/// and edge case (lone surrogates, duplicate keys, invalid JSON) stays `JSONDecoder`'s. The
/// other escapes are read as `JSONDecoder` reads them: `JSONEncoder` writes every `/` as `\/`.
public enum PlainJSON {
    public static let maximumDepth = 16

    /// The value of `data`, or nil when it is not plain JSON as defined above (or not JSON at all).
    /// `data` must already be known to be UTF-8.
    public static func parse(_ data: Data) -> JSONValue? {
        data.withUnsafeBytes { raw in parse(raw.bindMemory(to: UInt8.self)) }
    }

    /// The value of `text`, or nil as for ``parse(_:)-(Data)``.
    public static func parse(_ text: String) -> JSONValue? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        var reader = Reader(bytes: bytes)
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipWhitespace()
        return reader.position == reader.bytes.count ? value : nil
    }

    /// An object's members read as a synthesized `Decodable` reads optional properties: a missing key
    /// or `null` is nil, a value of another type makes the whole read invalid. Unknown keys are ignored.
    public struct Fields {
        public let members: [String: JSONValue]
        /// False once a member was of another type than asked for: the decoder would have thrown.
        public private(set) var isValid = true

        public init(_ members: [String: JSONValue]) {
            self.members = members
        }

        public mutating func string(_ key: String) -> String? {
            switch members[key] {
            case nil, .null?: return nil
            case .string(let text)?: return text
            default: return invalid()
            }
        }

        public mutating func strings(_ key: String) -> [String]? {
            switch members[key] {
            case nil, .null?: return nil
            case .array(let elements)?:
                var texts: [String] = []
                texts.reserveCapacity(elements.count)
                for element in elements {
                    guard case .string(let text) = element else { return invalid() }
                    texts.append(text)
                }
                return texts
            default: return invalid()
            }
        }

        public mutating func stringMap(_ key: String) -> [String: String]? {
            switch members[key] {
            case nil, .null?: return nil
            case .object(let entries)?:
                var map: [String: String] = [:]
                map.reserveCapacity(entries.count)
                for (name, entry) in entries {
                    guard case .string(let text) = entry else { return invalid() }
                    map[name] = text
                }
                return map
            default: return invalid()
            }
        }

        /// `JSONDecoder` takes any number with an exact `Int` value (`24`, `24.0`, `2.4e1`); past
        /// 2^53 a `Double` no longer says which integer was written, so those are left to it.
        public mutating func integer(_ key: String) -> Int? {
            switch members[key] {
            case nil, .null?: return nil
            case .number(let number)? where number.rounded() == number && abs(number) < 9_007_199_254_740_992: return Int(number)
            default: return invalid()
            }
        }

        public mutating func object(_ key: String) -> [String: JSONValue]? {
            switch members[key] {
            case nil, .null?: return nil
            case .object(let nested)?: return nested
            default: return invalid()
            }
        }

        /// An object member read by `read`, whose nil makes the whole read invalid.
        public mutating func nested<Value>(_ key: String, _ read: ([String: JSONValue]) -> Value?) -> Value? {
            guard let nested = object(key) else { return nil }
            return read(nested) ?? invalid()
        }

        private mutating func invalid<Value>() -> Value? {
            isValid = false
            return nil
        }
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
                if byte == UInt8(ascii: "\\") { return escapedString(from: start) }
                if byte < 0x20 { return nil }
                position += 1
            }
            return nil
        }

        /// The rest of a string from its first backslash on; `start` is just after the opening quote.
        private mutating func escapedString(from start: Int) -> String? {
            var decoded = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: decoded, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard position < bytes.count else { return nil }
                    let escape = bytes[position]
                    position += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
                    case UInt8(ascii: "b"): decoded.append(0x08)
                    case UInt8(ascii: "f"): decoded.append(0x0C)
                    case UInt8(ascii: "n"): decoded.append(0x0A)
                    case UInt8(ascii: "r"): decoded.append(0x0D)
                    case UInt8(ascii: "t"): decoded.append(0x09)
                    case UInt8(ascii: "u"):
                        // Surrogates (pairs and lone halves) are the decoder's.
                        guard let code = hexQuad(), let scalar = Unicode.Scalar(code) else { return nil }
                        decoded.append(contentsOf: scalar.utf8)
                    default: return nil
                    }
                default:
                    if byte < 0x20 { return nil }
                    decoded.append(byte)
                }
            }
            return nil
        }

        /// Four hexadecimal digits after `\u`.
        private mutating func hexQuad() -> UInt32? {
            guard bytes.count - position >= 4 else { return nil }
            var code: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[position]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                code = code << 4 | UInt32(digit)
                position += 1
            }
            return code
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
