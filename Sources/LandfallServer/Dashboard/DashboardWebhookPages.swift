import Foundation
import LandfallStore

/// An app's webhook endpoints with their recent deliveries; for editors, the forms that add and
/// change endpoints, rotate a secret and redeliver. A secret is rendered only on the answer that
/// made it (creation or rotation), never on the list.
enum DashboardWebhookPages {
    struct EndpointRow {
        var endpoint: WebhookEndpointRecord
        var deliveries: [WebhookDeliveryRecord]
    }

    static let template = """
        {{<layout}}{{$content}}
        <p><a href="/dashboard/apps/{{appId}}/links">← {{appName}}</a></p>
        <h1>{{appName}}: webhooks</h1>{{>app-nav}}
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}\
        {{#formError}}<p class="error" role="alert">{{formError}}</p>{{/formError}}\
        {{#secret}}<section class="card notice" id="new-secret" role="status"><p>The signing secret of <code>{{url}}</code>. \
        Copy it now: it is shown only on this page.{{#rotated}} The previous secret keeps signing, as a second signature, for 24 hours.{{/rotated}}</p>\
        <p><code id="secret-value">{{value}}</code></p></section>{{/secret}}
        {{#endpoints}}<section class="card endpoint" id="endpoint-{{id}}">
        <h2><code>{{url}}</code></h2>
        <p>{{description}}</p>
        <p>Events: <code class="types">{{types}}</code> · <span class="state">{{state}}</span></p>
        {{#chrome.canEdit}}<details{{#open}} open{{/open}}><summary>Edit this endpoint</summary>
        <form method="post" action="/dashboard/apps/{{appId}}/webhooks/{{id}}" class="edit-endpoint">{{>csrf}}{{>fields}}
        <button type="submit">Save endpoint</button></form></details>
        <form method="post" action="/dashboard/apps/{{appId}}/webhooks/{{id}}/rotate-secret" class="inline rotate">{{>csrf}}\
        <button type="submit">Rotate the signing secret</button></form> \
        <form method="post" action="/dashboard/apps/{{appId}}/webhooks/{{id}}/test" class="inline send-test">{{>csrf}}\
        <button type="submit">Send test event</button></form> \
        <details class="delete-endpoint"><summary>Delete this endpoint</summary>\
        <form method="post" action="/dashboard/apps/{{appId}}/webhooks/{{id}}/delete">{{>csrf}}\
        <p>Nothing more is sent to it, and its queued deliveries are dropped.</p><button type="submit">Delete the endpoint</button>\
        </form></details>{{/chrome.canEdit}}
        {{#test}}<p class="{{style}} test-result" id="test-result-{{id}}" role="status">{{text}}</p>{{/test}}
        <div class="table-scroll" role="region" aria-label="Deliveries to {{url}}" tabindex="0"><table class="deliveries"><caption class="visually-hidden">Deliveries to {{url}}</caption>\
        <thead><tr><th>Created</th><th>Type</th><th>Status</th><th>Attempts</th><th>Last HTTP status</th><th></th></tr></thead>\
        <tbody>{{#deliveries}}<tr><td>{{created}}</td><td>{{type}}</td><td class="status">{{status}}</td><td>{{attempts}}</td>\
        <td>{{lastStatus}}</td><td>{{#chrome.canEdit}}<form method="post" action="/dashboard/apps/{{appId}}/webhooks/{{endpointId}}/deliveries/{{deliveryId}}/redeliver" class="inline">\
        {{>csrf}}<button type="submit" aria-label="Redeliver {{type}} of {{created}}">Redeliver</button></form>{{/chrome.canEdit}}</td></tr>{{/deliveries}}\
        {{^deliveries}}<tr><td colspan="6" class="muted">No deliveries yet.</td></tr>{{/deliveries}}\
        </tbody></table></div></section>{{/endpoints}}
        {{^endpoints}}<p class="muted">No webhook endpoints yet.</p>{{/endpoints}}
        {{#chrome.canEdit}}<h2>Add an endpoint</h2>
        <form class="card" method="post" action="/dashboard/apps/{{appId}}/webhooks" id="add-endpoint">{{>csrf}}\
        {{#newEndpoint}}{{>fields}}{{/newEndpoint}}<button type="submit">Add endpoint</button></form>{{/chrome.canEdit}}
        {{/content}}{{/layout}}
        """

    /// An endpoint form's inputs; `prefix` keeps the ids of one endpoint's inputs apart from another's.
    static func fields(url: String, eventTypes: String, description: String, enabled: Bool, prefix: String) -> [DashboardField] {
        [
            DashboardField("url", "URL", value: url, kind: .url, required: true, id: "\(prefix)-url"),
            DashboardField(
                "eventTypes", "Event types", value: eventTypes, kind: .textarea,
                hint: "One a line: a type (install.attributed), a family (referral.*) or * for all.", id: "\(prefix)-eventTypes"),
            DashboardField("description", "Description", value: description, id: "\(prefix)-description"),
            DashboardField("enabled", "Enabled", kind: .checkbox, checked: enabled, id: "\(prefix)-enabled"),
        ]
    }

    static func fields(_ endpoint: WebhookEndpointRecord) -> [DashboardField] {
        fields(
            url: endpoint.url, eventTypes: endpoint.eventTypes.joined(separator: "\n"), description: endpoint.description ?? "",
            enabled: endpoint.isEnabled, prefix: "ep-\(endpoint.id)")
    }

    /// The form as posted, so a refused one comes back as typed.
    static func fields(posted form: DashboardForm, prefix: String) -> [DashboardField] {
        fields(
            url: form.values["url"] ?? "", eventTypes: form.values["eventTypes"] ?? "", description: form.values["description"] ?? "",
            enabled: form["enabled"] == "true", prefix: prefix)
    }

    /// The page's state beyond the stored endpoints: a secret to show once, a refused form to show
    /// with its message, a notice.
    struct Outcome {
        var notice: String?
        var formError: String?
        var secret: (url: String, value: String, rotated: Bool)?
        /// The endpoint a test event was just sent to, and what came of it.
        var test: (endpointId: String, outcome: WebhookEndpointService.TestOutcome)?
        /// The endpoint whose posted form was refused (nil: the add form), with its fields as posted.
        var refused: (endpointId: String?, fields: [DashboardField])?
    }

    /// The outcome of a test event in one sentence, styled as a notice or an error.
    static func testResult(_ outcome: WebhookEndpointService.TestOutcome) -> [String: Any] {
        let attempt = outcome.attempt
        let took = "in \(attempt.durationMilliseconds) ms"
        let text =
            if outcome.succeeded {
                "Test event delivered: the receiver answered \(attempt.statusCode.map(String.init) ?? "") \(took)."
            } else {
                "Test event not delivered \(took): \(attempt.error ?? "no answer")."
            }
        return ["text": text, "style": outcome.succeeded ? "notice" : "error"]
    }

    static func page(app: AppRecord, endpoints: [EndpointRow], outcome: Outcome, chrome: DashboardLayout.Chrome) -> String {
        let sections = endpoints.map { row -> [String: Any] in
            let endpoint = row.endpoint
            let deliveries = row.deliveries.map { delivery -> [String: Any] in
                [
                    "created": DashboardPages.date(delivery.createdAt), "type": delivery.messageType, "status": delivery.status.rawValue,
                    "attempts": delivery.attempts, "lastStatus": delivery.lastStatusCode.map(String.init) ?? "",
                    "endpointId": endpoint.id, "deliveryId": delivery.id,
                ]
            }
            let refusedHere = outcome.refused.map { $0.endpointId == endpoint.id } ?? false
            let test = outcome.test.flatMap { $0.endpointId == endpoint.id ? testResult($0.outcome) : nil }
            var section: [String: Any] = [
                "id": endpoint.id, "url": endpoint.url, "description": endpoint.description ?? "",
                "types": endpoint.eventTypes.joined(separator: ", "),
                "state": endpoint.isEnabled ? "enabled" : "disabled" + (endpoint.disabledReason.map { " (\($0))" } ?? ""),
                "deliveries": deliveries, "open": refusedHere,
                "fields": refusedHere ? outcome.refused?.fields ?? fields(endpoint) : fields(endpoint),
            ]
            // Absent, not nil: a boxed nil would still open the section.
            if let test { section["test"] = test }
            return section
        }
        let newFields =
            outcome.refused.flatMap { $0.endpointId == nil ? $0.fields : nil }
            ?? fields(url: "", eventTypes: "*", description: "", enabled: true, prefix: "new")
        let secret = outcome.secret.map { ["url": $0.url, "value": $0.value, "rotated": $0.rotated] as [String: Any] }
        return DashboardTemplates.render(
            "webhooks", chrome: chrome,
            [
                "appId": app.id, "appName": app.name, "endpoints": sections, "notice": outcome.notice, "formError": outcome.formError,
                "secret": secret, "newEndpoint": ["fields": newFields],
            ])
    }
}
