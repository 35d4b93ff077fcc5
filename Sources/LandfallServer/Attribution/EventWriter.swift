import LandfallStore
import NIOConcurrencyHelpers

/// Group commit for events: requests that arrive while a transaction is committing share the next
/// one, so a durable commit (an fsync) is paid per batch instead of per event.
///
/// A request is answered only after the transaction holding its events has committed, so a 2xx
/// still means "stored". No timer is involved: under light load each batch holds one request and
/// is written at once; under heavy load batches grow to whatever arrived during the last commit.
final class EventWriter: Sendable {
    typealias Stored = [(event: EventRecord, duplicate: Bool)]

    private struct Waiting: Sendable {
        var events: [EventRecord]
        var continuation: CheckedContinuation<Stored, any Error>
    }

    private struct State: Sendable {
        var queue: [Waiting] = []
        var isWriting = false
        /// Requests in the transaction being written.
        var writing = 0
    }

    private let storage: any LandfallStorage
    private let metrics: ServerMetrics
    /// The most events one transaction takes; the rest wait for the next.
    private let maximumBatch: Int
    private let state = NIOLockedValueBox(State())

    init(storage: any LandfallStorage, metrics: ServerMetrics, maximumBatch: Int = 2000) {
        self.storage = storage
        self.metrics = metrics
        self.maximumBatch = max(1, maximumBatch)
    }

    /// Requests not answered yet: waiting for a transaction or in the one being written.
    var unansweredRequests: Int { state.withLockedValue { $0.queue.count + $0.writing } }

    /// Stores `events` (one request's) and returns once they are committed.
    func store(_ events: [EventRecord]) async throws -> Stored {
        guard !events.isEmpty else { return [] }
        return try await withCheckedThrowingContinuation { continuation in
            let startsWriter = state.withLockedValue { state in
                state.queue.append(Waiting(events: events, continuation: continuation))
                guard !state.isWriting else { return false }
                state.isWriting = true
                return true
            }
            // The request that finds no writer running becomes the writer until the queue is empty.
            if startsWriter { Task { await self.drain() } }
        }
    }

    private func drain() async {
        while let batch = nextBatch() {
            await write(batch)
        }
    }

    private func nextBatch() -> [Waiting]? {
        state.withLockedValue { state in
            state.writing = 0
            guard !state.queue.isEmpty else {
                state.isWriting = false
                return nil
            }
            var taken = 0
            var count = 0
            while taken < state.queue.count, taken == 0 || count + state.queue[taken].events.count <= maximumBatch {
                count += state.queue[taken].events.count
                taken += 1
            }
            state.writing = taken
            defer { state.queue.removeFirst(taken) }
            return Array(state.queue.prefix(taken))
        }
    }

    private func write(_ batch: [Waiting]) async {
        let clock = ContinuousClock()
        let started = clock.now
        do {
            let stored = try await storage.insertEvents(batch.flatMap(\.events))
            metrics.eventsCommitted(stored.count, duration: clock.now - started)
            var offset = 0
            for waiting in batch {
                waiting.continuation.resume(returning: Array(stored[offset..<offset + waiting.events.count]))
                offset += waiting.events.count
            }
        } catch {
            // An unreachable database fails every request alike, and one at a time each would wait
            // for a connection again: with PostgreSQL down, a batch of n requests took n connection
            // waits, and the queue behind it grew past every client's timeout.
            guard batch.count > 1, StoreUnavailable.classify(error) == nil else {
                for waiting in batch { waiting.continuation.resume(throwing: error) }
                return
            }
            // One request's events can fail the shared transaction (its install deleted meanwhile):
            // commit each request on its own so only that one sees the error.
            for waiting in batch {
                await write([waiting])
            }
        }
    }
}
