import Foundation
import HTTPTypes
import Hummingbird

/// Escaping and the response shape shared by every HTML page the server renders.
enum HTML {
    /// Escapes text for element content and double- or single-quoted attribute values.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// JSON that is safe inside a `<script type="application/json">` element: nothing in it can close
    /// the element or start a comment.
    static func scriptJSON(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return
            json
            .replacingOccurrences(of: "<", with: "\\u003c")
            .replacingOccurrences(of: ">", with: "\\u003e")
            .replacingOccurrences(of: "&", with: "\\u0026")
            .replacingOccurrences(of: "\u{2028}", with: "\\u2028")
            .replacingOccurrences(of: "\u{2029}", with: "\\u2029")
    }

    /// Only inline code carrying this response's nonce may run or style the page.
    static func contentSecurityPolicy(nonce: String) -> String {
        "default-src 'none'; script-src 'nonce-\(nonce)'; style-src 'nonce-\(nonce)'; img-src https: data:; "
            + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }

    static func response(status: HTTPResponse.Status, html: String, nonce: String, includeBody: Bool) -> Response {
        let bytes = ByteBuffer(string: html)
        var headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8",
            .cacheControl: "no-store",
            .contentSecurityPolicy: contentSecurityPolicy(nonce: nonce),
            HTTPField.Name("X-Content-Type-Options")!: "nosniff",
            HTTPField.Name("Referrer-Policy")!: "no-referrer-when-downgrade",
        ]
        headers[.contentLength] = String(bytes.readableBytes)
        return Response(status: status, headers: headers, body: includeBody ? .init(byteBuffer: bytes) : .init())
    }

    static let style = """
        body{font-family:-apple-system,system-ui,sans-serif;margin:0;padding:2rem 1.25rem;color:#111;background:#fafafa;text-align:center}
        main{max-width:28rem;margin:0 auto}h1{font-size:1.35rem;margin:.5rem 0}p{color:#444;line-height:1.4}
        a.button{display:block;margin:.75rem 0;padding:.85rem 1rem;border-radius:.6rem;background:#111;color:#fff;text-decoration:none;font-weight:600}
        a.secondary{background:#e8e8e8;color:#111}img{max-width:100%;border-radius:.6rem}
        """
}
