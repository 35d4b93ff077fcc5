import HTTPTypes
import Hummingbird
import LandfallStore

/// The page shell every dashboard page shares: navigation, style, and the response headers with a
/// nonce-based Content-Security-Policy.
enum DashboardLayout {
    struct Chrome {
        var title: String
        /// Nil on the sign-in page.
        var principal: DashboardPrincipal?
        var csrf: String?
        var nonce: String
        /// The session's role in the app the page is about: forms it may not post are left out (the
        /// server refuses them anyway).
        var role: DashboardRole?

        /// True when the page may offer forms that change the app's links and other objects.
        var canEdit: Bool { (role ?? .viewer) >= .editor }

        func view(script: String?) -> View {
            var who = ""
            switch principal {
            case .admin: who = "Signed in with the admin token"
            case .app: who = "Signed in with an app key"
            case .user(_, let email, _): who = "Signed in as \(email)"
            case nil: break
            }
            var isAccount = false
            if case .user = principal { isAccount = true }
            return View(
                title: title, nonce: nonce, signedIn: principal != nil && csrf != nil, csrf: csrf ?? "", who: who, isAccount: isAccount,
                canEdit: canEdit, isOwner: role == .owner, style: DashboardLayout.style, script: script ?? "", hasScript: script != nil
            )
        }
    }

    /// What the layout template reads: the title, the navigation for a signed-in session, the nonce
    /// and the CSRF token every form carries.
    struct View {
        var title: String
        var nonce: String
        var signedIn: Bool
        var csrf: String
        var who: String
        var isAccount: Bool
        var canEdit: Bool
        var isOwner: Bool
        var style: String
        var script: String
        var hasScript: Bool
    }

    static let template = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width,initial-scale=1">
        <meta name="robots" content="noindex">
        {{#chrome}}<title>{{title}} · Landfall</title>
        {{! The style sheet is this file's constant, raw because escaping would break its child selectors. }}
        <style nonce="{{nonce}}">{{{style}}}</style>
        </head><body>{{#signedIn}}<nav><a class="brand" href="/dashboard">Landfall</a><a href="/dashboard/apps">Apps</a>\
        {{#isAccount}}<a href="/dashboard/account" id="account">Account</a>{{/isAccount}}<span class="who">{{who}}</span>\
        <form method="post" action="/dashboard/logout" class="inline">{{>csrf}}\
        <button type="submit" class="link" id="sign-out">Sign out</button></form></nav>{{/signedIn}}{{/chrome}}<main>
        {{$content}}{{/content}}
        </main>{{#chrome}}{{#hasScript}}{{! A script constant of the page's own, allowed by the nonce. }}\
        <script nonce="{{nonce}}">{{{script}}}</script>{{/hasScript}}{{/chrome}}</body></html>
        """

    static let csrfTemplate = #"<input type="hidden" name="_csrf" value="{{chrome.csrf}}">"#

    /// Like the link pages' policy, but forms may post to this origin.
    static func contentSecurityPolicy(nonce: String) -> String {
        "default-src 'none'; script-src 'nonce-\(nonce)'; style-src 'nonce-\(nonce)'; img-src 'self' data:; "
            + "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    }

    static func response(_ html: String, status: HTTPResponse.Status = .ok, nonce: String) -> Response {
        let bytes = ByteBuffer(string: html)
        var headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8",
            .cacheControl: "no-store",
            .contentSecurityPolicy: contentSecurityPolicy(nonce: nonce),
            HTTPField.Name("X-Content-Type-Options")!: "nosniff",
            HTTPField.Name("Referrer-Policy")!: "same-origin",
        ]
        headers[.contentLength] = String(bytes.readableBytes)
        return Response(status: status, headers: headers, body: .init(byteBuffer: bytes))
    }

    /// 303 See Other: after a form post the browser fetches the next page with GET.
    static func redirect(to location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }

    // Text colours keep 4.5:1 contrast on white and on the page's grey (axe's color-contrast rule).
    // On a phone a header breaks only between words and a cell's long value (a URL, an id) anywhere;
    // a table still wider than the screen scrolls sideways inside its `.table-scroll` box, which
    // templates give a tab stop and a name (axe's scrollable-region-focusable rule). Previews wrap.
    static let style = """
        *{box-sizing:border-box}body{font-family:-apple-system,system-ui,sans-serif;margin:0;color:#111;background:#f6f6f4}
        nav{display:flex;gap:1rem;align-items:center;padding:.75rem 1.25rem;background:#111;color:#eee}
        nav a{color:#fff;text-decoration:none}nav .brand{font-weight:700}nav .who{margin-left:auto;color:#aaa;font-size:.85rem}
        main{max-width:60rem;margin:0 auto;padding:1.5rem 1.25rem}h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:2rem}
        table{border-collapse:collapse;width:100%;background:#fff}th,td{text-align:left;padding:.45rem .6rem;border-bottom:1px solid #e4e4e0;font-size:.9rem}
        th{word-break:normal;overflow-wrap:normal;hyphens:manual}.table-scroll{overflow-x:auto;margin:1rem 0}
        form.card,section.card{background:#fff;padding:1rem;border:1px solid #e4e4e0;border-radius:.5rem;margin:1rem 0}
        label{display:block;margin:.5rem 0 .2rem;font-size:.85rem;color:#444}input[type=text],input[type=url],input[type=password],select{width:100%;padding:.5rem;border:1px solid #ccc;border-radius:.35rem;font:inherit}
        button{margin-top:.75rem;padding:.5rem 1rem;border:0;border-radius:.35rem;background:#111;color:#fff;font:inherit;cursor:pointer}
        button.link{background:none;color:#fff;margin:0;padding:0;text-decoration:underline}form.inline{display:inline}
        .error{background:#fde8e8;color:#8a1010;padding:.6rem .8rem;border-radius:.35rem}.notice{background:#e8f5e9;padding:.6rem .8rem;border-radius:.35rem}
        .row{display:flex;gap:1.5rem;flex-wrap:wrap}.row>*{flex:1 1 18rem}code{background:#eee;padding:.1rem .3rem;border-radius:.25rem}
        .visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
        .muted{color:#595959}.qr svg{max-width:100%;height:auto;border:1px solid #e4e4e0}svg.chart{width:100%;height:auto;background:#fff}
        textarea,input[type=number],input[type=date]{width:100%;padding:.5rem;border:1px solid #ccc;border-radius:.35rem;font:inherit}
        input:disabled,textarea:disabled,select:disabled{background:#f0f0ee;color:#555}
        fieldset{border:1px solid #e4e4e0;border-radius:.5rem;margin:.75rem 0;padding:.5rem 1rem 1rem}legend{font-weight:600;padding:0 .3rem}
        .field-error{color:#8a1010;margin:.25rem 0 0;font-size:.85rem}[aria-invalid=true]{border-color:#b42318;outline:1px solid #b42318}
        .hint{color:#666;margin:.2rem 0 0;font-size:.8rem}label.check{display:flex;gap:.5rem;align-items:center;color:#111;font-size:.9rem}
        pre{background:#f4f4f2;padding:.6rem;font-size:.8rem;white-space:pre-wrap;overflow-wrap:anywhere}
        :focus-visible{outline:2px solid #2f6fde;outline-offset:2px}
        @media (max-width:40rem){nav{flex-wrap:wrap;gap:.6rem}nav .who{margin-left:0;width:100%}main{padding:1rem .75rem}
        th,td{padding:.4rem .35rem}td{overflow-wrap:anywhere}.row{gap:0}.row>*{flex-basis:100%}}
        """
}
