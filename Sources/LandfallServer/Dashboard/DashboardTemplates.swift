import Mustache

/// The dashboard's Mustache templates, parsed once into one library when the routes are registered.
///
/// Every `{{name}}` is HTML-escaped by the library; a triple mustache `{{{name}}}` is raw and is used
/// only for fragments the server builds itself from escaped parts (the SVG charts and QR codes, the
/// page's own style and script constants), each with a comment in its template saying so.
enum DashboardTemplates {
    /// Template names and their text; a page template inherits `layout` and fills its `content` block.
    static let sources: [(String, String)] = [
        ("layout", DashboardLayout.template),
        ("csrf", DashboardLayout.csrfTemplate),
        ("fields", DashboardField.template),
        ("message", DashboardPages.messageTemplate),
        ("login", DashboardPages.loginTemplate),
        ("apps", DashboardPages.appsTemplate),
        ("app-nav", DashboardLinkPages.appNavTemplate),
        ("links", DashboardLinkPages.listTemplate),
        ("link", DashboardLinkPages.detailTemplate),
        ("members", DashboardAccountPages.membersTemplate),
        ("account", DashboardAccountPages.accountTemplate),
        ("attribution", DashboardAttributionPages.template),
        ("referrals", DashboardReferralPages.template),
        ("referral-table", DashboardReferralPages.tableTemplate),
        ("webhooks", DashboardWebhookPages.template),
        ("settings", DashboardSettingsPages.template),
        ("keys", DashboardKeyPages.template),
        ("skan", DashboardSKANPages.template),
        ("installs", DashboardInstallPages.template),
        ("analytics", DashboardAnalyticsPages.template),
        ("templates", DashboardTemplatePages.listTemplate),
        ("template", DashboardTemplatePages.detailTemplate),
        ("import", DashboardImportPages.template),
    ]

    static let library: MustacheLibrary = {
        var library = MustacheLibrary()
        for (name, text) in sources {
            do {
                try library.register(text, named: name)
            } catch {
                // The templates are constants of this file's neighbours: a parse error is a bug the
                // first test run shows, never something a request can cause.
                preconditionFailure("dashboard template \(name) does not parse: \(error)")
            }
        }
        return library
    }()

    /// Renders a page template with `values` and the page chrome (title, navigation, nonce, CSRF token).
    static func render(_ name: String, chrome: DashboardLayout.Chrome, script: String? = nil, _ values: [String: Any?] = [:]) -> String {
        var context = view(values)
        context["chrome"] = chrome.view(script: script)
        return library.render(context, withTemplate: name) ?? ""
    }

    /// A Mustache context without absent values or empty strings: in this library an empty string or
    /// a boxed nil is still "present" for a section, so `{{#error}}` would show an empty error box.
    static func view(_ values: [String: Any?]) -> [String: Any] {
        values.compactMapValues { value -> Any? in
            guard let value else { return nil }
            if let text = value as? String, text.isEmpty { return nil }
            return value
        }
    }
}
