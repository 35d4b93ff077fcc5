import Foundation
import LandfallServer

/// Reads an HTML page the way a browser's tokenizer would and reports every place where script
/// could run that the server did not put there itself.
///
/// It reports: a `<script>` that is neither an inline script of ours carrying the response's nonce
/// nor an inert JSON data block; an `on…` event-handler attribute; a `javascript:`, `vbscript:` or
/// `data:text/html` URL in a URL attribute or a refresh; elements that load active content
/// (`iframe`, `object`, `embed`, `base`, SVG animation); `<style>` without the nonce and
/// script-bearing style attributes. A value that escaped its attribute surfaces as one of these.
public struct ExecutableContextScanner: Sendable {
    /// Inline scripts the server itself sends, by exact text.
    public var trustedScripts: Set<String>
    /// Script files the server itself serves, by the exact `src` its pages give them.
    public var trustedSources: Set<String>

    public init(trustedScripts: Set<String>, trustedSources: Set<String> = []) {
        self.trustedScripts = trustedScripts
        self.trustedSources = trustedSources
    }

    /// The server's own scripts: the interstitial's and the dashboard's.
    public static let landfall = ExecutableContextScanner(trustedScripts: PageScripts.trusted, trustedSources: PageScripts.trustedSources)

    public struct Finding: Sendable, Hashable, CustomStringConvertible {
        public var kind: String
        public var detail: String
        public var description: String { "\(kind): \(detail)" }
    }

    static let urlAttributes: Set<String> = [
        "href", "src", "action", "formaction", "xlink:href", "data", "poster", "background", "dynsrc", "lowsrc", "codebase", "cite",
        "srcset",
    ]
    static let activeElements: Set<String> = [
        "iframe", "frame", "frameset", "object", "embed", "applet", "base", "isindex", "bgsound", "xss", "portal", "animate", "set",
        "handler",
    ]

    /// - Parameter nonce: the `script-src` nonce of the response's Content-Security-Policy, if any.
    public func scan(_ html: String, nonce: String?) -> [Finding] {
        var findings: [Finding] = []
        var tokenizer = HTMLTokenizer(html)
        while let token = tokenizer.next() {
            guard case .element(let name, let attributes, let rawText) = token else { continue }
            let values = Dictionary(attributes.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
            for attribute in attributes {
                if attribute.name.hasPrefix("on") {
                    findings.append(Finding(kind: "event handler", detail: "<\(name) \(attribute.name)=\(attribute.value.prefix(60))>"))
                }
                if Self.urlAttributes.contains(attribute.name) || attribute.name == "srcdoc",
                    Self.isScriptURL(attribute.value) || attribute.name == "srcdoc"
                {
                    findings.append(Finding(kind: "script URL", detail: "<\(name) \(attribute.name)=\(attribute.value.prefix(60))>"))
                }
                if attribute.name == "style", Self.isScriptStyle(attribute.value) {
                    findings.append(Finding(kind: "script in style", detail: "<\(name) style=\(attribute.value.prefix(60))>"))
                }
            }
            if name == "meta", values["http-equiv"]?.lowercased() == "refresh", let content = values["content"] {
                let target = content.split(separator: "=", maxSplits: 1).dropFirst().first.map(String.init) ?? content
                if Self.isScriptURL(target) { findings.append(Finding(kind: "script URL", detail: "<meta refresh \(content.prefix(60))>")) }
            }
            if Self.activeElements.contains(name) {
                findings.append(Finding(kind: "active element", detail: "<\(name)>"))
            }
            // Raw text is markup again in foreign content (`<svg><style><img onerror…>` runs), so
            // whatever would run if it were parsed as markup counts too.
            if name != "script", let rawText, rawText.contains("<") {
                findings += scan(rawText, nonce: nonce).map { Finding(kind: $0.kind, detail: "inside <\(name)>: \($0.detail)") }
            }
            switch name {
            case "script":
                let type = values["type"]?.lowercased()
                if type == "application/json" || type == "application/ld+json" {
                    if values["src"] != nil {
                        findings.append(Finding(kind: "script", detail: "data block with src"))
                    } else if let data = try? JSONSerialization.jsonObject(with: Data((rawText ?? "").utf8), options: [.fragmentsAllowed]) {
                        // Our own script navigates to URLs it reads from here.
                        for url in Self.strings(in: data) where Self.isScriptURL(url) {
                            findings.append(Finding(kind: "script URL in data block", detail: String(url.prefix(60))))
                        }
                    } else {
                        findings.append(Finding(kind: "broken data block", detail: String((rawText ?? "").prefix(80))))
                    }
                } else if !isOurs(src: values["src"], text: rawText ?? "", nonce: values["nonce"], expected: nonce) {
                    findings.append(Finding(kind: "script", detail: String((rawText ?? values["src"] ?? "").prefix(80))))
                }
            case "style":
                if nonce.map({ values["nonce"] != $0 }) ?? false || Self.isScriptStyle(rawText ?? "") {
                    findings.append(Finding(kind: "style", detail: String((rawText ?? "").prefix(80))))
                }
            case "link":
                if values["rel"]?.lowercased().contains("import") == true || values["rel"]?.lowercased().contains("stylesheet") == true {
                    findings.append(Finding(kind: "linked resource", detail: "<link rel=\(values["rel"] ?? "")>"))
                }
            default:
                break
            }
        }
        return findings
    }

    /// A script of the server's own under the response's nonce: a trusted inline text, or a trusted
    /// file with nothing inline (a browser ignores inline text beside `src`, but ours never has any).
    private func isOurs(src: String?, text: String, nonce: String?, expected: String?) -> Bool {
        guard let expected, nonce == expected else { return false }
        if let src { return trustedSources.contains(src) && text.isEmpty }
        return trustedScripts.contains(text)
    }

    /// Whether a URL runs script: its scheme after the browser's own clean-up (entities decoded,
    /// tabs and newlines removed, leading spaces and controls trimmed, case folded).
    public static func isScriptURL(_ value: String) -> Bool {
        let cleaned = String(String.UnicodeScalarView(value.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }))
        let trimmed = cleaned.drop { $0.unicodeScalars.allSatisfy { $0.value <= 0x20 } }.lowercased()
        return trimmed.hasPrefix("javascript:") || trimmed.hasPrefix("vbscript:") || trimmed.hasPrefix("data:text/html")
            || trimmed.hasPrefix("data:image/svg") || trimmed.hasPrefix("data:application/")
    }

    private static func strings(in value: Any) -> [String] {
        switch value {
        case let text as String: [text]
        case let array as [Any]: array.flatMap(strings)
        case let object as [String: Any]: object.values.flatMap(strings)
        default: []
        }
    }

    static func isScriptStyle(_ css: String) -> Bool {
        let lowered = css.lowercased()
        return lowered.contains("javascript:") || lowered.contains("expression(") || lowered.contains("behavior:")
            || lowered.contains("@import")
    }
}
