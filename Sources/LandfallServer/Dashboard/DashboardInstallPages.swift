import Foundation
import LandfallModels
import LandfallStore

/// An app's installs, newest first, with how each was attributed: method, confidence, the factors
/// that matched, and the link; filtered by method and platform.
enum DashboardInstallPages {
    static let template = """
        {{<layout}}{{$content}}
        <p><a href="/dashboard/apps/{{appId}}/links">← {{appName}}</a></p>
        <h1>{{appName}}: installs</h1>{{>app-nav}}
        <form method="get" action="/dashboard/apps/{{appId}}/installs" id="install-filters" class="card"><div class="row">\
        {{#filters}}<div><label for="filter-{{name}}">{{label}}</label><select id="filter-{{name}}" name="{{name}}"\
        {{#hasError}} aria-invalid="true" aria-describedby="filter-{{name}}-error"{{/hasError}}>\
        {{#options}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{text}}</option>{{/options}}</select>\
        {{#hasError}}<p class="field-error" id="filter-{{name}}-error" role="alert">{{error}}</p>{{/hasError}}</div>{{/filters}}\
        </div><button type="submit">Filter</button></form>
        <div class="table-scroll" role="region" aria-label="Installs" tabindex="0"><table id="app-installs"><thead><tr><th>When</th><th>Platform</th><th>Method</th><th>Confidence</th><th>Matched on</th><th>Link</th></tr></thead><tbody>
        {{#installs}}<tr><td>{{when}}</td><td>{{platform}}</td><td class="method">{{method}}</td><td>{{confidence}}</td><td>{{factors}}</td>\
        <td>{{#linkId}}<a href="/dashboard/apps/{{appId}}/links/{{linkId}}">{{linkId}}</a>{{/linkId}}</td></tr>{{/installs}}
        {{^installs}}<tr><td colspan="6" class="muted">No installs match.</td></tr>{{/installs}}
        </tbody></table></div>
        {{#next}}<p><a href="/dashboard/apps/{{appId}}/installs?{{next}}">Older installs →</a></p>{{/next}}
        {{/content}}{{/layout}}
        """

    static let platforms = ["ios", "android", "web"]

    /// A filter's select; `error` is the message for a value it does not offer.
    static func filter(_ name: String, _ label: String, values: [String], selected: String?, error: String?) -> [String: Any] {
        let options =
            [["value": "", "text": "any", "selected": selected == nil] as [String: Any]]
            + values.map { ["value": $0, "text": $0, "selected": $0 == selected] as [String: Any] }
        return ["name": name, "label": label, "options": options, "hasError": error != nil, "error": error ?? ""]
    }

    static func page(
        app: AppRecord, installs: [InstallRecord], method: InstallMethod?, platform: String?, errors: [String: String], next: String?,
        chrome: DashboardLayout.Chrome
    ) -> String {
        let rows = installs.map { install -> [String: Any] in
            DashboardTemplates.view([
                "when": DashboardPages.date(install.createdAt), "platform": install.fingerprint.platform, "method": install.method.rawValue,
                "confidence": install.confidence, "factors": install.matchedFactors.joined(separator: ", "), "linkId": install.linkId,
            ])
        }
        let filters = [
            filter(
                "method", "Method", values: InstallMethod.allCases.map(\.rawValue), selected: method?.rawValue, error: errors["method"]),
            filter("platform", "Platform", values: platforms, selected: platform, error: errors["platform"]),
        ]
        return DashboardTemplates.render(
            "installs", chrome: chrome,
            ["appId": app.id, "appName": app.name, "installs": rows, "filters": filters, "next": next])
    }
}
