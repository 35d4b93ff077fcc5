import Crypto
import Foundation
import HTTPTypes
import Hummingbird

extension HTML {
    /// The policy of pages that run no script: the shared style is allowed by its hash, not a nonce,
    /// so the page's bytes are the same on every request (an unknown code and a blocked link must
    /// answer identically).
    static let staticContentSecurityPolicy =
        "default-src 'none'; script-src 'none'; style-src '\(styleHash)'; img-src https: data:; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// CSP source expression of ``HTML/style`` exactly as the `<style>` element holds it.
    static let styleHash = "sha256-" + Data(SHA256.hash(data: Data(style.utf8))).base64EncodedString()

    /// A page with no script, answered with ``staticContentSecurityPolicy``.
    static func staticResponse(status: HTTPResponse.Status, html: String, includeBody: Bool) -> Response {
        var response = response(status: status, html: html, nonce: "", includeBody: includeBody)
        response.headers[.contentSecurityPolicy] = staticContentSecurityPolicy
        return response
    }
}
