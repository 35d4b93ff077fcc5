#if canImport(UIKit) && os(iOS)
import UIKit

/// Reads the click token from `UIPasteboard.general` (the clipboard hand-off from the link's page).
///
/// Reading the pasteboard shows the system's paste permission prompt on iOS 16 and later, so the SDK
/// does it only when ``LandfallConfiguration/clipboardHandoffEnabled`` is on, once, before the
/// first install report. The pasteboard is left as it is.
public struct PasteboardClickTokenSource: ClickTokenSource {
    /// Creates the reader; it has no state.
    public init() {}

    /// Reads `UIPasteboard.general`'s string on the main actor and looks for `lf_click=…` in it.
    ///
    /// - Returns: the click token, or nil when the pasteboard holds no string or no token.
    public func readClickToken() async -> String? {
        let text = await MainActor.run { UIPasteboard.general.hasStrings ? UIPasteboard.general.string : nil }
        return ClickToken.extract(from: text)
    }
}
#endif

/// The platform's pasteboard reader, if it has one.
enum DefaultClickTokenSource {
    static func make() -> (any ClickTokenSource)? {
        #if canImport(UIKit) && os(iOS)
        PasteboardClickTokenSource()
        #else
        nil
        #endif
    }
}
