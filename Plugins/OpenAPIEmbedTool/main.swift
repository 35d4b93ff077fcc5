#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// `landfall-openapi-embed DOCUMENT OUTPUT`: writes a Swift source that holds DOCUMENT's bytes
// exactly as `OpenAPIDocument.text`. Run by the OpenAPIEmbedPlugin build-tool plugin, not by hand.
//
// The bytes go into an ordinary (not raw) multi-line string literal with every backslash, quote and
// carriage return escaped, so no content can end the literal or start an interpolation, and no line
// break is normalised: the string is the file, byte for byte. A document that is not UTF-8 or not
// JSON fails the build here, before it could be served.

/// Any JSON value; decoding into it is how the document is checked to be JSON.
enum JSONValue: Decodable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }
}

/// The content of a Swift multi-line string literal whose value is `text`.
func literalContent(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count + text.utf8.count / 8)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": out += "\\\\"
        case "\"": out += "\\\""
        case "\r": out += "\\r"
        case "\n", "\t": out.unicodeScalars.append(scalar)
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
            out += "\\u{" + String(scalar.value, radix: 16) + "}"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// Reports `message` as a build error (SwiftPM shows lines that start with `error:`) and stops.
func fail(_ message: String) -> Never {
    var line = "error: \(message)\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else { fail("usage: landfall-openapi-embed DOCUMENT OUTPUT") }
let documentPath = arguments[1]
let outputPath = arguments[2]

let bytes: Data
do {
    bytes = try Data(contentsOf: URL(fileURLWithPath: documentPath))
} catch {
    fail("\(documentPath): cannot read it: \(error)")
}
guard let text = String(validating: bytes, as: UTF8.self) else { fail("\(documentPath): not UTF-8") }
do {
    guard case .object = try JSONDecoder().decode(JSONValue.self, from: bytes) else {
        fail("\(documentPath): the document is not a JSON object")
    }
} catch {
    fail("\(documentPath): not JSON: \(error)")
}

let source = """
    // Generated at build time by the OpenAPIEmbedPlugin from Sources/LandfallServer/OpenAPI/openapi.json.
    // Do not edit: edit openapi.json, and the next build regenerates this file.

    extension OpenAPIDocument {
        /// The bytes of `openapi.json`, exactly.
        static let text = \"\"\"

    """ + literalContent(text) + "\n\"\"\"\n}\n"

do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: outputPath), options: .atomic)
} catch {
    fail("\(outputPath): cannot write it: \(error)")
}
