/// What crawlers and chat unfurlers get: the link's Open Graph and Twitter card tags.
enum PreviewPage {
    static func render(_ model: PreviewModel, nonce: String) -> String {
        var meta = [
            #"<meta property="og:type" content="website">"#,
            #"<meta property="og:title" content="\#(HTML.escape(model.title))">"#,
            #"<meta property="og:url" content="\#(HTML.escape(model.canonicalURL))">"#,
            #"<meta name="twitter:title" content="\#(HTML.escape(model.title))">"#,
        ]
        if let description = model.description {
            meta.append(#"<meta property="og:description" content="\#(HTML.escape(description))">"#)
            meta.append(#"<meta name="description" content="\#(HTML.escape(description))">"#)
            meta.append(#"<meta name="twitter:description" content="\#(HTML.escape(description))">"#)
        }
        if let image = model.imageURL {
            meta.append(#"<meta property="og:image" content="\#(HTML.escape(image))">"#)
            meta.append(#"<meta name="twitter:image" content="\#(HTML.escape(image))">"#)
            meta.append(#"<meta name="twitter:card" content="summary_large_image">"#)
        } else {
            meta.append(#"<meta name="twitter:card" content="summary">"#)
        }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <title>\(HTML.escape(model.title))</title>
            \(meta.joined(separator: "\n"))
            <link rel="canonical" href="\(HTML.escape(model.canonicalURL))">
            <style nonce="\(nonce)">\(HTML.style)</style>
            </head><body><main><h1>\(HTML.escape(model.title))</h1>
            <a class="button" href="\(HTML.escape(model.destinationURL))">Open</a></main></body></html>
            """
    }
}
