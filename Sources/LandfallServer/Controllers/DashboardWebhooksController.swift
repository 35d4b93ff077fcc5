import Foundation
import HTTPTypes
import Hummingbird
import LandfallStore
import Logging

/// `/dashboard/apps/:appId/webhooks…`: every member reads the endpoints and their deliveries;
/// editors and owners add and change endpoints, rotate secrets and redeliver, through the same
/// ``WebhookEndpointService`` as `/api/webhooks`.
struct DashboardWebhooksController: Sendable {
    let gate: DashboardGate
    let service: WebhookEndpointService

    static let deliveriesPerEndpoint = 20

    func register(on router: Router<LandfallRequestContext>) {
        router.get("dashboard/apps/:appId/webhooks", use: list)
        router.post("dashboard/apps/:appId/webhooks", use: create)
        router.post("dashboard/apps/:appId/webhooks/:endpointId", use: update)
        router.post("dashboard/apps/:appId/webhooks/:endpointId/rotate-secret", use: rotate)
        router.post("dashboard/apps/:appId/webhooks/:endpointId/test", use: test)
        router.post("dashboard/apps/:appId/webhooks/:endpointId/delete", use: delete)
        router.post("dashboard/apps/:appId/webhooks/:endpointId/deliveries/:deliveryId/redeliver", use: redeliver)
    }

    @Sendable func list(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        return try await gate.withApp(context, session: session, needs: .viewer) { app, role in
            let query = request.uri.queryParameters
            var notice: String?
            if query.get("saved") != nil { notice = "Endpoint saved." }
            if query.get("redelivered") != nil { notice = "The delivery is queued again." }
            if query.get("deleted") != nil { notice = "Endpoint deleted: nothing more is sent to it." }
            return try await page(app: app, role: role, session: session, outcome: .init(notice: notice), status: .ok)
        }
    }

    @Sendable func create(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try await gate.posting(request, context, needs: .editor) { app, role, session, form in
            do {
                let endpoint = try await service.create(appId: app.id, input: Self.input(form))
                context.logger.info("dashboard added webhook endpoint", metadata: ["app": "\(app.id)", "endpoint": "\(endpoint.id)"])
                // The page itself, not a redirect: the secret is never in a URL, and no-store keeps it out of caches.
                return try await page(
                    app: app, role: role, session: session,
                    outcome: .init(notice: "Endpoint added.", secret: (endpoint.url, endpoint.secret, false)), status: .ok)
            } catch {
                return try await refused(
                    error, app: app, role: role, session: session, endpointId: nil,
                    fields: DashboardWebhookPages.fields(posted: form, prefix: "new"))
            }
        }
    }

    @Sendable func update(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try await gate.posting(request, context, needs: .editor) { app, role, session, form in
            guard let current = try await endpoint(context, app: app) else {
                return gate.notFound(session: session, what: "webhook endpoint")
            }
            do {
                _ = try await service.update(current, with: Self.input(form))
                context.logger.info("dashboard updated webhook endpoint", metadata: ["app": "\(app.id)", "endpoint": "\(current.id)"])
                return DashboardLayout.redirect(to: "/dashboard/apps/\(app.id)/webhooks?saved=1")
            } catch {
                return try await refused(
                    error, app: app, role: role, session: session, endpointId: current.id,
                    fields: DashboardWebhookPages.fields(posted: form, prefix: "ep-\(current.id)"))
            }
        }
    }

    @Sendable func rotate(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try await gate.posting(request, context, needs: .editor) { app, role, session, _ in
            guard let current = try await endpoint(context, app: app) else {
                return gate.notFound(session: session, what: "webhook endpoint")
            }
            let rotated = try await service.rotateSecret(current)
            context.logger.info("dashboard rotated webhook secret", metadata: ["app": "\(app.id)", "endpoint": "\(current.id)"])
            return try await page(
                app: app, role: role, session: session, outcome: .init(secret: (rotated.url, rotated.secret, true)), status: .ok)
        }
    }

    /// Sends a test event through ``WebhookEndpointService/sendTest(_:)``, as `POST /api/webhooks/:id/test`
    /// does, and shows its outcome beside the endpoint; the delivery appears in its table.
    @Sendable func test(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try await gate.posting(request, context, needs: .editor) { app, role, session, _ in
            guard let endpoint = try await endpoint(context, app: app) else {
                return gate.notFound(session: session, what: "webhook endpoint")
            }
            let outcome = try await service.sendTest(endpoint)
            context.logger.info(
                "dashboard sent webhook test event",
                metadata: ["app": "\(app.id)", "endpoint": "\(endpoint.id)", "succeeded": "\(outcome.succeeded)"])
            return try await page(
                app: app, role: role, session: session, outcome: .init(test: (endpoint.id, outcome)), status: .ok)
        }
    }

    /// Deletes the endpoint as `DELETE /api/webhooks/:id` does: its queued deliveries go with it.
    @Sendable func delete(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try await gate.posting(request, context, needs: .editor) { app, _, session, _ in
            let id = try context.parameters.require("endpointId")
            guard try await gate.storage.deleteWebhookEndpoint(id: id, appId: app.id) else {
                return gate.notFound(session: session, what: "webhook endpoint")
            }
            context.logger.info("dashboard deleted webhook endpoint", metadata: ["app": "\(app.id)", "endpoint": "\(id)"])
            return DashboardLayout.redirect(to: "/dashboard/apps/\(app.id)/webhooks?deleted=1")
        }
    }

    @Sendable func redeliver(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try await gate.posting(request, context, needs: .editor) { app, role, session, _ in
            guard let endpoint = try await endpoint(context, app: app),
                let delivery = try await gate.storage.webhookDelivery(id: try context.parameters.require("deliveryId"), appId: app.id),
                delivery.endpointId == endpoint.id
            else { return gate.notFound(session: session, what: "delivery") }
            _ = try await service.redeliver(delivery, appId: app.id)
            context.logger.info("dashboard redelivered webhook", metadata: ["app": "\(app.id)", "delivery": "\(delivery.id)"])
            return DashboardLayout.redirect(to: "/dashboard/apps/\(app.id)/webhooks?redelivered=1")
        }
    }

    /// The form's fields as the API's input.
    static func input(_ form: DashboardForm) -> WebhookEndpointInput {
        WebhookEndpointInput(
            url: form["url"], eventTypes: DashboardSettingsPages.list(form["eventTypes"]), description: form["description"],
            enabled: form["enabled"] == "true")
    }

    private func endpoint(_ context: LandfallRequestContext, app: AppRecord) async throws -> WebhookEndpointRecord? {
        try await gate.storage.webhookEndpoint(id: try context.parameters.require("endpointId"), appId: app.id)
    }

    private func refused(
        _ error: any Error, app: AppRecord, role: DashboardRole, session: DashboardGate.Session, endpointId: String?,
        fields: [DashboardField]
    ) async throws -> Response {
        guard let refusal = DashboardField.refusal(error) else { throw error }
        var fields = fields
        let unplaced = DashboardField.attach(refusal, to: &fields)
        return try await page(
            app: app, role: role, session: session,
            outcome: .init(formError: unplaced ?? "Not saved: see the field marked below.", refused: (endpointId, fields)),
            status: refusal.status)
    }

    private func page(
        app: AppRecord, role: DashboardRole, session: DashboardGate.Session, outcome: DashboardWebhookPages.Outcome,
        status: HTTPResponse.Status
    ) async throws -> Response {
        var rows: [DashboardWebhookPages.EndpointRow] = []
        for endpoint in try await gate.storage.webhookEndpoints(appId: app.id) {
            let deliveries = try await gate.storage.webhookDeliveries(
                endpointId: endpoint.id, appId: app.id, status: nil, before: nil, limit: Self.deliveriesPerEndpoint
            )
            rows.append(.init(endpoint: endpoint, deliveries: deliveries))
        }
        let chrome = session.chrome(title: "\(app.name) webhooks", appRole: role)
        return DashboardLayout.response(
            DashboardWebhookPages.page(app: app, endpoints: rows, outcome: outcome, chrome: chrome), status: status, nonce: chrome.nonce)
    }
}
