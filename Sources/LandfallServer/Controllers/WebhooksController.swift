import Foundation
import Hummingbird
import LandfallStore

/// `/api/webhooks`: an app's endpoints, their secrets and their delivery log; secret key.
struct WebhooksController: Sendable {
    let storage: any LandfallStorage
    let authenticator: Authenticator
    let service: WebhookEndpointService
    var now: @Sendable () -> Date { service.now }

    func register(on router: Router<LandfallRequestContext>) {
        let webhooks = router.group("api/webhooks")
        webhooks.post(use: create)
        webhooks.get(use: list)
        webhooks.get(":endpointId", use: show)
        webhooks.patch(":endpointId", use: update)
        webhooks.delete(":endpointId", use: delete)
        webhooks.post(":endpointId/rotate-secret", use: rotate)
        webhooks.post(":endpointId/test", use: test)
        webhooks.get(":endpointId/deliveries", use: deliveries)
        webhooks.get(":endpointId/deliveries/:deliveryId", use: delivery)
        webhooks.post(":endpointId/deliveries/:deliveryId/redeliver", use: redeliver)
    }

    @Sendable func create(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        let input = try await RequestDecoding.decode(WebhookEndpointInput.self, from: request)
        let endpoint = try await service.create(appId: app.id, input: input)
        return try JSONResponse.make(WebhookEndpointResponse(endpoint, showingSecret: true, at: endpoint.createdAt), status: .created)
    }

    @Sendable func list(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        let date = now()
        return try JSONResponse.make([
            "data": try await storage.webhookEndpoints(appId: app.id).map { WebhookEndpointResponse($0, at: date) }
        ])
    }

    @Sendable func show(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        return try JSONResponse.make(WebhookEndpointResponse(try await endpoint(context, app: app), at: now()))
    }

    @Sendable func update(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        let patch = try RequestDecoding.object(from: try await RequestDecoding.body(request))
        let current = try await endpoint(context, app: app)
        let date = now()
        let merged = try MergePatch.apply(
            patch, to: WebhookEndpointResponse(current, at: date), readOnly: WebhookEndpointResponse.readOnlyKeys)
        let updated = try await service.update(current, with: try RequestDecoding.decode(WebhookEndpointInput.self, from: merged))
        return try JSONResponse.make(WebhookEndpointResponse(updated, at: date))
    }

    @Sendable func delete(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        guard try await storage.deleteWebhookEndpoint(id: try context.parameters.require("endpointId"), appId: app.id) else {
            throw Self.endpointNotFound
        }
        return JSONResponse.noContent()
    }

    /// A new secret, shown once; the previous one keeps signing (as a second signature) for 24 hours.
    @Sendable func rotate(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        let endpoint = try await service.rotateSecret(try await endpoint(context, app: app))
        return try JSONResponse.make(WebhookEndpointResponse(endpoint, showingSecret: true, at: endpoint.updatedAt))
    }

    /// Sends a signed `webhook.test` event to the endpoint now and answers what its receiver did;
    /// the delivery joins the endpoint's log. A receiver's refusal is the test's answer, not an error.
    @Sendable func test(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        return try JSONResponse.make(WebhookTestResponse(try await service.sendTest(try await endpoint(context, app: app))))
    }

    @Sendable func deliveries(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        let endpoint = try await endpoint(context, app: app)
        let parameters = request.uri.queryParameters
        var status: WebhookDeliveryRecord.Status?
        if let text = parameters.get("status") {
            guard let parsed = WebhookDeliveryRecord.Status(rawValue: text) else {
                throw APIError.validation("status", "must be pending, succeeded or failed")
            }
            status = parsed
        }
        var limit = 50
        if let text = parameters.get("limit") {
            guard let parsed = Int(text), (1...200).contains(parsed) else {
                throw APIError.validation("limit", "must be between 1 and 200")
            }
            limit = parsed
        }
        let page = try await storage.webhookDeliveries(
            endpointId: endpoint.id, appId: app.id, status: status, before: parameters.get("cursor"), limit: limit
        )
        return try JSONResponse.make(
            DeliveryPage(data: page.map { WebhookDeliveryResponse($0) }, nextCursor: page.count == limit ? page.last?.id : nil))
    }

    struct DeliveryPage: Encodable {
        var data: [WebhookDeliveryResponse]
        var nextCursor: String?
    }

    @Sendable func delivery(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        let delivery = try await delivery(context, app: app)
        let attempts = try await storage.webhookAttempts(deliveryId: delivery.id)
        let message = try await storage.webhookMessage(id: delivery.messageId, appId: app.id)
        return try JSONResponse.make(WebhookDeliveryResponse(delivery, attempts: attempts, payload: message?.payload))
    }

    /// Sends a delivery again, whatever became of it, with a fresh retry window.
    @Sendable func redeliver(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        let updated = try await service.redeliver(try await delivery(context, app: app), appId: app.id)
        return try JSONResponse.make(WebhookDeliveryResponse(updated), status: .accepted)
    }

    private func endpoint(_ context: LandfallRequestContext, app: AppRecord) async throws -> WebhookEndpointRecord {
        guard let endpoint = try await storage.webhookEndpoint(id: try context.parameters.require("endpointId"), appId: app.id) else {
            throw Self.endpointNotFound
        }
        return endpoint
    }

    private func delivery(_ context: LandfallRequestContext, app: AppRecord) async throws -> WebhookDeliveryRecord {
        let endpoint = try await endpoint(context, app: app)
        guard let delivery = try await storage.webhookDelivery(id: try context.parameters.require("deliveryId"), appId: app.id),
            delivery.endpointId == endpoint.id
        else { throw Self.deliveryNotFound }
        return delivery
    }

    static let endpointNotFound = WebhookEndpointService.endpointNotFound
    static let deliveryNotFound = WebhookEndpointService.deliveryNotFound
}
