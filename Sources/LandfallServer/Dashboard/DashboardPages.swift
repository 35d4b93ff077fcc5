import Foundation
import LandfallStore

/// The sign-in page and the app list.
enum DashboardPages {
    static func login(nonce: String, loginToken: String, error: String?) -> String {
        DashboardLayout.page(
            .init(title: "Sign in", nonce: nonce),
            body: """
                <h1>Sign in to Landfall</h1>
                \(DashboardLayout.errorBox(error))
                <form class="card" method="post" action="/dashboard/login" id="account-login-form">
                <input type="hidden" name="_csrf" value="\(HTML.escape(loginToken))">
                <label for="email">Email</label>
                <input type="text" id="email" name="email" autocomplete="username" inputmode="email" required>
                <label for="password">Password</label>
                <input type="password" id="password" name="password" autocomplete="current-password" required>
                <button type="submit">Sign in</button>
                </form>
                <h2>Operators</h2>
                <p class="muted">The server's admin token (all apps) or an app's secret key (edits that app) also sign in.</p>
                <form class="card" method="post" action="/dashboard/login" id="login-form">
                <input type="hidden" name="_csrf" value="\(HTML.escape(loginToken))">
                <label for="token">Admin token or secret key</label>
                <input type="password" id="token" name="token" autocomplete="off" required>
                <button type="submit">Sign in with a token</button>
                </form>
                """)
    }

    static func apps(_ apps: [AppRecord], chrome: DashboardLayout.Chrome, error: String?) -> String {
        var rows = ""
        for app in apps {
            let domains = app.domains.isEmpty ? #"<span class="muted">server URL</span>"# : HTML.escape(app.domains.joined(separator: ", "))
            rows += """
                <tr><td><a href="/dashboard/apps/\(HTML.escape(app.id))/links">\(HTML.escape(app.name))</a></td>\
                <td><code>\(HTML.escape(app.slug))</code></td><td>\(domains)</td></tr>
                """
        }
        if apps.isEmpty { rows = #"<tr><td colspan="3" class="muted">No apps yet.</td></tr>"# }
        var create = ""
        if chrome.principal == .admin, let csrf = chrome.csrf {
            create = """
                <h2>New app</h2>
                <form class="card" method="post" action="/dashboard/apps" id="create-app">\(DashboardLayout.csrfField(csrf))
                <label for="app-name">Name</label><input type="text" id="app-name" name="name" required maxlength="100">
                <label for="app-fallback">Web fallback URL (optional)</label><input type="url" id="app-fallback" name="webFallbackUrl">
                <button type="submit">Create app</button></form>
                """
        }
        return DashboardLayout.page(
            chrome,
            body: """
                <h1>Apps</h1>\(DashboardLayout.errorBox(error))
                <table id="apps"><thead><tr><th>Name</th><th>Slug</th><th>Domains</th></tr></thead><tbody>\(rows)</tbody></table>
                \(create)
                """)
    }

    static func message(_ title: String, _ text: String, chrome: DashboardLayout.Chrome) -> String {
        DashboardLayout.page(
            chrome, body: "<h1>\(HTML.escape(title))</h1><p>\(HTML.escape(text))</p><p><a href=\"/dashboard\">Back to the dashboard</a></p>"
        )
    }

    static func date(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
        return formatter.string(from: date) + " UTC"
    }
}
