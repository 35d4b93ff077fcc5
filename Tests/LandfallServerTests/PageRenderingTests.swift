import Foundation
import LandfallAttribution
@testable import LandfallServer
import Testing

@Suite("HTML pages escape every link field")
struct PageRenderingTests {
    let hostile = #"</title><script>alert("x")</script>'"&"#

    @Test func escapeCoversMarkupAndBothQuotes() {
        #expect(HTML.escape(#"<a href="x" onclick='y'>&</a>"#) == "&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;")
    }

    @Test func scriptJSONCannotCloseItsElement() {
        let json = HTML.scriptJSON(["open": "</script><script>alert(1)</script>\u{2028}"])
        #expect(!json.contains("<"))
        #expect(!json.contains(">"))
        #expect(json.contains("\\u003c\\/script\\u003e"))
        #expect(json.contains("\\u2028"))
    }

    @Test func interstitialEscapesTitleDescriptionAndURLs() {
        let model = InterstitialModel(
            title: hostile, description: hostile, imageURL: "https://img.example.com/\"onerror=\"x",
            openURL: "myapp://x?\"><script>", appLinkURL: nil, fallbackURL: "https://example.com/?q=\"<>",
            storeURL: "https://apps.apple.com/app/id1?\"<", webURL: "https://example.com/\"<",
            clickToken: "T", confirmIPad: false, platform: .ios
        )
        let html = InterstitialPage.render(model, nonce: "NONCE")
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("\"onerror=\"x"))
        #expect(html.contains("&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)"))
        // Only the two nonce-carrying script elements exist; config JSON is inert data.
        #expect(html.components(separatedBy: "<script").count - 1 == 2)
        #expect(html.contains(#"<script nonce="NONCE">"#))
    }

    @Test func interstitialWorksWithoutJavaScriptThroughPlainLinks() {
        let model = InterstitialModel(
            title: "Pasta", description: nil, imageURL: nil, openURL: "mealtime://recipes/42", appLinkURL: nil,
            fallbackURL: "https://apps.apple.com/app/id1", storeURL: "https://apps.apple.com/app/id1",
            webURL: "https://example.com/", clickToken: "T", confirmIPad: false, platform: .ios
        )
        let html = InterstitialPage.render(model, nonce: "N")
        #expect(html.contains(#"href="mealtime://recipes/42""#))
        #expect(html.contains(#"href="https://apps.apple.com/app/id1""#))
        #expect(html.contains(#"href="https://example.com/""#))
    }

    @Test func previewEscapesOpenGraphValues() {
        let html = PreviewPage.render(
            PreviewModel(
                title: hostile, description: hostile, imageURL: "https://x/\"><script>", canonicalURL: "https://go/x",
                destinationURL: "https://d/\"<"),
            nonce: "N"
        )
        #expect(!html.contains("<script>"))
        #expect(html.contains(#"<meta property="og:title" content="&lt;/title&gt;"#))
    }

    @Test func contentSecurityPolicyAllowsOnlyTheNonce() {
        let policy = HTML.contentSecurityPolicy(nonce: "abc")
        #expect(policy.contains("script-src 'nonce-abc'"))
        #expect(policy.contains("default-src 'none'"))
        #expect(!policy.contains("unsafe-inline"))
    }
}
