import Foundation
import LandfallStore

/// An app's webhook endpoints with their recent deliveries. Secrets are never rendered.
enum DashboardWebhookPages {
    struct EndpointRow {
        var endpoint: WebhookEndpointRecord
        var deliveries: [WebhookDeliveryRecord]
    }

    static let template = """
        {{<layout}}{{$content}}
        <p><a href="/dashboard/apps/{{appId}}/links">← {{appName}}</a></p>
        <h1>{{appName}}: webhooks</h1>
        {{#endpoints}}<section class="card endpoint" id="endpoint-{{id}}">
        <h2><code>{{url}}</code></h2>
        <p>{{description}}</p>
        <p>Events: <code class="types">{{types}}</code> · <span class="state">{{state}}</span></p>
        <table class="deliveries"><thead><tr><th>Created</th><th>Type</th><th>Status</th><th>Attempts</th><th>Last HTTP status</th></tr></thead>\
        <tbody>{{#deliveries}}<tr><td>{{created}}</td><td>{{type}}</td><td class="status">{{status}}</td><td>{{attempts}}</td>\
        <td>{{lastStatus}}</td></tr>{{/deliveries}}{{^deliveries}}<tr><td colspan="5" class="muted">No deliveries yet.</td></tr>{{/deliveries}}\
        </tbody></table></section>{{/endpoints}}
        {{^endpoints}}<p class="muted">No webhook endpoints yet (<code>POST /api/webhooks</code>).</p>{{/endpoints}}
        {{/content}}{{/layout}}
        """

    static func page(app: AppRecord, endpoints: [EndpointRow], chrome: DashboardLayout.Chrome) -> String {
        let sections = endpoints.map { row -> [String: Any] in
            let endpoint = row.endpoint
            let deliveries = row.deliveries.map { delivery -> [String: Any] in
                [
                    "created": DashboardPages.date(delivery.createdAt), "type": delivery.messageType, "status": delivery.status.rawValue,
                    "attempts": delivery.attempts, "lastStatus": delivery.lastStatusCode.map(String.init) ?? "",
                ]
            }
            return [
                "id": endpoint.id, "url": endpoint.url, "description": endpoint.description ?? "",
                "types": endpoint.eventTypes.joined(separator: ", "),
                "state": endpoint.isEnabled ? "enabled" : "disabled" + (endpoint.disabledReason.map { " (\($0))" } ?? ""),
                "deliveries": deliveries,
            ]
        }
        return DashboardTemplates.render("webhooks", chrome: chrome, ["appId": app.id, "appName": app.name, "endpoints": sections])
    }
}
