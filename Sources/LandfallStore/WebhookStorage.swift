import Foundation

/// Webhook endpoints, the durable outbox of messages and their deliveries.
///
/// The outbox is what makes webhooks survive a crash: a message is committed before the request it
/// reports is answered, and a delivery is leased to one sender at a time, so any server sharing
/// the database picks it up again when a sender dies mid-attempt.
public protocol WebhookStorage: Sendable {
    func insertWebhookEndpoint(_ endpoint: WebhookEndpointRecord) async throws
    func updateWebhookEndpoint(_ endpoint: WebhookEndpointRecord) async throws
    func webhookEndpoint(id: String, appId: String) async throws -> WebhookEndpointRecord?
    /// The app's endpoints, oldest first.
    func webhookEndpoints(appId: String) async throws -> [WebhookEndpointRecord]
    /// Deletes the endpoint with its deliveries and their attempts. Returns false when there was none.
    func deleteWebhookEndpoint(id: String, appId: String) async throws -> Bool

    /// Stores each message whose id is new, with a pending delivery (due at its creation, given up
    /// after `retryWindow`) for every enabled endpoint of its app that subscribes to its type.
    /// A message no endpoint wants is not stored. Ids already stored are skipped, which makes
    /// publishing the same fact twice harmless. Returns the deliveries created.
    @discardableResult
    func enqueueWebhookMessages(_ messages: [WebhookMessageRecord], retryWindow: TimeInterval) async throws -> Int

    /// Stores `message` with one delivery to the endpoint `endpointId` of the message's app, leased
    /// to the caller until `leaseUntil`: a test event, attempted by the request that asked for it while
    /// no background sender may take it. Unlike ``enqueueWebhookMessages(_:retryWindow:)`` the endpoint
    /// need neither subscribe to the type nor be enabled. Returns the claim to record the attempt
    /// with, or nil (storing nothing) when the app has no such endpoint.
    func insertLeasedWebhookDelivery(_ message: WebhookMessageRecord, endpointId: String, leaseUntil: Date, deadline: Date)
        async throws -> WebhookClaim?

    /// Leases up to `limit` due pending deliveries of enabled endpoints whose lease is free or
    /// expired, until `leaseUntil`, oldest due first. Concurrent callers, in this process or
    /// another one on the same database, never get the same delivery while its lease holds.
    func claimWebhookDeliveries(now: Date, leaseUntil: Date, limit: Int) async throws -> [WebhookClaim]
    /// Logs an attempt and applies its result, releasing the lease. Returns false (and changes
    /// nothing) when the lease was lost: it expired and another sender took the delivery.
    @discardableResult
    func recordWebhookAttempt(_ attempt: WebhookAttemptRecord, claim: WebhookClaim, result: WebhookAttemptResult) async throws -> Bool

    /// The endpoint's deliveries, newest first, optionally only those created before `before` (a
    /// delivery id from the previous page).
    func webhookDeliveries(endpointId: String, appId: String, status: WebhookDeliveryRecord.Status?, before: String?, limit: Int)
        async throws
        -> [WebhookDeliveryRecord]
    func webhookDelivery(id: String, appId: String) async throws -> WebhookDeliveryRecord?
    func webhookMessage(id: String, appId: String) async throws -> WebhookMessageRecord?
    /// The delivery's attempts, oldest first.
    func webhookAttempts(deliveryId: String) async throws -> [WebhookAttemptRecord]
    /// Makes a delivery pending again, due at `date` and given up after `deadline`, whatever its
    /// state. Returns the updated delivery, or nil when the app has no such delivery.
    func redeliverWebhook(id: String, appId: String, at date: Date, deadline: Date) async throws -> WebhookDeliveryRecord?
}
