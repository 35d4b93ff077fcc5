import Foundation
import LandfallModels
import LandfallStore

/// An app's link templates: the list with a create form, and one template's page with its edit and
/// delete forms. Members who may not change templates see the fields read-only.
enum DashboardTemplatePages {
    static let listTemplate = """
        {{<layout}}{{$content}}
        <p><a href="/dashboard/apps/{{appId}}/links">← {{appName}}</a></p>
        <h1>{{appName}}: link templates</h1>{{>app-nav}}
        <p class="muted">A link created with <code>"templateId"</code> takes a template's fields as its defaults.</p>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        <div class="table-scroll" role="region" aria-label="Templates" tabindex="0"><table id="templates"><thead><tr><th>Name</th><th>Slug</th><th>Destination</th><th>Updated</th></tr></thead><tbody>
        {{#templates}}<tr><td><a href="/dashboard/apps/{{appId}}/templates/{{id}}">{{name}}</a></td><td><code>{{slug}}</code></td>\
        <td>{{destination}}</td><td>{{updated}}</td></tr>{{/templates}}
        {{^templates}}<tr><td colspan="4" class="muted">No templates yet.</td></tr>{{/templates}}
        </tbody></table></div>
        {{#chrome.canEdit}}<h2>New template</h2>{{#formError}}<p class="error" role="alert">{{formError}}</p>{{/formError}}
        <form class="card" method="post" action="/dashboard/apps/{{appId}}/templates" id="create-template">{{>csrf}}\
        {{#newTemplate}}{{>fields}}{{/newTemplate}}<button type="submit">Create template</button></form>{{/chrome.canEdit}}
        {{/content}}{{/layout}}
        """

    static let detailTemplate = """
        {{<layout}}{{$content}}
        <p><a href="/dashboard/apps/{{appId}}/templates">← {{appName}} templates</a></p>
        <h1>Template {{name}}</h1>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}\
        {{#formError}}<p class="error" role="alert">{{formError}}</p>{{/formError}}
        <p>Id <code id="template-id">{{id}}</code>, slug <code>{{slug}}</code>.</p>
        <form class="card" method="post" action="/dashboard/apps/{{appId}}/templates/{{id}}" id="edit-template">{{>csrf}}{{>fields}}\
        {{#chrome.canEdit}}<button type="submit">Save template</button>{{/chrome.canEdit}}</form>
        {{#chrome.canEdit}}<form class="card" method="post" action="/dashboard/apps/{{appId}}/templates/{{id}}/delete" id="delete-template">\
        {{>csrf}}<p>Links made from this template keep their fields.</p><button type="submit">Delete template</button></form>{{/chrome.canEdit}}
        {{/content}}{{/layout}}
        """

    /// The form's inputs: the template's identity and the link fields most templates set.
    static func fields(name: String, slug: String, defaults: LinkContent, prefix: String) -> [DashboardField] {
        let utm = defaults.utmParameters
        return [
            DashboardField("name", "Name", value: name, required: true, id: "\(prefix)-name"),
            DashboardField("slug", "Slug (optional: made from the name)", value: slug, id: "\(prefix)-slug"),
            DashboardField("originalUrl", "Destination URL", value: defaults.originalUrl ?? "", kind: .url, id: "\(prefix)-originalUrl"),
            DashboardField(
                "webFallbackUrl", "Web fallback URL", value: defaults.webFallbackUrl ?? "", kind: .url, id: "\(prefix)-webFallbackUrl"),
            DashboardField(
                "iosAppStoreUrl", "App Store URL", value: defaults.iosAppStoreUrl ?? "", kind: .url, id: "\(prefix)-iosAppStoreUrl"),
            DashboardField(
                "androidAppStoreUrl", "Play Store URL", value: defaults.androidAppStoreUrl ?? "", kind: .url,
                id: "\(prefix)-androidAppStoreUrl"),
            DashboardField("deepLinkPath", "Deep link path", value: defaults.deepLinkPath ?? "", id: "\(prefix)-deepLinkPath"),
            DashboardField("utmSource", "UTM source", value: utm?.source ?? "", id: "\(prefix)-utmSource"),
            DashboardField("utmMedium", "UTM medium", value: utm?.medium ?? "", id: "\(prefix)-utmMedium"),
            DashboardField("utmCampaign", "UTM campaign", value: utm?.campaign ?? "", id: "\(prefix)-utmCampaign"),
            DashboardField("title", "Link title", value: defaults.title ?? "", id: "\(prefix)-title"),
            DashboardField("ogTitle", "Social preview title", value: defaults.ogTitle ?? "", id: "\(prefix)-ogTitle"),
            DashboardField(
                "ogDescription", "Social preview description", value: defaults.ogDescription ?? "", kind: .textarea,
                id: "\(prefix)-ogDescription"),
        ]
    }

    /// The posted form as the API's input, over `base`: the link fields the form does not show keep
    /// their values, as a merge patch of `/api/templates/:id` leaves them.
    static func input(_ form: DashboardForm, base: LinkContent) -> TemplateInput {
        var content = base
        content.originalUrl = form["originalUrl"]
        content.webFallbackUrl = form["webFallbackUrl"]
        content.iosAppStoreUrl = form["iosAppStoreUrl"]
        content.androidAppStoreUrl = form["androidAppStoreUrl"]
        content.deepLinkPath = form["deepLinkPath"]
        content.title = form["title"]
        content.ogTitle = form["ogTitle"]
        content.ogDescription = form["ogDescription"]
        var utm = base.utmParameters ?? UTMParameters()
        utm.source = form["utmSource"]
        utm.medium = form["utmMedium"]
        utm.campaign = form["utmCampaign"]
        content.utmParameters = utm == UTMParameters() ? nil : utm
        return TemplateInput(name: form["name"] ?? "", slug: form["slug"], defaults: content)
    }

    /// The form as posted, so a refused one comes back as typed.
    static func fields(posted form: DashboardForm, base: LinkContent, prefix: String) -> [DashboardField] {
        let input = input(form, base: base)
        return fields(name: form.values["name"] ?? "", slug: form.values["slug"] ?? "", defaults: input.defaults, prefix: prefix)
    }

    static func list(
        app: AppRecord, templates: [TemplateRecord], newFields: [DashboardField]?, notice: String?, formError: String?,
        chrome: DashboardLayout.Chrome
    ) -> String {
        let rows = templates.map {
            [
                "id": $0.id, "name": $0.name, "slug": $0.slug, "updated": DashboardPages.date($0.updatedAt),
                "destination": $0.defaults.originalUrl ?? $0.defaults.webFallbackUrl ?? "",
            ] as [String: Any]
        }
        return DashboardTemplates.render(
            "templates", chrome: chrome,
            [
                "appId": app.id, "appName": app.name, "templates": rows, "notice": notice, "formError": formError,
                "newTemplate": ["fields": newFields ?? fields(name: "", slug: "", defaults: LinkContent(), prefix: "new")],
            ])
    }

    static func detail(
        app: AppRecord, template: TemplateRecord, fields posted: [DashboardField]?, notice: String?, formError: String?,
        chrome: DashboardLayout.Chrome
    ) -> String {
        let shown = posted ?? fields(name: template.name, slug: template.slug, defaults: template.defaults, prefix: "tpl")
        return DashboardTemplates.render(
            "template", chrome: chrome,
            [
                "appId": app.id, "appName": app.name, "id": template.id, "name": template.name, "slug": template.slug,
                "notice": notice, "formError": formError, "fields": chrome.canEdit ? shown : DashboardField.readOnly(shown),
            ])
    }
}
