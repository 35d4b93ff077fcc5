import Foundation
import LandfallModels
import LandfallStore

/// An app's settings form (every field of `PATCH /api/apps/:id`) with the apple-app-site-association
/// and assetlinks.json the settings make.
enum DashboardSettingsPages {
    static let template = """
        {{<layout}}{{$content}}
        <p><a href="/dashboard/apps/{{appId}}/links">← {{appName}}</a></p>
        <h1>{{appName}}: settings</h1>{{>app-nav}}
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}\
        {{#formError}}<p class="error" role="alert">{{formError}}</p>{{/formError}}
        <form class="card" method="post" action="/dashboard/apps/{{appId}}/settings" id="app-settings">{{>csrf}}
        <fieldset><legend>App</legend>{{#general}}{{>fields}}{{/general}}</fieldset>
        <fieldset><legend>iOS</legend>{{#ios}}{{>fields}}{{/ios}}</fieldset>
        <fieldset><legend>Android</legend>{{#android}}{{>fields}}{{/android}}</fieldset>
        <fieldset><legend>Attribution</legend>{{#attribution}}{{>fields}}{{/attribution}}</fieldset>
        {{#chrome.isOwner}}<button type="submit" name="action" value="preview" id="preview">Preview the files</button> \
        <button type="submit" name="action" value="save" id="save">Save</button>{{/chrome.isOwner}}
        {{^chrome.isOwner}}<p class="muted">Only the app's owners change its settings.</p>{{/chrome.isOwner}}
        </form>
        <h2>Generated files<span id="preview-state">{{#previewing}} (preview of the form, not saved){{/previewing}}</span></h2>
        <div class="row">
        <section class="card"><h3>/.well-known/apple-app-site-association</h3>\
        <pre id="aasa-preview"{{^aasa}} hidden{{/aasa}}>{{aasa}}</pre><p class="muted" id="aasa-missing"{{#aasa}} hidden{{/aasa}}>\
        Not served: it needs the team ID and at least one bundle ID.</p></section>
        <section class="card"><h3>/.well-known/assetlinks.json</h3>\
        <pre id="assetlinks-preview"{{^assetlinks}} hidden{{/assetlinks}}>{{assetlinks}}</pre>\
        <p class="muted" id="assetlinks-missing"{{#assetlinks}} hidden{{/assetlinks}}>\
        Not served: it needs the package name and at least one certificate fingerprint.</p></section>
        </div>
        {{! The server's own script file (DashboardSettingsScript), allowed by the nonce; without it, Preview asks the server. }}\
        {{#chrome.isOwner}}<script src="{{scriptPath}}" nonce="{{chrome.nonce}}" defer></script>{{/chrome.isOwner}}
        {{/content}}{{/layout}}
        """

    /// The form's inputs, grouped as the page shows them, filled with the app's values or the posted ones.
    struct Form {
        var general: [DashboardField]
        var ios: [DashboardField]
        var android: [DashboardField]
        var attribution: [DashboardField]

        var all: [DashboardField] { general + ios + android + attribution }

        init(_ app: AppResponse) {
            general = [
                DashboardField("name", "Name", value: app.name, required: true),
                DashboardField(
                    "slug", "Slug", value: app.slug, hint: "Lowercase letters, digits and dashes; part of the short URLs without a domain."),
                DashboardField("domains", "Domains", value: app.domains.joined(separator: "\n"), kind: .textarea, hint: "One host a line."),
                DashboardField("uriScheme", "URI scheme", value: app.uriScheme ?? ""),
                DashboardField("webFallbackUrl", "Web fallback URL", value: app.webFallbackUrl ?? "", kind: .url),
            ]
            ios = [
                DashboardField("iosTeamId", "Team ID", value: app.iosTeamId ?? ""),
                DashboardField(
                    "iosBundleIds", "Bundle IDs", value: app.iosBundleIds.joined(separator: "\n"), kind: .textarea, hint: "One a line."),
                DashboardField("iosAppStoreUrl", "App Store URL", value: app.iosAppStoreUrl ?? "", kind: .url),
                DashboardField("iosAppStoreId", "App Store ID", value: app.iosAppStoreId ?? "", kind: .number),
                DashboardField(
                    "iosProbabilisticMatching", "Match iOS installs without a click token probabilistically", kind: .checkbox,
                    checked: app.iosProbabilisticMatching),
            ]
            android = [
                DashboardField("androidPackageName", "Package name", value: app.androidPackageName ?? ""),
                DashboardField(
                    "androidSha256CertFingerprints", "SHA-256 certificate fingerprints",
                    value: app.androidSha256CertFingerprints.joined(separator: "\n"), kind: .textarea, hint: "One a line."),
                DashboardField("androidPlayStoreUrl", "Play Store URL", value: app.androidPlayStoreUrl ?? "", kind: .url),
            ]
            attribution = [
                DashboardField(
                    "attributionWindowHours", "Attribution window (hours)", value: String(app.attributionWindowHours), kind: .number),
                DashboardField(
                    "attributionThreshold", "Score threshold (1-100, blank for the learned cut)",
                    value: app.attributionThreshold.map(String.init) ?? "", kind: .number),
                DashboardField(
                    "attributionTargetPrecision", "Target precision (0.5-0.999, blank for none)",
                    value: app.attributionTargetPrecision.map { String($0) } ?? "", kind: .number),
            ]
        }

        /// The fields as posted, so a refused form comes back as it was typed.
        init(posted form: DashboardForm, app: AppRecord) {
            self.init(AppResponse(app))
            for index in general.indices { general[index].value = form.values[general[index].name] ?? "" }
            for index in ios.indices where !ios[index].isCheckbox { ios[index].value = form.values[ios[index].name] ?? "" }
            for index in ios.indices where ios[index].isCheckbox { ios[index].checked = form[ios[index].name] == "true" }
            for index in android.indices { android[index].value = form.values[android[index].name] ?? "" }
            for index in attribution.indices { attribution[index].value = form.values[attribution[index].name] ?? "" }
        }

        mutating func attach(_ error: APIError) -> String? {
            var fields = all
            let unplaced = DashboardField.attach(error, to: &fields)
            general = Array(fields[0..<general.count])
            ios = Array(fields[general.count..<general.count + ios.count])
            android = Array(fields[general.count + ios.count..<general.count + ios.count + android.count])
            attribution = Array(fields[(general.count + ios.count + android.count)...])
            return unplaced
        }
    }

    /// The posted form as the API's input: the same `AppInput`, so the same validation and messages.
    static func input(_ form: DashboardForm) throws -> AppInput {
        AppInput(
            name: form["name"] ?? "", slug: form["slug"], domains: list(form["domains"]), iosTeamId: form["iosTeamId"],
            iosBundleIds: list(form["iosBundleIds"]), iosAppStoreUrl: form["iosAppStoreUrl"], iosAppStoreId: form["iosAppStoreId"],
            androidPackageName: form["androidPackageName"], androidSha256CertFingerprints: list(form["androidSha256CertFingerprints"]),
            androidPlayStoreUrl: form["androidPlayStoreUrl"], uriScheme: form["uriScheme"], webFallbackUrl: form["webFallbackUrl"],
            attributionWindowHours: try number(form["attributionWindowHours"], "attributionWindowHours"),
            attributionThreshold: try number(form["attributionThreshold"], "attributionThreshold"),
            attributionTargetPrecision: try decimal(form["attributionTargetPrecision"], "attributionTargetPrecision"),
            iosProbabilisticMatching: form["iosProbabilisticMatching"] == "true"
        )
    }

    /// One entry a line (commas also separate), blanks dropped.
    static func list(_ text: String?) -> [String] {
        (text ?? "").split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "," })
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// A whole number typed in a text box; the API's JSON would refuse anything else as a type error.
    static func number(_ text: String?, _ field: String) throws -> Int? {
        guard let text else { return nil }
        guard let value = Int(text) else { throw APIError.validation(field, "must be a whole number") }
        return value
    }

    static func decimal(_ text: String?, _ field: String) throws -> Double? {
        guard let text else { return nil }
        guard let value = Double(text), value.isFinite else { throw APIError.validation(field, "must be a number") }
        return value
    }

    /// The two files as the well-known routes send them for `settings` (the same encoder, so the
    /// same bytes), indented for reading; nil for a file not served.
    static func preview(_ settings: AppSettings) -> (aasa: String?, assetlinks: String?) {
        func indented(_ value: some Encodable) -> String? {
            guard let data = try? LandfallJSON.makeEncoder().encode(value),
                let json = try? LandfallJSON.makeDecoder().decode(JSONValue.self, from: data)
            else { return nil }
            return json.indentedJSON
        }
        return (AppleAppSiteAssociation(settings: settings).flatMap(indented), AssetLink.statements(settings: settings).flatMap(indented))
    }

    static func page(
        app: AppRecord, form: Form, settings: AppSettings, previewing: Bool, notice: String?, formError: String?,
        chrome: DashboardLayout.Chrome
    ) -> String {
        let files = preview(settings)
        let editable = chrome.role == .owner
        let group = { (fields: [DashboardField]) in ["fields": editable ? fields : DashboardField.readOnly(fields)] }
        return DashboardTemplates.render(
            "settings", chrome: chrome,
            [
                "appId": app.id, "appName": app.name, "notice": notice, "formError": formError, "previewing": previewing,
                "general": group(form.general), "ios": group(form.ios), "android": group(form.android),
                "attribution": group(form.attribution), "aasa": files.aasa, "assetlinks": files.assetlinks,
                "scriptPath": DashboardSettingsScript.path,
            ])
    }
}
