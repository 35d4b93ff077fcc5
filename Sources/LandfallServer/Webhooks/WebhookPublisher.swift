import Foundation
import LandfallModels
import LandfallStore
import Logging

/// Puts facts into the webhook outbox; what other features call to report something.
///
/// A publish commits the message and its deliveries before it returns, so a caller that publishes
/// before answering its request never acknowledges a fact whose webhook could still be lost.
/// Publishing costs no database write for an app without a subscribed endpoint.
///
/// ```swift
/// try await webhooks.publish(appId: app.id, type: WebhookEventType.conversionUpdated, data: payload, id: "msg_cv_\(update.id)")
/// ```
public struct WebhookPublisher: Sendable {
    let storage: any WebhookStorage
    let retryWindow: TimeInterval
    /// The subscriptions of each app's enabled endpoints. Local endpoint changes drop it at once;
    /// one made through another server is seen within the cache's time to live.
    let subscriptions: ExpiringCache<String, [[String]]>
    let now: @Sendable () -> Date
    /// Tells the sender that something is due now.
    let wake: @Sendable () -> Void

    /// One message to publish.
    public struct Draft: Sendable {
        public var appId: String
        public var type: String
        /// The payload's `data` object, already JSON.
        public var data: JSONValue
        /// The `webhook-id`; derive it from what is reported (`msg_<installId>`) so that reporting
        /// the same thing twice, as a retried request does, is delivered once.
        public var id: String

        public init(appId: String, type: String, data: JSONValue, id: String) {
            self.appId = appId
            self.type = type
            self.data = data
            self.id = id
        }
    }

    /// Publishes one message; `data` becomes the payload's `data` object.
    public func publish(appId: String, type: String, data: some Encodable, id: String? = nil) async throws {
        let value = try JSONValue.encoding(data)
        try await publish([Draft(appId: appId, type: type, data: value, id: id ?? "msg_\(UUID().uuidString.lowercased())")])
    }

    /// Publishes several messages in one transaction.
    public func publish(_ drafts: [Draft]) async throws {
        let date = now()
        var messages: [WebhookMessageRecord] = []
        for draft in drafts {
            assert(WebhookEventType.isValidType(draft.type), "unknown webhook type \(draft.type)")
            guard try await isSubscribed(appId: draft.appId, type: draft.type) else { continue }
            let envelope = WebhookEnvelope(type: draft.type, timestamp: date, data: draft.data)
            let payload = String(decoding: try LandfallJSON.makeEncoder().encode(envelope), as: UTF8.self)
            messages.append(WebhookMessageRecord(id: draft.id, appId: draft.appId, type: draft.type, payload: payload, createdAt: date))
        }
        guard !messages.isEmpty else { return }
        if try await storage.enqueueWebhookMessages(messages, retryWindow: retryWindow) > 0 { wake() }
    }

    /// Whether any enabled endpoint of the app takes `type`: checked before a payload is even built,
    /// since most apps publish far more than they subscribe to.
    func isSubscribed(appId: String, type: String) async throws -> Bool {
        let lists: [[String]]
        if let cached = subscriptions.value(for: appId) {
            lists = cached
        } else {
            let revision = subscriptions.revisionBeforeRead()
            lists = try await storage.webhookEndpoints(appId: appId).filter(\.isEnabled).map(\.eventTypes)
            subscriptions.store(lists, for: appId, readAt: revision)
        }
        return lists.contains { WebhookEndpointRecord.patterns($0, match: type) }
    }
}

/// The body of every webhook, as Standard Webhooks suggests: `{"type", "timestamp", "data"}`.
struct WebhookEnvelope: Codable, Sendable {
    var type: String
    var timestamp: Date
    var data: JSONValue
}

extension JSONValue {
    /// Any encodable value as a JSON value, through the wire encoder (dates as ISO 8601).
    static func encoding(_ value: some Encodable) throws -> JSONValue {
        let data = try LandfallJSON.makeEncoder().encode(value)
        return try LandfallJSON.makeDecoder().decode(JSONValue.self, from: data)
    }
}

extension WebhookPublisher {
    /// The sender and the publisher that wakes it, as `buildApplication` wires them.
    static func make(
        storage: any WebhookStorage, configuration: WebhookConfiguration, cacheTimeToLive: Duration,
        revision: @escaping @Sendable () -> UInt64, logger: Logger, now: @escaping @Sendable () -> Date
    ) -> (WebhookDispatcher, WebhookPublisher) {
        let dispatcher = WebhookDispatcher(storage: storage, configuration: configuration, logger: logger, now: now)
        let publisher = WebhookPublisher(
            storage: storage, retryWindow: configuration.retryWindow,
            subscriptions: ExpiringCache(capacity: 10_000, timeToLive: cacheTimeToLive, revision: revision),
            now: now, wake: { dispatcher.wake() }
        )
        return (dispatcher, publisher)
    }
}
