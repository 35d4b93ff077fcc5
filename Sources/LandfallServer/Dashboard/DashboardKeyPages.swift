import Foundation
import LandfallStore

/// An app's API keys (owners only): their prefixes, issuing one (its secret shown on this answer
/// only) and revoking.
enum DashboardKeyPages {
    static let template = """
        {{<layout}}{{$content}}
        <p><a href="/dashboard/apps/{{appId}}/links">← {{appName}}</a></p>
        <h1>{{appName}}: keys</h1>{{>app-nav}}
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}\
        {{#formError}}<p class="error" role="alert">{{formError}}</p>{{/formError}}\
        {{#issued}}<section class="card notice" id="new-key" role="status"><p>The {{kind}} key <strong>{{name}}</strong> was issued. \
        Copy it now: it is shown only on this page, and only its hash is stored.</p><p><code id="new-key-value">{{key}}</code></p></section>{{/issued}}
        <div class="table-scroll" role="region" aria-label="API keys" tabindex="0"><table id="keys"><thead><tr><th>Name</th><th>Kind</th><th>Prefix</th><th>Created</th><th>State</th><th></th></tr></thead><tbody>
        {{#keys}}<tr><td>{{name}}</td><td>{{kind}}</td><td><code>{{prefix}}…</code></td><td>{{created}}</td><td class="state">{{state}}</td><td>\
        {{#live}}<form method="post" action="/dashboard/apps/{{appId}}/keys/{{id}}/revoke" class="inline">{{>csrf}}\
        <button type="submit" aria-label="Revoke {{name}}">Revoke</button></form>{{/live}}</td></tr>{{/keys}}
        {{^keys}}<tr><td colspan="6" class="muted">No keys yet.</td></tr>{{/keys}}
        </tbody></table></div>
        <h2>Issue a key</h2>
        <form class="card" method="post" action="/dashboard/apps/{{appId}}/keys" id="issue-key">{{>csrf}}
        {{>fields}}
        <label for="key-kind">Kind</label><select id="key-kind" name="kind">\
        <option value="secret">secret (server side: the API, signs in to this dashboard as an editor)</option>\
        <option value="publishable">publishable (apps and web pages: the SDK's calls only)</option></select>
        <button type="submit">Issue key</button></form>
        {{/content}}{{/layout}}
        """

    static func page(
        app: AppRecord, keys: [APIKeyRecord], issued: (record: APIKeyRecord, key: String)?, name: DashboardField, notice: String?,
        formError: String?, chrome: DashboardLayout.Chrome
    ) -> String {
        let rows = keys.sorted { $0.createdAt > $1.createdAt }.map { key -> [String: Any] in
            [
                "id": key.id, "name": key.name, "kind": key.kind.rawValue, "prefix": key.displayPrefix,
                "created": DashboardPages.date(key.createdAt), "live": key.revokedAt == nil,
                "state": key.revokedAt.map { "revoked \(DashboardPages.date($0))" } ?? "live",
            ]
        }
        let shown = issued.map { ["kind": $0.record.kind.rawValue, "name": $0.record.name, "key": $0.key] }
        return DashboardTemplates.render(
            "keys", chrome: chrome,
            [
                "appId": app.id, "appName": app.name, "keys": rows, "issued": shown, "notice": notice, "formError": formError,
                "fields": [name],
            ])
    }
}
