import Foundation

/// An in-app event waiting to be sent, as stored in the persistent queue.
struct QueuedEvent: Codable, Sendable, Hashable {
    /// The client event id (`eventId` on the wire): a retried send is recognised by the server.
    var id: String
    var name: String
    var data: [String: JSONValue]?
    var timestamp: Date
    /// The install the event belongs to; nil when tracked before the install was reported (filled
    /// in when sent).
    var installId: String?

    func request(installId fallback: String) -> EventRequest {
        EventRequest(installId: installId ?? fallback, eventName: name, eventData: data, timestamp: timestamp, eventId: id)
    }
}

/// The offline event queue: first in, first out, at most ``capacity`` events (the oldest is dropped).
struct EventQueue: Codable, Sendable, Hashable {
    /// Seed 000 §13: at most 100 queued events.
    static let capacity = 100
    /// The server's batch endpoint takes at most 100 events.
    static let batchSize = 100

    private(set) var events: [QueuedEvent] = []

    var count: Int { events.count }
    var isEmpty: Bool { events.isEmpty }

    /// Appends `event`; returns the events dropped to make room (oldest first).
    @discardableResult
    mutating func append(_ event: QueuedEvent) -> [QueuedEvent] {
        events.append(event)
        let overflow = events.count - Self.capacity
        guard overflow > 0 else { return [] }
        let dropped = Array(events.prefix(overflow))
        events.removeFirst(overflow)
        return dropped
    }

    /// The oldest events, in order, at most `limit`.
    func batch(limit: Int = EventQueue.batchSize) -> [QueuedEvent] {
        Array(events.prefix(limit))
    }

    /// Removes the events with these ids (sent or refused); unknown ids are ignored.
    mutating func remove(ids: Set<String>) {
        events.removeAll { ids.contains($0.id) }
    }
}

/// Everything the SDK keeps between launches besides the queue.
struct PersistedState: Codable, Sendable, Hashable {
    /// The SDK's own id of this install, sent as `installKey` so a retried report answers the same
    /// install. Created just before the first report.
    var installKey: String?
    /// The server's answer once the install has been reported: its presence means "not the first
    /// launch any more".
    var install: InstallResponse?
    var reportedAt: Date?
    /// A click token or Play Install Referrer string the app handed over, kept until a report with
    /// it succeeds.
    var pendingClickToken: String?
    var pendingInstallReferrer: String?
}

/// The storage keys LandfallKit uses.
enum StorageKeys {
    static let state = "landfall.state"
    static let queue = "landfall.queue"
    static let all = [state, queue]
}
