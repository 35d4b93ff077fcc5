import LandfallModels

extension JSONValue {
    /// The value as JavaScript's `JSON.stringify(value, null, 2)` writes it with object keys sorted:
    /// the settings page shows the well-known files this way, and its script (`settings-preview.js`)
    /// writes the same text in the browser, so the two previews can be compared character for character.
    var indentedJSON: String {
        var text = ""
        write(indented: "", to: &text)
        return text
    }

    private func write(indented indent: String, to text: inout String) {
        let inner = indent + "  "
        switch self {
        case .array(let values) where !values.isEmpty:
            text += "[\n"
            for (index, value) in values.enumerated() {
                if index > 0 { text += ",\n" }
                text += inner
                value.write(indented: inner, to: &text)
            }
            text += "\n" + indent + "]"
        case .object(let members) where !members.isEmpty:
            text += "{\n"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { text += ",\n" }
                text += inner
                Self.write(key, to: &text)
                text += ": "
                members[key]?.write(indented: inner, to: &text)
            }
            text += "\n" + indent + "}"
        default:
            // Scalars and empty containers are written as the compact form writes them: `[]`, `{}`.
            text += compactJSON
        }
    }
}
