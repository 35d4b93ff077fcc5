import Foundation
import LandfallModels
import LandfallStore

extension WebhookEndpointService {
    /// What came of a test event: the delivery as the endpoint's log now shows it, and its one attempt.
    struct TestOutcome: Sendable {
        var delivery: WebhookDeliveryRecord
        var attempt: WebhookAttemptRecord

        var succeeded: Bool { attempt.error == nil }
    }

    /// Sends a signed `webhook.test` message to `endpoint` now, whatever it subscribes to and even
    /// when it is disabled (checking a receiver that came back is what a test is for), and records
    /// it in the endpoint's deliveries. It is attempted once: a failed test is not retried.
    func sendTest(_ endpoint: WebhookEndpointRecord) async throws -> TestOutcome {
        let date = now()
        let envelope = WebhookEnvelope(
            type: WebhookEventType.test, timestamp: date,
            data: .object([
                "endpointId": .string(endpoint.id),
                "message": .string("A test event sent from Landfall to check this endpoint; it reports nothing."),
            ]))
        let message = WebhookMessageRecord(
            id: "msg_test_" + SecretGenerator.identifier(), appId: endpoint.appId, type: WebhookEventType.test,
            payload: String(decoding: try LandfallJSON.makeEncoder().encode(envelope), as: UTF8.self), createdAt: date)
        // The deadline is the creation: if this server dies mid-attempt, whichever sender takes the
        // expired lease tries once and gives up, as the test itself would have.
        guard
            let claim = try await storage.insertLeasedWebhookDelivery(
                message, endpointId: endpoint.id, leaseUntil: date.addingTimeInterval(configuration.lease), deadline: date)
        else { throw Self.endpointNotFound }
        let attempt = await dispatcher.sendOnce(claim)
        let delivery = try await storage.webhookDelivery(id: claim.delivery.id, appId: endpoint.appId) ?? claim.delivery
        return TestOutcome(delivery: delivery, attempt: attempt)
    }
}

/// The answer of `POST /api/webhooks/:id/test`: whether the receiver took the test event, and the delivery it left.
struct WebhookTestResponse: Encodable {
    var succeeded: Bool
    var statusCode: Int?
    var durationMs: Int
    var error: String?
    var responseBody: String?
    var delivery: WebhookDeliveryResponse

    init(_ outcome: WebhookEndpointService.TestOutcome) {
        succeeded = outcome.succeeded
        statusCode = outcome.attempt.statusCode
        durationMs = outcome.attempt.durationMilliseconds
        error = outcome.attempt.error
        responseBody = outcome.attempt.responseBody
        delivery = WebhookDeliveryResponse(outcome.delivery)
    }
}
