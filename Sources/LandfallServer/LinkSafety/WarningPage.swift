/// What a visitor of a link under `warn` sees first: where the link leads and a plain link to go on.
///
/// No script at all (served with ``HTML/staticContentSecurityPolicy``): the visitor decides, nothing
/// moves on by itself. The click was recorded like any other visit.
enum WarningPage {
    static let title = "Check where this link goes"

    static func render(destination: String) -> String {
        let host = SafetyDomainList.webHost(destination) ?? destination
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width,initial-scale=1">
            <meta name="robots" content="noindex">
            <meta name="referrer" content="no-referrer">
            <title>\(HTML.escape(title))</title>
            <style>\(HTML.style)</style>
            </head><body><main><h1>\(HTML.escape(title))</h1>
            <p>This link leads to <strong>\(HTML.escape(host))</strong>, a site flagged for caution. Continue only if you trust it.</p>
            <a class="button secondary" rel="noopener noreferrer nofollow" href="\(HTML.escape(destination))">Continue to \(HTML.escape(host))</a>
            </main></body></html>
            """
    }
}

extension RedirectPlan {
    /// Where a warned visitor may continue to: the web destination the plan would have used.
    var webDestination: String {
        switch self {
        case .redirect(let location): location
        case .interstitial(let model): model.webURL
        case .preview(let model): model.destinationURL
        }
    }
}
