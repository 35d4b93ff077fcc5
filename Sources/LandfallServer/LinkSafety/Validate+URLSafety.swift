import Foundation

extension Validate {
    /// Characters a URL may not carry raw, even where a lenient parser would take them: browsers read
    /// `\` as `/` (another host than the one checked), quotes and angle brackets end attributes, and
    /// whitespace, control, invisible (zero-width, bidi) and other non-ASCII characters hide what a
    /// URL really says (`java\u{AD}script:`, `https://good.example\u{202E}…`). Percent-encode them.
    static let unsafeURLCharacters: Set<Unicode.Scalar> = ["\\", "\"", "<", ">", "`"]

    static func rejectUnsafeURLCharacters(_ text: String, _ field: String) throws {
        for scalar in text.unicodeScalars where !(0x21...0x7E).contains(scalar.value) || unsafeURLCharacters.contains(scalar) {
            let shown = scalar.value < 0x80 && scalar.value > 0x20 ? "'\(scalar)'" : String(format: "U+%04X", scalar.value)
            throw APIError.validation(field, "must not contain \(shown); percent-encode it")
        }
    }

    /// The authority of an http(s) URL: no user info (`https://bank.example@evil.example` goes to
    /// evil.example) and a host of ASCII labels or an IP literal.
    static func checkWebAuthority(_ components: URLComponents, _ field: String) throws {
        guard components.percentEncodedUser == nil, components.percentEncodedPassword == nil else {
            throw APIError.validation(field, "must not carry a user name or password before the host")
        }
        let host = components.percentEncodedHost ?? ""
        let isIPv6 = host.hasPrefix("[") && host.hasSuffix("]")
        let allowed = host.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "."
                || (isIPv6 && ($0 == ":" || $0 == "[" || $0 == "]"))
        }
        guard !host.isEmpty, allowed, !host.hasPrefix("."), !host.contains("..") else {
            throw APIError.validation(field, "has no valid host (internationalised names go in punycode: xn--…)")
        }
    }
}
