import Foundation

/// Field checks shared by apps, templates and links. Each returns the normalised value or throws a
/// 400 naming the field.
enum Validate {
    /// Schemes a link may never send anyone to, whatever an app's configuration says.
    static let forbiddenSchemes: Set<String> = ["javascript", "data", "file", "vbscript", "about", "blob", "filesystem", "content"]

    static func text(_ value: String?, _ field: String, max: Int, required: Bool = false) throws -> String? {
        guard let value else {
            if required { throw APIError.validation(field, "is required") }
            return nil
        }
        let trimmed = value.trimmingWhitespace(newlines: true)
        if trimmed.isEmpty {
            if required { throw APIError.validation(field, "must not be empty") }
            return nil
        }
        guard trimmed.count <= max else { throw APIError.validation(field, "must be at most \(max) characters") }
        guard trimmed.hasNoControlCharacters else {
            throw APIError.validation(field, "must not contain control characters")
        }
        return trimmed
    }

    /// An absolute http or https URL with a host.
    static func webURL(_ value: String?, _ field: String) throws -> String? {
        guard let text = try text(value, field, max: 2048) else { return nil }
        try rejectUnsafeURLCharacters(text, field)
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw APIError.validation(field, "must be an absolute http(s) URL")
        }
        guard scheme == "http" || scheme == "https" else {
            throw APIError.validation(field, "must use http or https, not \(scheme):")
        }
        guard let host = components.host, !host.isEmpty, !text.contains(" ") else {
            throw APIError.validation(field, "must be an absolute http(s) URL with a host")
        }
        try checkWebAuthority(text, field)
        return text
    }

    /// An https URL (a Universal Link or App Link) or a URL in the app's own scheme.
    static func appLinkURL(_ value: String?, _ field: String, appScheme: String?) throws -> String? {
        guard let text = try text(value, field, max: 2048) else { return nil }
        try rejectUnsafeURLCharacters(text, field)
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw APIError.validation(field, "must be an absolute URL")
        }
        if scheme == "https" {
            guard let host = components.host, !host.isEmpty else { throw APIError.validation(field, "must have a host") }
            try checkWebAuthority(text, field)
            return text
        }
        guard let appScheme, scheme == appScheme.lowercased() else {
            throw APIError.validation(field, "must be https or use the app's own URI scheme")
        }
        return text
    }

    /// A URI scheme name such as `myapp` (without `://`).
    static func scheme(_ value: String?, _ field: String) throws -> String? {
        guard var text = try text(value, field, max: 64) else { return nil }
        if text.hasSuffix("://") { text.removeLast(3) }
        text = text.lowercased()
        guard let first = text.unicodeScalars.first, ("a"..."z").contains(first),
            text.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
        else {
            throw APIError.validation(field, "must be a URI scheme such as myapp")
        }
        guard !forbiddenSchemes.contains(text), text != "http", text != "https" else {
            throw APIError.validation(field, "cannot be \(text)")
        }
        return text
    }

    /// Lowercase letters, digits and dashes, as used in URLs.
    static func slug(_ value: String?, _ field: String, reserved: Set<String> = []) throws -> String? {
        guard let text = try text(value, field, max: 40) else { return nil }
        let lowered = text.lowercased()
        guard lowered.count >= 2,
            lowered.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }),
            !lowered.hasPrefix("-"), !lowered.hasSuffix("-")
        else {
            throw APIError.validation(field, "must be 2-40 lowercase letters, digits or dashes")
        }
        guard !reserved.contains(lowered) else { throw APIError.validation(field, "'\(lowered)' is reserved") }
        return lowered
    }

    /// Derives a slug from a display name: "My Cool App!" → "my-cool-app".
    static func slugify(_ name: String) -> String {
        var result = ""
        for scalar in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else if !result.isEmpty, !result.hasSuffix("-") {
                result.append("-")
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return String(result.prefix(40))
    }

    static func range(_ value: Int?, _ field: String, _ bounds: ClosedRange<Int>) throws -> Int? {
        guard let value else { return nil }
        guard bounds.contains(value) else {
            throw APIError.validation(field, "must be between \(bounds.lowerBound) and \(bounds.upperBound)")
        }
        return value
    }

    /// A finite number strictly between `lower` and `upper`.
    static func openRange(_ value: Double?, _ field: String, _ lower: Double, _ upper: Double) throws -> Double? {
        guard let value else { return nil }
        guard value.isFinite, value > lower, value < upper else {
            throw APIError.validation(field, "must be a number greater than \(lower) and less than \(upper)")
        }
        return value
    }

    static func stringMap(_ value: [String: String]?, _ field: String, maxEntries: Int = 50) throws -> [String: String]? {
        guard let value else { return nil }
        guard value.count <= maxEntries else { throw APIError.validation(field, "must have at most \(maxEntries) entries") }
        for (key, entry) in value {
            guard !key.isEmpty, key.count <= 64 else { throw APIError.validation(field, "keys must be 1-64 characters") }
            guard entry.count <= 1024 else { throw APIError.validation("\(field).\(key)", "must be at most 1024 characters") }
        }
        return value.isEmpty ? nil : value
    }
}
