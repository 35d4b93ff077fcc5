import Foundation
import LandfallStore

/// The sign-in page, the app list and the one-message page.
enum DashboardPages {
    static let loginTemplate = """
        {{<layout}}{{$content}}
        <h1>Sign in to Landfall</h1>
        {{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
        <form class="card" method="post" action="/dashboard/login" id="account-login-form">
        <input type="hidden" name="_csrf" value="{{loginToken}}">
        <label for="email">Email</label>
        <input type="text" id="email" name="email" autocomplete="username" inputmode="email" required>
        <label for="password">Password</label>
        <input type="password" id="password" name="password" autocomplete="current-password" required>
        <button type="submit">Sign in</button>
        </form>
        <h2>Operators</h2>
        <p class="muted">The server's admin token (all apps) or an app's secret key (edits that app) also sign in.</p>
        <form class="card" method="post" action="/dashboard/login" id="login-form">
        <input type="hidden" name="_csrf" value="{{loginToken}}">
        <label for="token">Admin token or secret key</label>
        <input type="password" id="token" name="token" autocomplete="off" required>
        <button type="submit">Sign in with a token</button>
        </form>
        {{/content}}{{/layout}}
        """

    static func login(nonce: String, loginToken: String, error: String?) -> String {
        DashboardTemplates.render("login", chrome: .init(title: "Sign in", nonce: nonce), ["loginToken": loginToken, "error": error])
    }

    static let appsTemplate = """
        {{<layout}}{{$content}}
        <h1>Apps</h1>{{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
        <div class="table-scroll" role="region" aria-label="Apps" tabindex="0"><table id="apps"><thead><tr><th>Name</th><th>Slug</th><th>Domains</th></tr></thead><tbody>
        {{#apps}}<tr><td><a href="/dashboard/apps/{{id}}/links">{{name}}</a></td><td><code>{{slug}}</code></td>\
        <td>{{#domains}}{{domains}}{{/domains}}{{^domains}}<span class="muted">server URL</span>{{/domains}}</td></tr>{{/apps}}
        {{^apps}}<tr><td colspan="3" class="muted">No apps yet.</td></tr>{{/apps}}
        </tbody></table></div>
        {{#canCreate}}
        <h2>New app</h2>
        <form class="card" method="post" action="/dashboard/apps" id="create-app">{{>csrf}}
        <label for="app-name">Name</label><input type="text" id="app-name" name="name" required maxlength="100">
        <label for="app-fallback">Web fallback URL (optional)</label><input type="url" id="app-fallback" name="webFallbackUrl">
        <button type="submit">Create app</button></form>
        {{/canCreate}}
        {{/content}}{{/layout}}
        """

    static func apps(_ apps: [AppRecord], chrome: DashboardLayout.Chrome, error: String?) -> String {
        let rows = apps.map {
            DashboardTemplates.view(["id": $0.id, "name": $0.name, "slug": $0.slug, "domains": $0.domains.joined(separator: ", ")])
        }
        return DashboardTemplates.render(
            "apps", chrome: chrome, ["apps": rows, "error": error, "canCreate": chrome.principal == .admin && chrome.csrf != nil])
    }

    static let messageTemplate = """
        {{<layout}}{{$content}}<h1>{{heading}}</h1><p>{{text}}</p><p><a href="/dashboard">Back to the dashboard</a></p>{{/content}}{{/layout}}
        """

    static func message(_ title: String, _ text: String, chrome: DashboardLayout.Chrome) -> String {
        DashboardTemplates.render("message", chrome: chrome, ["heading": title, "text": text])
    }

    static func date(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
        return formatter.string(from: date) + " UTC"
    }
}
