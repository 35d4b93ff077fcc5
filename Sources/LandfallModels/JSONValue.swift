/// Any JSON value: event properties and other free-form data.
public enum JSONValue: Codable, Sendable, Hashable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Any JSON number; integers too, as a `Double` (exact up to 2^53).
    case number(Double)
    /// A JSON string.
    case string(String)
    /// A JSON array, in order.
    case array([JSONValue])
    /// A JSON object; key order is not kept.
    case object([String: JSONValue])

    /// Decodes whatever JSON value is there.
    ///
    /// - Parameter decoder: the decoder to read from.
    /// - Throws: `DecodingError` when the value is not JSON.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Strings first: they are most properties' values, and every failed attempt before the
        // right type costs a thrown error. Bool stays before Double, which some decoders would
        // otherwise read `true` as.
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value as the JSON it stands for.
    ///
    /// - Parameter encoder: the encoder to write to.
    /// - Throws: the encoder's error, e.g. for a non-finite number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral {
    /// A ``string(_:)`` from a literal such as `"premium"`.
    /// - Parameter value: the literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A ``number(_:)`` from a literal such as `3`.
    /// - Parameter value: the literal.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A ``number(_:)`` from a literal such as `19.99`.
    /// - Parameter value: the literal.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A ``bool(_:)`` from `true` or `false`.
    /// - Parameter value: the literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}
