import Foundation
import LandfallStore

/// Changing an app's webhook endpoints: shared by `/api/webhooks` and the dashboard's webhooks page,
/// so both validate, limit and sign alike.
struct WebhookEndpointService: Sendable {
    let storage: any LandfallStorage
    let dispatcher: WebhookDispatcher
    let configuration: WebhookConfiguration
    let now: @Sendable () -> Date

    /// Enough for every receiver an app could want; each endpoint multiplies every publish.
    static let maximumEndpoints = 20
    /// How long the secret before a rotation keeps signing deliveries.
    static let rotationGrace: TimeInterval = 24 * 3600

    /// A new endpoint with a new secret, which the caller shows once.
    func create(appId: String, input: WebhookEndpointInput) async throws -> WebhookEndpointRecord {
        let valid = try input.validated()
        try await checkAddress(valid.host)
        guard try await storage.webhookEndpoints(appId: appId).count < Self.maximumEndpoints else {
            throw APIError.conflict("webhook_limit_reached", "an app can have at most \(Self.maximumEndpoints) webhook endpoints")
        }
        let date = now()
        let endpoint = WebhookEndpointRecord(
            id: "whep_" + SecretGenerator.base62(length: 22), appId: appId, url: valid.url, description: valid.description,
            eventTypes: valid.eventTypes, isEnabled: valid.enabled, secret: WebhookSignature.generateSecret(), createdAt: date,
            updatedAt: date
        )
        try await storage.insertWebhookEndpoint(endpoint)
        return endpoint
    }

    /// The endpoint with every field of `input` (the API merges its patch into the current values first).
    func update(_ current: WebhookEndpointRecord, with input: WebhookEndpointInput) async throws -> WebhookEndpointRecord {
        let valid = try input.validated()
        if valid.url != current.url { try await checkAddress(valid.host) }
        var updated = current
        updated.url = valid.url
        updated.eventTypes = valid.eventTypes
        updated.description = valid.description
        updated.isEnabled = valid.enabled
        // Enabling again is how an operator says the receiver is back after a 410.
        if valid.enabled { updated.disabledReason = nil }
        updated.updatedAt = now()
        try await storage.updateWebhookEndpoint(updated)
        if updated.isEnabled, !current.isEnabled { dispatcher.wake() }
        return updated
    }

    /// A new secret, which the caller shows once; the previous one keeps signing (as a second
    /// signature) for ``rotationGrace``.
    func rotateSecret(_ current: WebhookEndpointRecord) async throws -> WebhookEndpointRecord {
        var endpoint = current
        let date = now()
        endpoint.previousSecret = endpoint.secret
        endpoint.previousSecretExpiresAt = date.addingTimeInterval(Self.rotationGrace)
        endpoint.secret = WebhookSignature.generateSecret()
        endpoint.updatedAt = date
        try await storage.updateWebhookEndpoint(endpoint)
        return endpoint
    }

    /// Sends a delivery again, whatever became of it, with a fresh retry window.
    func redeliver(_ delivery: WebhookDeliveryRecord, appId: String) async throws -> WebhookDeliveryRecord {
        let date = now()
        guard
            let updated = try await storage.redeliverWebhook(
                id: delivery.id, appId: appId, at: date, deadline: date.addingTimeInterval(configuration.retryWindow)
            )
        else { throw Self.deliveryNotFound }
        dispatcher.wake()
        return updated
    }

    /// Refuses at once a URL the sender would refuse, so a mistake shows when it is made.
    private func checkAddress(_ host: String) async throws {
        let policy = WebhookAddressPolicy(
            allowLoopback: configuration.allowLoopback, allowPrivateNetworks: configuration.allowPrivateNetworks)
        do {
            _ = try await WebhookAddressGuard(policy: policy).check(host: host)
        } catch let refusal as WebhookAddressGuard.Refusal {
            throw APIError.badRequest("webhook_url_refused", "url: \(refusal.description)")
        }
    }

    static let endpointNotFound = APIError.notFound("webhook_not_found", "no webhook endpoint with that id")
    static let deliveryNotFound = APIError.notFound("webhook_delivery_not_found", "no delivery with that id for this endpoint")
}
