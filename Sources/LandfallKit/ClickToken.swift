import Foundation

/// The click token (`lf_click`) the server mints at redirect time. An install report that carries
/// it is matched to its click deterministically (confidence 100).
public enum ClickToken {
    /// True for a well-formed token: 22 ASCII letters and digits.
    ///
    /// - Parameter text: the candidate token.
    /// - Returns: whether `text` has a token's form; it says nothing of whether the server issued it.
    public static func isValid(_ text: String) -> Bool {
        text.count == 22 && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }

    /// Finds `lf_click=<token>` in a URL, a query string, a Play Install Referrer string or a
    /// clipboard text; a text that is exactly a token is accepted too.
    ///
    /// - Parameter text: the text to search, percent-encoded or not; nil finds nothing.
    /// - Returns: the first well-formed token, or nil.
    public static func extract(from text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        if isValid(text) { return text }
        let decoded = text.removingPercentEncoding ?? text
        var rest = Substring(decoded)
        while let range = rest.range(of: "lf_click=") {
            let candidate = String(rest[range.upperBound...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber) })
            if isValid(candidate) { return candidate }
            rest = rest[range.upperBound...]
        }
        return nil
    }
}

/// Reads a click token handed over through the pasteboard (the clipboard hand-off), used only when
/// ``LandfallConfiguration/clipboardHandoffEnabled`` is on.
public protocol ClickTokenSource: Sendable {
    /// Reads the pasteboard once and looks for a click token in it.
    ///
    /// - Returns: the click token found, or nil.
    func readClickToken() async -> String?
}
