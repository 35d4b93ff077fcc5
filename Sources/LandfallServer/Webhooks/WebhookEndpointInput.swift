import Foundation
import LandfallStore

/// The fields of `POST /api/webhooks` and of a merged `PATCH`, validated.
struct WebhookEndpointInput: Decodable {
    var url: String?
    var eventTypes: [String]?
    var description: String?
    var enabled: Bool?

    struct Valid {
        var url: String
        var host: String
        var eventTypes: [String]
        var description: String?
        var enabled: Bool
    }

    static let maximumEventTypes = 20

    func validated() throws -> Valid {
        guard let url = try Validate.webURL(url, "url") else { throw APIError.validation("url", "is required") }
        guard let components = URLComponents(string: url), let host = components.host, !host.isEmpty else {
            throw APIError.validation("url", "must be an absolute http(s) URL with a host")
        }
        guard components.user == nil, components.password == nil else {
            throw APIError.validation("url", "must not carry credentials; the signature authenticates the server")
        }
        guard components.fragment == nil else { throw APIError.validation("url", "must not have a fragment") }
        guard let eventTypes, !eventTypes.isEmpty else {
            throw APIError.validation("eventTypes", "must name at least one type, such as install.attributed or *")
        }
        guard eventTypes.count <= Self.maximumEventTypes else {
            throw APIError.validation("eventTypes", "must have at most \(Self.maximumEventTypes) entries")
        }
        var unique: [String] = []
        for (index, type) in eventTypes.enumerated() {
            guard WebhookEventType.isValidSubscription(type) else {
                throw APIError.validation(
                    "eventTypes[\(index)]",
                    "must be *, a family such as install.* (click, install, event, conversion, referral) or a type such as install.attributed"
                )
            }
            if !unique.contains(type) { unique.append(type) }
        }
        return Valid(
            url: url, host: host, eventTypes: unique, description: try Validate.text(description, "description", max: 256),
            enabled: enabled ?? true
        )
    }
}

/// An endpoint as the API shows it; `secret` only in the answers that create or rotate it.
struct WebhookEndpointResponse: Codable {
    var id: String
    var appId: String
    var url: String
    var description: String?
    var eventTypes: [String]
    var enabled: Bool
    var disabledReason: String?
    /// Until when the secret before the last rotation still signs deliveries.
    var previousSecretExpiresAt: Date?
    var createdAt: Date
    var updatedAt: Date
    var secret: String?

    static let readOnlyKeys: Set<String> = ["id", "appId", "disabledReason", "previousSecretExpiresAt", "createdAt", "updatedAt", "secret"]

    init(_ endpoint: WebhookEndpointRecord, showingSecret: Bool = false, at date: Date) {
        id = endpoint.id
        appId = endpoint.appId
        url = endpoint.url
        description = endpoint.description
        eventTypes = endpoint.eventTypes
        enabled = endpoint.isEnabled
        disabledReason = endpoint.disabledReason
        previousSecretExpiresAt = endpoint.previousSecretExpiresAt.flatMap { $0 > date ? $0 : nil }
        createdAt = endpoint.createdAt
        updatedAt = endpoint.updatedAt
        secret = showingSecret ? endpoint.secret : nil
    }
}

/// A delivery as the delivery log shows it.
struct WebhookDeliveryResponse: Encodable {
    var id: String
    var endpointId: String
    var messageId: String
    var type: String
    var status: String
    var attempts: Int
    var nextAttemptAt: Date?
    var deadlineAt: Date
    var lastAttemptAt: Date?
    var lastStatusCode: Int?
    var lastError: String?
    var createdAt: Date
    /// Only on a single delivery: its attempts, oldest first, and the body sent.
    var attemptLog: [Attempt]?
    var payload: String?

    struct Attempt: Encodable {
        var attemptedAt: Date
        var statusCode: Int?
        var error: String?
        var durationMs: Int
        var responseBody: String?
    }

    init(_ delivery: WebhookDeliveryRecord, attempts: [WebhookAttemptRecord]? = nil, payload: String? = nil) {
        id = delivery.id
        endpointId = delivery.endpointId
        messageId = delivery.messageId
        type = delivery.messageType
        status = delivery.status.rawValue
        self.attempts = delivery.attempts
        nextAttemptAt = delivery.status == .pending ? delivery.nextAttemptAt : nil
        deadlineAt = delivery.deadlineAt
        lastAttemptAt = delivery.lastAttemptAt
        lastStatusCode = delivery.lastStatusCode
        lastError = delivery.lastError
        createdAt = delivery.createdAt
        attemptLog = attempts?.map {
            Attempt(
                attemptedAt: $0.attemptedAt, statusCode: $0.statusCode, error: $0.error, durationMs: $0.durationMilliseconds,
                responseBody: $0.responseBody)
        }
        self.payload = payload
    }
}
