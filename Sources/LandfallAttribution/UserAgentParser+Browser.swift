extension UserAgentParser {
    /// Names the browser of a browser-like user agent that is not an in-app browser.
    ///
    /// Order matters because every browser impersonates the ones before it: Edge, Opera and
    /// Samsung Internet all carry "Chrome/", and Chrome carries "Safari/". Web views return
    /// nil: they belong to some app we could not name, not to a browser the user chose.
    static func browserName(_ text: UserAgentText, platform: DevicePlatform) -> String? {
        if text.containsWord("edgios/") || text.containsWord("edga/") || text.containsWord("edg/")
            || text.containsWord("edge/")
        {
            return "Edge"
        }
        // "OPT/" is Opera on iOS, "OPiOS/" Opera Mini on iOS, "OPR/" everywhere else.
        if text.containsWord("opr/") || text.containsWord("opt/") || text.containsWord("opios/")
            || text.containsWord("opera")
        {
            return "Opera"
        }
        if text.containsWord("samsungbrowser/") {
            return "Samsung Internet"
        }
        if text.containsWord("yabrowser/") {
            return "Yandex Browser"
        }
        // On iOS every browser is WebKit and says so in Safari's words; only the
        // product token differs.
        if text.containsWord("crios/") {
            return "Chrome"
        }
        if text.containsWord("fxios/") {
            return "Firefox"
        }
        if isAndroidWebView(text, platform: platform) {
            return nil
        }
        if text.containsWord("firefox/") {
            return "Firefox"
        }
        if text.containsWord("chrome/") || text.containsWord("chromium/") {
            return "Chrome"
        }
        if text.containsWord("msie ") || text.containsWord("trident/") {
            return "Internet Explorer"
        }
        // iOS web views (WKWebView) lack the trailing "Safari/" token that Safari and
        // SFSafariViewController send.
        if platform == .ios || platform == .macos, text.containsWord("safari/") {
            return "Safari"
        }
        return nil
    }

    /// Android System WebView marks itself with "; wv)" (Lollipop and later) and, like the
    /// pre-Chrome stock browser, sends "Version/4.0" before "Chrome/".
    private static func isAndroidWebView(_ text: UserAgentText, platform: DevicePlatform) -> Bool {
        guard platform == .android else { return false }
        return text.contains("; wv)") || text.containsWord("version/4.0")
    }
}
