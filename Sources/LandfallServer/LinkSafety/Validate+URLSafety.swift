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
    /// evil.example) and a host of ASCII labels or an IP literal. Read from the text itself, as
    /// Foundation's parsed host differs between platforms (it may decode punycode).
    static func checkWebAuthority(_ text: String, _ field: String) throws {
        guard let separator = text.range(of: "://") else { throw APIError.validation(field, "must be an absolute URL with a host") }
        let authority = text[separator.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.contains("@") else {
            throw APIError.validation(field, "must not carry a user name or password before the host")
        }
        var host = authority
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { throw APIError.validation(field, "has an unclosed IPv6 literal") }
            let literal = host[host.index(after: host.startIndex)..<close]
            let rest = host[host.index(after: close)...]
            guard !literal.isEmpty, literal.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit || $0 == ":" || $0 == "." }),
                rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isASCII) && rest.dropFirst().allSatisfy(\.isNumber))
            else { throw APIError.validation(field, "has an invalid IPv6 literal") }
            return
        }
        if let colon = host.lastIndex(of: ":") {
            let port = host[host.index(after: colon)...]
            guard port.allSatisfy({ $0.isASCII && $0.isNumber }) else { throw APIError.validation(field, "has an invalid port") }
            host = host[..<colon]
        }
        let valid =
            !host.isEmpty && !host.hasPrefix(".") && !host.contains("..")
            && host.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "."
            }
        guard valid else {
            throw APIError.validation(field, "has no valid host (internationalised names go in punycode: xn--…)")
        }
    }
}
