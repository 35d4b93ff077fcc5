import Foundation
import LandfallModels
import LandfallStore

/// Stores in-app events against their install, with revenue as an exact amount and a currency.
struct EventService: Sendable {
    let storage: any LandfallStorage
    let writer: EventWriter
    /// Installs by id: an app sends many events per install, and an install never changes after it
    /// is decided (deleting its app moves the catalog revision).
    let installs: ExpiringCache<String, InstallRecord>
    let now: @Sendable () -> Date
    /// Nil where nothing is published (services built outside `buildApplication`).
    var webhooks: WebhookPublisher? = nil

    /// An amount in millionths of the currency unit and an ISO 4217 code.
    struct Revenue: Sendable, Equatable {
        var micros: Int64
        var currency: String
    }

    func record(_ event: EventRequest, revenue: Revenue?, keyedApp: AppRecord?) async throws -> EventResponse {
        let record = try await prepare(event, revenue: revenue, keyedApp: keyedApp, position: 0)
        guard let stored = try await writer.store([record]).first else {
            throw StoreError.corruptRecord("event \(record.id) was neither stored nor found")
        }
        try await webhooks?.eventsStored([stored.event])
        return EventResponse(eventId: stored.event.id, duplicate: stored.duplicate)
    }

    func record(_ events: [EventRequest], revenues: [Revenue?], keyedApp: AppRecord?) async throws -> [EventResponse] {
        var records: [EventRecord] = []
        for (index, event) in events.enumerated() {
            do {
                records.append(try await prepare(event, revenue: revenues[index], keyedApp: keyedApp, position: index))
            } catch let error as APIError {
                throw APIError(error.status, code: error.code, message: "events[\(index)]: \(error.message)")
            }
        }
        let stored = try await writer.store(records)
        try await webhooks?.eventsStored(stored.map(\.event))
        return stored.map { EventResponse(eventId: $0.event.id, duplicate: $0.duplicate) }
    }

    /// - Parameter position: the event's place in its request, which orders events of one second.
    private func prepare(_ event: EventRequest, revenue: Revenue?, keyedApp: AppRecord?, position: Int) async throws -> EventRecord {
        guard let name = try Validate.text(event.eventName, "eventName", max: 128, required: true) else {
            throw APIError.validation("eventName", "is required")
        }
        let clientEventId = try Validate.text(event.eventId, "eventId", max: 128)
        // An event names only its install; a key, when sent, must be the install's app's.
        guard let install = try await install(id: event.installId), keyedApp.map({ $0.id == install.appId }) ?? true else {
            throw APIError.notFound("install_not_found", "no install with that id; report the install first")
        }
        let received = now()
        if let timestamp = event.timestamp, timestamp.timeIntervalSince(received) > 86_400 {
            throw APIError.validation("timestamp", "is more than a day in the future")
        }
        let data = JSONValue.object(event.eventData ?? [:]).compactJSON
        return EventRecord(
            id: SecretGenerator.identifier(), appId: install.appId, installId: install.id, clientEventId: clientEventId,
            name: name, data: data, occurredAt: event.timestamp ?? received, receivedAt: received,
            revenueMicros: revenue?.micros, revenueCurrency: revenue?.currency, linkId: install.linkId, clickId: install.clickId,
            sequence: received.epochMilliseconds * 1000 + Int64(position)
        )
    }

    private func install(id: String) async throws -> InstallRecord? {
        if let cached = installs.value(for: id) { return cached }
        let revision = installs.revisionBeforeRead()
        guard let install = try await storage.install(id: id) else { return nil }
        installs.store(install, for: id, readAt: revision)
        return install
    }
}
