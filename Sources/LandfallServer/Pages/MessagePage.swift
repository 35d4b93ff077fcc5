import HTTPTypes

/// A plain page for links that cannot be followed: unknown (404), switched off (404) or expired (410).
///
/// No script and no nonce: served with ``HTML/staticContentSecurityPolicy``, its bytes depend only
/// on the title and message.
enum MessagePage {
    static func render(title: String, message: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width,initial-scale=1">
        <meta name="robots" content="noindex">
        <title>\(HTML.escape(title))</title>
        <style>\(HTML.style)</style>
        </head><body><main><h1>\(HTML.escape(title))</h1><p>\(HTML.escape(message))</p></main></body></html>
        """
    }
}
