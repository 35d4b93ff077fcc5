import Foundation

/// A URL an app's events are posted to, signed with the endpoint's secret.
public struct WebhookEndpointRecord: Sendable, Hashable, Codable {
    public var id: String
    public var appId: String
    public var url: String
    public var description: String?
    /// Exact types (`install.attributed`), family wildcards (`referral.*`) or `*`.
    public var eventTypes: [String]
    public var isEnabled: Bool
    /// Why the server disabled the endpoint (a 410 answer); nil when enabled or disabled by hand.
    public var disabledReason: String?
    /// `whsec_` and the base64 of the signing key. Kept in the clear: signing needs it.
    public var secret: String
    /// The secret before the last rotation, still signed with until `previousSecretExpiresAt`.
    public var previousSecret: String?
    public var previousSecretExpiresAt: Date?
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: String, appId: String, url: String, description: String? = nil, eventTypes: [String], isEnabled: Bool = true,
        disabledReason: String? = nil, secret: String, previousSecret: String? = nil, previousSecretExpiresAt: Date? = nil,
        createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.appId = appId
        self.url = url
        self.description = description
        self.eventTypes = eventTypes
        self.isEnabled = isEnabled
        self.disabledReason = disabledReason
        self.secret = secret
        self.previousSecret = previousSecret
        self.previousSecretExpiresAt = previousSecretExpiresAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Whether a message of `type` goes to this endpoint.
    public func subscribes(to type: String) -> Bool {
        Self.patterns(eventTypes, match: type)
    }

    /// Whether any of `patterns` (exact, `family.*` or `*`) matches `type`.
    public static func patterns(_ patterns: [String], match type: String) -> Bool {
        patterns.contains { pattern in
            if pattern == "*" || pattern == type { return true }
            guard pattern.hasSuffix(".*") else { return false }
            return type.hasPrefix(pattern.dropLast())
        }
    }

    /// The secrets a delivery at `date` is signed with: the current one, and the previous one
    /// while its grace period lasts.
    public func signingSecrets(at date: Date) -> [String] {
        guard let previousSecret, let expiry = previousSecretExpiresAt, date < expiry else { return [secret] }
        return [secret, previousSecret]
    }
}

/// One event to report, stored once however many endpoints receive it.
public struct WebhookMessageRecord: Sendable, Hashable, Codable {
    /// Also the `webhook-id` header: the same on every attempt, so receivers can drop repeats.
    public var id: String
    public var appId: String
    public var type: String
    /// The JSON body sent, exactly as signed.
    public var payload: String
    public var createdAt: Date

    public init(id: String, appId: String, type: String, payload: String, createdAt: Date) {
        self.id = id
        self.appId = appId
        self.type = type
        self.payload = payload
        self.createdAt = createdAt
    }
}

/// Where one message stands with one endpoint.
public struct WebhookDeliveryRecord: Sendable, Hashable, Codable {
    public enum Status: String, Sendable, Hashable, Codable {
        /// Waiting for its first or next attempt.
        case pending
        case succeeded
        /// Given up: the retry window passed, or the endpoint answered 410.
        case failed
    }

    public var id: String
    public var appId: String
    public var messageId: String
    public var endpointId: String
    public var messageType: String
    public var status: Status
    public var attempts: Int
    public var nextAttemptAt: Date
    /// Retries stop after this moment (the retry window from creation or from a manual redelivery).
    public var deadlineAt: Date
    public var lastAttemptAt: Date?
    public var lastStatusCode: Int?
    public var lastError: String?
    public var createdAt: Date

    public init(
        id: String, appId: String, messageId: String, endpointId: String, messageType: String, status: Status, attempts: Int,
        nextAttemptAt: Date, deadlineAt: Date, lastAttemptAt: Date? = nil, lastStatusCode: Int? = nil, lastError: String? = nil,
        createdAt: Date
    ) {
        self.id = id
        self.appId = appId
        self.messageId = messageId
        self.endpointId = endpointId
        self.messageType = messageType
        self.status = status
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.deadlineAt = deadlineAt
        self.lastAttemptAt = lastAttemptAt
        self.lastStatusCode = lastStatusCode
        self.lastError = lastError
        self.createdAt = createdAt
    }
}

/// One HTTP attempt of a delivery, for the delivery log.
public struct WebhookAttemptRecord: Sendable, Hashable, Codable {
    public var id: String
    public var deliveryId: String
    public var attemptedAt: Date
    /// The receiver's status, or nil when no answer came (refused address, timeout, reset).
    public var statusCode: Int?
    public var error: String?
    public var durationMilliseconds: Int
    /// The start of the receiver's answer, for debugging; capped.
    public var responseBody: String?

    public init(
        id: String, deliveryId: String, attemptedAt: Date, statusCode: Int?, error: String?, durationMilliseconds: Int,
        responseBody: String?
    ) {
        self.id = id
        self.deliveryId = deliveryId
        self.attemptedAt = attemptedAt
        self.statusCode = statusCode
        self.error = error
        self.durationMilliseconds = durationMilliseconds
        self.responseBody = responseBody
    }
}

/// A delivery leased to one sender, with what it needs to send.
public struct WebhookClaim: Sendable, Hashable {
    public var delivery: WebhookDeliveryRecord
    public var message: WebhookMessageRecord
    public var endpoint: WebhookEndpointRecord
    /// Proves the lease when the attempt is recorded; a sender whose lease ran out records nothing.
    public var leaseId: String

    public init(delivery: WebhookDeliveryRecord, message: WebhookMessageRecord, endpoint: WebhookEndpointRecord, leaseId: String) {
        self.delivery = delivery
        self.message = message
        self.endpoint = endpoint
        self.leaseId = leaseId
    }
}

/// What an attempt decided for its delivery.
public enum WebhookAttemptResult: Sendable, Hashable {
    case succeeded
    case retry(at: Date)
    case failed
    /// Fail the delivery and disable the endpoint (it answered 410 Gone).
    case disableEndpoint(reason: String)
}
