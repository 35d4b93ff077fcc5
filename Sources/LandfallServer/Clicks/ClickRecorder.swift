import Foundation
import LandfallStore
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle

/// Buffers clicks off the redirect path and writes them in batches.
///
/// A redirect only appends to a bounded buffer; a background loop takes the buffer every
/// `flushInterval` as one batch and writes it, in writes of at most the storage's
/// `largestClickWrite` clicks. Up to the storage's `clickWritesInFlight` batches are written at
/// once (one on SQLite, whose single writer would only queue a second): a batch waits for a free
/// writer before it takes the buffer, so one slow batch no longer holds every click behind it. On
/// graceful shutdown the loop stops and the buffer is written before the database closes, so no
/// acknowledged click is lost. On a crash or a power cut, the clicks recorded since the last batch
/// that committed, with every batch taken before it, was taken are lost: the last `flushInterval`,
/// plus however long the batches in flight waited for a writer and took to commit (never more than
/// `capacity` and the batches in flight). When the buffer is full, redirects wait for a writer
/// instead of dropping clicks: one of them writes the full buffer as soon as a writer is free, the
/// others only wait until it has taken the buffer, not for that batch as well.
///
/// While the database refuses batches (a full disk, an I/O error), waiting would stop every redirect
/// for as long as the database is down; redirects keep being answered instead, the buffer keeps the
/// oldest `capacity` clicks, and clicks past that are dropped, counted (`landfall_clicks_dropped_total`)
/// and logged once the writer recovers. Memory stays bounded either way.
public final class ClickRecorder: Service, Sendable {
    /// Clicks taken from the buffer together; sequences grow in the order batches are taken.
    private struct Batch: Sendable {
        var sequence: Int
        var clicks: [ClickRecord]
        var taken: ContinuousClock.Instant
    }

    private struct State {
        var pending: [ClickRecord] = []
        /// A redirect has taken on writing the full buffer.
        var takeoverClaimed = false
        /// Redirects that found the buffer full, resumed when the next batch takes it.
        var waitingForRoom: [CheckedContinuation<Void, Never>] = []
        /// Writers in use, and batches waiting for one before they take the buffer.
        var busyWriters = 0
        var waitingForWriter: [CheckedContinuation<Void, Never>] = []
        var nextSequence = 0
        /// Batches taken and not yet committed or put back, by sequence.
        var inFlight: [Int: [ClickRecord]] = [:]
        /// Callers waiting until no batch taken before a sequence is in flight.
        var waitingForBatches: [(before: Int, continuation: CheckedContinuation<Void, Never>)] = []
        /// Batches that committed while one taken earlier was still in flight.
        var committedOutOfOrder: [(sequence: Int, taken: ContinuousClock.Instant)] = []
        /// A failed batch's clicks went back to the buffer, to be taken by a batch of at least this
        /// sequence: a batch before it that commits does not say its clicks are stored.
        var publishableFrom = 0
        /// When the last batch that committed, with every batch taken before it, was taken.
        var lastCommittedTake: ContinuousClock.Instant?
        /// The last batch failed: a full buffer drops clicks instead of making redirects wait.
        var failing = false
        var failures = 0
        var lastFailure: (any Error)?
        /// Clicks dropped since the writer last recovered, and in all.
        var droppedSinceRecovery = 0
        var dropped = 0
    }

    private enum Admission {
        case queued(pending: Int), writeFullBuffer, waitForRoom, dropped
    }

    /// Where a click with a given token is, as seen under one lock.
    private enum TokenPlace {
        case mergedIntoPending, inFlight(sequence: Int), notBuffered
    }

    private let storage: any ClickStorage
    private let flushInterval: Duration
    private let capacity: Int
    private let writers: Int
    private let logger: Logger
    private let metrics: ServerMetrics
    private let state = NIOLockedValueBox(State())
    private let webhooks: WebhookPublisher?
    /// A batch taking longer than this is logged: at a few thousand clicks a second it is the time
    /// in which the buffer fills toward the point where redirects wait.
    static let slowBatch: Duration = .milliseconds(250)
    /// The longest a redirect is held back while the writer is behind (see ``pause(pending:capacity:longest:)``).
    private let backlogPause: Duration

    public init(
        storage: any ClickStorage, flushInterval: Duration, capacity: Int, logger: Logger, metrics: ServerMetrics = ServerMetrics(),
        webhooks: WebhookPublisher? = nil, backlogPause: Duration = .zero
    ) {
        self.backlogPause = backlogPause
        self.webhooks = webhooks
        self.metrics = metrics
        self.storage = storage
        self.flushInterval = flushInterval
        self.capacity = max(1, capacity)
        self.writers = max(1, storage.clickWritesInFlight)
        self.logger = logger
    }

    /// Queues a click for the next batch.
    public func record(_ click: ClickRecord) async throws {
        // Keyed here, spread over the redirects, rather than a whole batch at once while the
        // writer waits for it.
        let keyed = ClickEvidenceMapping.withMatchingKeys(click)
        let admission = state.withLockedValue { state -> Admission in
            if state.failing, state.pending.count >= capacity {
                state.dropped += 1
                state.droppedSinceRecovery += 1
                return .dropped
            }
            state.pending.append(keyed)
            guard state.pending.count >= capacity else { return .queued(pending: state.pending.count) }
            guard !state.takeoverClaimed else { return .waitForRoom }
            state.takeoverClaimed = true
            return .writeFullBuffer
        }
        if case .dropped = admission {
            metrics.clicksDropped(1)
            return
        }
        metrics.clickQueued()
        switch admission {
        case .dropped:
            return
        case .queued(let pending):
            let pause = Self.pause(pending: pending, capacity: capacity, longest: backlogPause)
            if pause > .zero { try await Task.sleep(for: pause) }
        case .writeFullBuffer:
            // A failed batch is the database's trouble, not this redirect's: its clicks went back
            // into the buffer (up to its capacity) and the failure is logged.
            if let batch = await takeBatch() { try? await write(batch) }
        case .waitForRoom:
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLockedValue { state in
                    // The buffer may have been taken between the two locks.
                    guard state.takeoverClaimed else { return true }
                    state.waitingForRoom.append(continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        }
    }

    /// How long a redirect waits before answering while the buffer is more than half full: nothing
    /// up to half, then rising in step with the backlog to `longest` at full.
    ///
    /// Redirects and the writers share the same cores. When redirects come faster than the writers
    /// can store their clicks, something has to give; without this the buffer filled and every
    /// redirect then waited for a batch in flight, a second or more with nothing answered. Holding
    /// each redirect back a few milliseconds instead slows the clients a little, which leaves the
    /// writers the CPU to catch up, and the buffer never has to fill.
    static func pause(pending: Int, capacity: Int, longest: Duration) -> Duration {
        let half = capacity / 2
        guard pending > half, longest > .zero else { return .zero }
        let fraction = Double(min(pending, capacity) - half) / Double(max(1, capacity - half))
        return longest * fraction
    }

    /// Attaches what the interstitial page reported to a click, buffered or already written.
    /// Returns false when no click has that token.
    public func applySignals(_ signals: ClickSignals, clickToken: String) async throws -> Bool {
        while true {
            switch place(signals, clickToken: clickToken) {
            case .mergedIntoPending:
                return true
            case .inFlight(let sequence):
                // Being written right now: wait for it, then update the row (or, when the batch
                // failed and went back to the buffer, merge there).
                await waitForBatches(before: sequence + 1)
            case .notBuffered:
                guard let updated = try await storage.applySignals(signals, clickToken: clickToken) else { return false }
                let keyed = ClickEvidenceMapping.withMatchingKeys(updated)
                if keyed.signature != updated.signature || keyed.matchEvidence != updated.matchEvidence {
                    try await storage.setMatchingKeys(signature: keyed.signature, matchEvidence: keyed.matchEvidence, clickId: updated.id)
                }
                return true
            }
        }
    }

    /// Merges into the buffered click, or says which batch in flight holds it: under one lock, so a
    /// click moving between the buffer and a batch is never missed in both.
    private func place(_ signals: ClickSignals, clickToken: String) -> TokenPlace {
        state.withLockedValue { state in
            guard let index = state.pending.lastIndex(where: { $0.clickToken == clickToken }) else {
                let batch = state.inFlight.first { $0.value.contains { $0.clickToken == clickToken } }
                return batch.map { .inFlight(sequence: $0.key) } ?? .notBuffered
            }
            var click = state.pending[index]
            click.signals.screenWidth = signals.screenWidth ?? click.signals.screenWidth
            click.signals.screenHeight = signals.screenHeight ?? click.signals.screenHeight
            click.signals.timezone = signals.timezone ?? click.signals.timezone
            click.signals.language = signals.language ?? click.signals.language
            click.signals.platformVersion = signals.platformVersion ?? click.signals.platformVersion
            click.signals.deviceModel = signals.deviceModel ?? click.signals.deviceModel
            if let platform = signals.platformOverride, click.platform == ClickSignals.ambiguousDesktopPlatform {
                click.platform = platform
                click.signals.platformOverride = platform
            }
            state.pending[index] = ClickEvidenceMapping.withMatchingKeys(click)
            return .mergedIntoPending
        }
    }

    /// When the last batch that committed, with every batch taken before it, was taken from the
    /// buffer: every click recorded before it is stored, and what a crash can lose is what came
    /// after (nil before the first).
    public var lastCommittedBatchTakenAt: ContinuousClock.Instant? {
        state.withLockedValue { $0.lastCommittedTake }
    }

    /// Writes everything buffered so far; returns when it is committed, with every batch taken
    /// before.
    public func flush() async throws {
        // A batch taken earlier that fails after this one was taken put its clicks back behind
        // this one: they need one more batch.
        if try await writeAndSettle() { return }
        guard try await writeAndSettle() else {
            throw state.withLockedValue { $0.lastFailure } ?? CancellationError()
        }
    }

    /// Takes and writes the buffer, then waits for every batch taken before it. True when none of
    /// those failed meanwhile.
    private func writeAndSettle() async throws -> Bool {
        let failuresBefore = state.withLockedValue { $0.failures }
        let sequence: Int
        if let batch = await takeBatch() {
            try await write(batch)
            sequence = batch.sequence
        } else {
            sequence = state.withLockedValue { $0.nextSequence }
        }
        await waitForBatches(before: sequence)
        return state.withLockedValue { $0.failures } == failuresBefore
    }

    /// Waits for a free writer, then takes the whole buffer as one batch; nil, with the writer
    /// given back, when the buffer is empty.
    private func takeBatch() async -> Batch? {
        await withCheckedContinuation { continuation in
            let acquired = state.withLockedValue { state in
                guard state.busyWriters >= writers else {
                    state.busyWriters += 1
                    return true
                }
                state.waitingForWriter.append(continuation)
                return false
            }
            if acquired { continuation.resume() }
        }
        // A writer handed over by a finishing batch stays counted as busy.
        let (batch, waiting, next) = state.withLockedValue {
            state -> (Batch?, [CheckedContinuation<Void, Never>], CheckedContinuation<Void, Never>?) in
            defer {
                state.takeoverClaimed = false
                state.waitingForRoom.removeAll()
            }
            let waiting = state.waitingForRoom
            guard !state.pending.isEmpty else { return (nil, waiting, Self.releaseWriter(&state)) }
            let batch = Batch(sequence: state.nextSequence, clicks: state.pending, taken: ContinuousClock.now)
            state.nextSequence += 1
            state.inFlight[batch.sequence] = batch.clicks
            state.pending.removeAll(keepingCapacity: true)
            return (batch, waiting, nil)
        }
        for continuation in waiting { continuation.resume() }
        next?.resume()
        return batch
    }

    /// Gives a writer back: to the first batch waiting for one (returned, to be resumed outside the
    /// lock), or to the pool.
    private static func releaseWriter(_ state: inout State) -> CheckedContinuation<Void, Never>? {
        guard !state.waitingForWriter.isEmpty else {
            state.busyWriters -= 1
            return nil
        }
        return state.waitingForWriter.removeFirst()
    }

    /// Writes a taken batch; on failure puts what is not stored back in front of the buffer.
    private func write(_ batch: Batch) async throws {
        let slices = batch.clicks.chunked(into: max(1, storage.largestClickWrite))
        for (index, slice) in slices.enumerated() {
            let clicks = Array(slice)
            do {
                try await write(clicks)
            } catch {
                finish(batch, unwritten: slices[index...].flatMap { $0 }, error: error)
                throw error
            }
            // Outside the retry above: the clicks are stored, and writing them again would fail the batch.
            do { try await webhooks?.clicksWritten(clicks) } catch {
                logger.error(
                    "click webhooks could not be published",
                    metadata: ["error": "\(String(reflecting: error))", "clicks": "\(clicks.count)"])
            }
        }
        finish(batch, unwritten: [], error: nil)
    }

    /// Settles a batch: gives its writer back, wakes whoever waited for it, and moves the point
    /// before which every click is stored.
    private func finish(_ batch: Batch, unwritten: [ClickRecord], error: (any Error)?) {
        enum Transition { case none, startedFailing(pending: Int, error: String), recovered(dropped: Int) }
        let (resumed, transition, dropped) = state.withLockedValue { state in
            var transition = Transition.none
            var dropped = 0
            state.inFlight[batch.sequence] = nil
            if let error {
                // Put what is not stored back in front so a passing database hiccup loses nothing.
                state.pending.insert(contentsOf: unwritten, at: 0)
                // The newest go first: the buffer never holds more than its capacity.
                dropped = max(0, state.pending.count - capacity)
                state.pending.removeLast(dropped)
                state.dropped += dropped
                state.droppedSinceRecovery += dropped
                if !state.failing { transition = .startedFailing(pending: state.pending.count, error: String(reflecting: error)) }
                state.failing = true
                state.failures += 1
                state.lastFailure = error
                state.publishableFrom = state.nextSequence
            } else {
                if state.failing {
                    transition = .recovered(dropped: state.droppedSinceRecovery)
                    state.droppedSinceRecovery = 0
                }
                state.failing = false
                state.committedOutOfOrder.append((batch.sequence, batch.taken))
            }
            let oldestInFlight = state.inFlight.keys.min() ?? state.nextSequence
            let settled = state.committedOutOfOrder.filter { $0.sequence < oldestInFlight }
            state.committedOutOfOrder.removeAll { $0.sequence < oldestInFlight }
            let publishable = state.publishableFrom
            if let newest = settled.filter({ $0.sequence >= publishable }).map(\.taken).max() {
                state.lastCommittedTake = newest
            }
            var resumed: [CheckedContinuation<Void, Never>] = []
            state.waitingForBatches.removeAll { waiter in
                guard waiter.before <= oldestInFlight else { return false }
                resumed.append(waiter.continuation)
                return true
            }
            if let next = Self.releaseWriter(&state) { resumed.append(next) }
            return (resumed, transition, dropped)
        }
        if dropped > 0 { metrics.clicksDropped(dropped) }
        switch transition {
        case .none:
            break
        case .startedFailing(let pending, let error):
            logger.error(
                "click batch write failed; will retry, keeping at most the buffer's capacity",
                metadata: ["error": "\(error)", "pending": "\(pending)", "capacity": "\(capacity)"])
        case .recovered(let dropped):
            logger.warning("click batches are written again", metadata: ["droppedClicks": "\(dropped)"])
        }
        for continuation in resumed { continuation.resume() }
    }

    /// Returns once no batch taken before `sequence` is in flight.
    private func waitForBatches(before sequence: Int) async {
        await withCheckedContinuation { continuation in
            let settled = state.withLockedValue { state in
                guard state.inFlight.keys.contains(where: { $0 < sequence }) else { return true }
                state.waitingForBatches.append((sequence, continuation))
                return false
            }
            if settled { continuation.resume() }
        }
    }

    private func write(_ clicks: [ClickRecord]) async throws {
        let clock = ContinuousClock()
        let started = clock.now
        try await storage.insertClicks(clicks)
        metrics.clicksWritten(clicks.count)
        let took = clock.now - started
        if took > Self.slowBatch {
            // Redirects only wait on a batch once the buffer is full; this says one came close.
            logger.warning(
                "click batch write was slow",
                metadata: ["milliseconds": "\(took.wholeMilliseconds)", "clicks": "\(clicks.count)", "pending": "\(pendingCount)"]
            )
        }
    }

    /// Clicks dropped in all because the buffer was full while the database refused batches.
    public var droppedCount: Int {
        state.withLockedValue { $0.dropped }
    }

    /// Batches taken and not yet committed or put back.
    var batchesInFlight: Int {
        state.withLockedValue { $0.inFlight.count }
    }

    /// Clicks waiting to be written.
    public var pendingCount: Int {
        state.withLockedValue { $0.pending.count }
    }

    public func run() async throws {
        // Only the wait between batches is cut short by a graceful shutdown: a batch being written
        // commits instead of being cancelled halfway through its transaction.
        let interval = flushInterval
        await withDiscardingTaskGroup { group in
            while !Task.isCancelled && !Task.isShuttingDownGracefully {
                guard (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }) != nil else { break }
                guard pendingCount > 0, let batch = await takeBatch() else { continue }
                // A failure is logged when batches start failing and when they recover, not at
                // every retry; the clicks are back in the buffer for the next batch.
                group.addTask { try? await self.write(batch) }
            }
        }
        try await flush()
        logger.debug("click recorder stopped")
    }
}
