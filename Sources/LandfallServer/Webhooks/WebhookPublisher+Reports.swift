import Foundation
import LandfallModels
import LandfallStore

/// The messages installs, events and clicks publish. Message ids derive from the record reported,
/// so a retried request publishes nothing new.
extension WebhookPublisher {
    struct InstallData: Encodable {
        var installId: String
        var method: InstallMethod
        var confidence: Int
        var matchedFactors: [String]
        var linkId: String?
        var clickId: String?
        var platform: String
        var createdAt: Date
    }

    struct EventData: Encodable {
        struct Revenue: Encodable { var amount: String; var currency: String }
        var eventId: String
        var installId: String
        var name: String
        var clientEventId: String?
        var properties: JSONValue
        var revenue: Revenue?
        var linkId: String?
        var clickId: String?
        var occurredAt: Date
        var receivedAt: Date
    }

    struct ClickData: Encodable {
        var clickId: String
        var linkId: String
        var clickedAt: Date
        var platform: String
        var deviceClass: String
        var country: String?
    }

    /// `install.attributed` or `install.organic` for a stored install.
    func installReported(_ install: InstallRecord) async throws {
        let type = install.method.isAttributed ? WebhookEventType.installAttributed : WebhookEventType.installOrganic
        guard try await isSubscribed(appId: install.appId, type: type) else { return }
        let data = InstallData(
            installId: install.id, method: install.method, confidence: install.confidence, matchedFactors: install.matchedFactors,
            linkId: install.linkId, clickId: install.clickId, platform: install.fingerprint.platform, createdAt: install.createdAt
        )
        try await publish([Draft(appId: install.appId, type: type, data: try JSONValue.encoding(data), id: "msg_\(install.id)")])
    }

    /// `event.created` for each stored event; a duplicate names the event first stored, so it
    /// publishes nothing new.
    func eventsStored(_ events: [EventRecord]) async throws {
        var wanted: [EventRecord] = []
        for event in events {
            if try await isSubscribed(appId: event.appId, type: WebhookEventType.eventCreated) { wanted.append(event) }
        }
        let drafts = try wanted.map { event in
            let properties = (try? LandfallJSON.makeDecoder().decode(JSONValue.self, from: Data(event.data.utf8))) ?? .object([:])
            let revenue = both(event.revenueMicros, event.revenueCurrency).map { micros, currency in
                EventData.Revenue(amount: EventService.format(micros: micros), currency: currency)
            }
            let data = EventData(
                eventId: event.id, installId: event.installId, name: event.name, clientEventId: event.clientEventId, properties: properties,
                revenue: revenue, linkId: event.linkId, clickId: event.clickId, occurredAt: event.occurredAt, receivedAt: event.receivedAt
            )
            return Draft(appId: event.appId, type: WebhookEventType.eventCreated, data: try JSONValue.encoding(data), id: "msg_\(event.id)")
        }
        try await publish(drafts)
    }

    /// `click.created` for each human click of a written batch.
    func clicksWritten(_ clicks: [ClickRecord]) async throws {
        var wanted: [ClickRecord] = []
        var subscribed: [String: Bool] = [:]
        for click in clicks where !click.isBot {
            if subscribed[click.appId] == nil {
                subscribed[click.appId] = try await isSubscribed(appId: click.appId, type: WebhookEventType.clickCreated)
            }
            if subscribed[click.appId] == true { wanted.append(click) }
        }
        let drafts = try wanted.map { click in
            let data = ClickData(
                clickId: click.id, linkId: click.linkId, clickedAt: click.clickedAt, platform: click.platform,
                deviceClass: click.deviceClass, country: click.country
            )
            return Draft(appId: click.appId, type: WebhookEventType.clickCreated, data: try JSONValue.encoding(data), id: "msg_\(click.id)")
        }
        try await publish(drafts)
    }
}

private func both<A, B>(_ first: A?, _ second: B?) -> (A, B)? {
    guard let first, let second else { return nil }
    return (first, second)
}
