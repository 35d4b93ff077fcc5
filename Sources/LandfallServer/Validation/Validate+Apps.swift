import Foundation

extension Validate {
    /// A DNS host name as served in the Host header: lowercase, no scheme, port or path.
    static func host(_ value: String, _ field: String) throws -> String {
        let host = value.trimmingCharacters(in: .whitespaces).lowercased()
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        let valid =
            !host.isEmpty && host.count <= 253
            && labels.allSatisfy { label in
                !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                    && label.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
            }
        guard valid else {
            throw APIError.validation(field, "'\(value)' is not a host name (give go.example.com, without scheme, port or path)")
        }
        return host
    }

    /// Apple's 10-character Team ID.
    static func teamId(_ value: String?, _ field: String) throws -> String? {
        guard let text = try text(value, field, max: 10) else { return nil }
        let upper = text.uppercased()
        guard upper.count == 10, upper.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) }) else {
            throw APIError.validation(field, "must be the 10-character Apple Team ID")
        }
        return upper
    }

    /// A reverse-DNS identifier: an iOS bundle ID or an Android package name.
    static func reverseDNS(_ value: String, _ field: String) throws -> String {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        let valid =
            parts.count >= 2 && value.count <= 255
            && parts.allSatisfy { part in
                guard let first = part.unicodeScalars.first else { return false }
                return (("a"..."z").contains(first) || ("A"..."Z").contains(first))
                    && part.unicodeScalars.allSatisfy {
                        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
                    }
            }
        guard valid else { throw APIError.validation(field, "'\(value)' is not a reverse-DNS identifier such as com.example.app") }
        return value
    }

    /// An Android signing certificate SHA-256, normalised to `AA:BB:…` (32 colon-separated bytes).
    static func certificateFingerprint(_ value: String, _ field: String) throws -> String {
        let hex = value.uppercased().filter { $0 != ":" && $0 != " " }
        guard hex.count == 64, hex.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || ("A"..."F").contains($0) }) else {
            throw APIError.validation(field, "must be a SHA-256 fingerprint (64 hex digits, colons optional)")
        }
        var pairs: [String] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            pairs.append(String(hex[index..<next]))
            index = next
        }
        return pairs.joined(separator: ":")
    }

    static func digits(_ value: String?, _ field: String) throws -> String? {
        guard let text = try text(value, field, max: 20) else { return nil }
        let stripped = text.hasPrefix("id") ? String(text.dropFirst(2)) : text
        guard !stripped.isEmpty, stripped.allSatisfy(\.isASCII), stripped.allSatisfy(\.isNumber) else {
            throw APIError.validation(field, "must be the numeric App Store ID")
        }
        return stripped
    }
}
