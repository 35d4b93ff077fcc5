import Foundation
import LandfallStore
import Logging
import ServiceLifecycle

/// Sends the outbox: claims due deliveries with a lease, posts them signed, and records each
/// attempt with its result (success, a retry with backoff, giving up, or disabling an endpoint
/// that answered 410).
///
/// Delivery is at least once: a server killed mid-attempt leaves its lease to expire, and then any
/// server on the database sends the delivery again with the same `webhook-id`.
public final class WebhookDispatcher: Service, Sendable {
    private let storage: any WebhookStorage
    private let configuration: WebhookConfiguration
    private let transport: WebhookTransport
    private let retryPolicy: WebhookRetryPolicy
    private let logger: Logger
    private let now: @Sendable () -> Date
    private let signal = WakeSignal()
    private let schemaReady = SchemaGate()

    public init(storage: any WebhookStorage, configuration: WebhookConfiguration, logger: Logger, now: @escaping @Sendable () -> Date) {
        self.storage = storage
        self.configuration = configuration
        self.transport = WebhookTransport(
            addressGuard: WebhookAddressGuard(
                policy: WebhookAddressPolicy(
                    allowLoopback: configuration.allowLoopback, allowPrivateNetworks: configuration.allowPrivateNetworks)
            ),
            timeout: configuration.timeout
        )
        self.retryPolicy = WebhookRetryPolicy(configuration: configuration)
        self.logger = logger
        self.now = now
    }

    /// Asks the loop to look at the outbox now instead of at its next poll.
    public func wake() {
        signal.signal()
    }

    /// Lets the loop start: the server has checked that the database has the webhook tables.
    public func schemaChecked() {
        schemaReady.open()
    }

    public func run() async throws {
        guard configuration.deliversInBackground else {
            try? await gracefulShutdown()
            return
        }
        if await !cancelWhenGracefulShutdown({ await self.schemaReady.wait() }) { return }
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                // Drain what is due, then wait for a publish or the next poll.
                while try await deliverDue() > 0, !Task.isShuttingDownGracefully {}
            } catch {
                logger.error("webhook outbox read failed; will retry", metadata: ["error": "\(String(reflecting: error))"])
            }
            // A graceful shutdown cuts the wait short; the loop's condition then ends it.
            await cancelWhenGracefulShutdown { await self.signal.wait(timeout: self.configuration.pollInterval) }
        }
        logger.debug("webhook sender stopped")
    }

    /// Claims the deliveries due now and attempts them concurrently; returns how many were attempted.
    @discardableResult
    public func deliverDue() async throws -> Int {
        let date = now()
        let claims = try await storage.claimWebhookDeliveries(
            now: date, leaseUntil: date.addingTimeInterval(configuration.lease), limit: max(1, configuration.batchSize)
        )
        await withTaskGroup(of: Void.self) { group in
            for claim in claims {
                group.addTask { await self.attempt(claim) }
            }
        }
        return claims.count
    }

    private func attempt(_ claim: WebhookClaim) async {
        let (response, posted) = await post(claim)
        var attempt = posted
        let result: WebhookAttemptResult
        (result, attempt.error) = decide(response, claim: claim, at: now())
        await record(attempt, claim: claim, result: result)
    }

    /// Sends a delivery claimed by ``WebhookStorage/insertLeasedWebhookDelivery(_:endpointId:leaseUntil:deadline:)``
    /// once, now, and records the attempt: a test event, which is never retried and never disables
    /// its endpoint, since it only asks whether the receiver answers.
    func sendOnce(_ claim: WebhookClaim) async -> WebhookAttemptRecord {
        let (response, posted) = await post(claim)
        var attempt = posted
        if let status = response.statusCode, !(200..<300).contains(status) {
            attempt.error = (300..<400).contains(status) ? "answered \(status); redirects are not followed" : "answered \(status)"
        }
        await record(attempt, claim: claim, result: attempt.error == nil ? .succeeded : .failed)
        return attempt
    }

    /// Posts the delivery's message, signed with the endpoint's secrets, and times it.
    private func post(_ claim: WebhookClaim) async -> (WebhookTransport.Response, WebhookAttemptRecord) {
        let started = now()
        let timestamp = Int64(started.timeIntervalSince1970.rounded(.down))
        let body = Data(claim.message.payload.utf8)
        let signature = WebhookSignature.header(
            id: claim.message.id, timestamp: timestamp, body: body, secrets: claim.endpoint.signingSecrets(at: started)
        )
        let clock = ContinuousClock()
        let begun = clock.now
        let response = await transport.send(
            url: claim.endpoint.url,
            headers: [("webhook-id", claim.message.id), ("webhook-timestamp", String(timestamp)), ("webhook-signature", signature)],
            body: body
        )
        let elapsed = clock.now - begun
        // Time-ordered ids keep the log in order when the injected clock gives attempts one timestamp.
        let attempt = WebhookAttemptRecord(
            id: "att_" + SecretGenerator.identifier(), deliveryId: claim.delivery.id, attemptedAt: started, statusCode: response.statusCode,
            error: response.error,
            durationMilliseconds: Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000),
            responseBody: response.body
        )
        return (response, attempt)
    }

    private func record(_ attempt: WebhookAttemptRecord, claim: WebhookClaim, result: WebhookAttemptResult) async {
        let metadata: Logger.Metadata = [
            "delivery": "\(claim.delivery.id)", "endpoint": "\(claim.endpoint.id)", "type": "\(claim.message.type)",
            "status": "\(attempt.statusCode.map(String.init) ?? "none")", "attempt": "\(claim.delivery.attempts + 1)",
        ]
        do {
            if try await storage.recordWebhookAttempt(attempt, claim: claim, result: result) {
                logger.debug("webhook attempt recorded", metadata: metadata)
            } else {
                logger.warning("webhook lease lost before the attempt was recorded", metadata: metadata)
            }
        } catch {
            // The lease expires and the delivery is attempted again: at least once, never lost.
            logger.error(
                "webhook attempt could not be recorded", metadata: metadata.merging(["error": "\(String(reflecting: error))"]) { $1 })
        }
        if case .disableEndpoint = result {
            logger.warning("webhook endpoint disabled: it answered 410 Gone", metadata: metadata)
        }
    }

    /// The result of an attempt and the error text logged with it.
    private func decide(_ response: WebhookTransport.Response, claim: WebhookClaim, at date: Date) -> (WebhookAttemptResult, String?) {
        var error = response.error
        if let status = response.statusCode {
            switch status {
            case 200..<300: return (.succeeded, nil)
            case 410: return (.disableEndpoint(reason: "the endpoint answered 410 Gone"), "410 Gone: endpoint disabled")
            case 300..<400: error = "answered \(status); redirects are not followed"
            default: error = "answered \(status)"
            }
        }
        switch retryPolicy.next(afterFailures: claim.delivery.attempts + 1, at: date, deadline: claim.delivery.deadlineAt) {
        case .retry(let next): return (.retry(at: next), error)
        case .giveUp: return (.failed, error.map { "\($0); retry window over" } ?? "retry window over")
        }
    }
}
