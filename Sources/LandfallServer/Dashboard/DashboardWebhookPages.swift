import Foundation
import LandfallStore

/// An app's webhook endpoints with their recent deliveries. Secrets are never rendered.
enum DashboardWebhookPages {
    struct EndpointRow {
        var endpoint: WebhookEndpointRecord
        var deliveries: [WebhookDeliveryRecord]
    }

    static func page(app: AppRecord, endpoints: [EndpointRow], chrome: DashboardLayout.Chrome) -> String {
        var sections = ""
        for row in endpoints {
            let endpoint = row.endpoint
            let state = endpoint.isEnabled ? "enabled" : "disabled" + (endpoint.disabledReason.map { " (\($0))" } ?? "")
            var deliveries = ""
            for delivery in row.deliveries {
                deliveries += """
                    <tr><td>\(DashboardPages.date(delivery.createdAt))</td><td>\(HTML.escape(delivery.messageType))</td>\
                    <td class="status">\(HTML.escape(delivery.status.rawValue))</td><td>\(delivery.attempts)</td>\
                    <td>\(delivery.lastStatusCode.map(String.init) ?? "")</td></tr>
                    """
            }
            if deliveries.isEmpty { deliveries = #"<tr><td colspan="5" class="muted">No deliveries yet.</td></tr>"# }
            sections += """
                <section class="card endpoint" id="endpoint-\(HTML.escape(endpoint.id))">
                <h2><code>\(HTML.escape(endpoint.url))</code></h2>
                <p>\(HTML.escape(endpoint.description ?? ""))</p>
                <p>Events: <code class="types">\(HTML.escape(endpoint.eventTypes.joined(separator: ", ")))</code> · \
                <span class="state">\(HTML.escape(state))</span></p>
                <table class="deliveries"><thead><tr><th>Created</th><th>Type</th><th>Status</th><th>Attempts</th><th>Last HTTP status</th></tr></thead>\
                <tbody>\(deliveries)</tbody></table></section>
                """
        }
        if endpoints.isEmpty { sections = #"<p class="muted">No webhook endpoints yet (<code>POST /api/webhooks</code>).</p>"# }
        return DashboardLayout.page(
            chrome,
            body: """
                <p><a href="/dashboard/apps/\(HTML.escape(app.id))/links">← \(HTML.escape(app.name))</a></p>
                <h1>\(HTML.escape(app.name)): webhooks</h1>
                \(sections)
                """)
    }
}
