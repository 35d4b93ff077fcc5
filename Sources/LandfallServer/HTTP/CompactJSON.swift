import LandfallModels

extension JSONValue {
    /// Compact JSON text with object keys sorted: one text for one value, written directly rather
    /// than through `JSONEncoder`, whose generic encoding was a tenth of a stored event's CPU.
    /// A non-finite number, which JSON cannot hold, is written as `null`.
    var compactJSON: String {
        var text = ""
        write(to: &text)
        return text
    }

    private func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value): Self.write(value, to: &text)
        case .string(let value): Self.write(value, to: &text)
        case .array(let values):
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += "," }
                value.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { text += "," }
                Self.write(key, to: &text)
                text += ":"
                members[key]?.write(to: &text)
            }
            text += "}"
        }
    }

    /// Integers up to 2^53 without a fraction (`3`, not `3.0`); others as Swift's shortest
    /// round-tripping form, which is valid JSON (`19.99`, `1e-07`, `1e+21`).
    static func write(_ number: Double, to text: inout String) {
        guard number.isFinite else {
            text += "null"
            return
        }
        if number == number.rounded(), abs(number) <= 9_007_199_254_740_992 {
            text += String(Int64(number))
        } else {
            text += number.description
        }
    }

    static func write(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
