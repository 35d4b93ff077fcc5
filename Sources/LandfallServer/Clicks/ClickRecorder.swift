import Foundation
import LandfallStore
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle

/// Buffers clicks off the redirect path and writes them in batches.
///
/// A redirect only appends to a bounded buffer; a background loop writes the buffer every
/// `flushInterval`, in writes of at most the storage's `largestClickWrite` clicks. On graceful
/// shutdown the loop stops and the buffer is written before the database closes, so no acknowledged
/// click is lost. On a crash or a power cut, the clicks recorded since the last batch that
/// committed was taken are lost: the last `flushInterval`, plus however long the batch in flight
/// waited for the writer and took to commit (never more than `capacity` and that batch). When the buffer is full, redirects wait for the writer instead of dropping
/// clicks: one of them writes the full buffer as soon as the batch in flight has committed, the
/// others only wait until it has taken the buffer, not for that second batch as well.
///
/// While the database refuses batches (a full disk, an I/O error), waiting would stop every redirect
/// for as long as the database is down; redirects keep being answered instead, the buffer keeps the
/// oldest `capacity` clicks, and clicks past that are dropped, counted (`landfall_clicks_dropped_total`)
/// and logged once the writer recovers. Memory stays bounded either way.
public final class ClickRecorder: Service, Sendable {
    private struct State {
        var pending: [ClickRecord] = []
        /// A redirect has taken on writing the full buffer.
        var takeoverClaimed = false
        /// Redirects that found the buffer full, resumed when the next batch takes it.
        var waitingForRoom: [CheckedContinuation<Void, Never>] = []
        /// When the last batch that committed whole was taken from the buffer.
        var lastCommittedTake: ContinuousClock.Instant?
        /// The last batch failed: a full buffer drops clicks instead of making redirects wait.
        var failing = false
        /// Clicks dropped since the writer last recovered, and in all.
        var droppedSinceRecovery = 0
        var dropped = 0
    }

    private enum Admission {
        case queued(pending: Int), writeFullBuffer, waitForRoom, dropped
    }

    private let storage: any ClickStorage
    private let flushInterval: Duration
    private let capacity: Int
    private let logger: Logger
    private let metrics: ServerMetrics
    private let state = NIOLockedValueBox(State())
    /// Serialises flushes so a beacon can wait for an in-flight batch to commit.
    private let flushLock = AsyncLock()
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
        self.logger = logger
    }

    /// Queues a click for the next batch.
    public func record(_ click: ClickRecord) async throws {
        // Keyed here, spread over the redirects, rather than a whole batch at once while the one
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
            // into the buffer (up to its capacity) and the writer's loop logs the failure.
            try? await flush()
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
    /// Redirects and the one writer share the same cores. When redirects come faster than the writer
    /// can store their clicks, something has to give; without this the buffer filled and every
    /// redirect then waited for the batch in flight, a second or more with nothing answered. Holding
    /// each redirect back a few milliseconds instead slows the clients a little, which leaves the
    /// writer the CPU to catch up, and the buffer never has to fill.
    static func pause(pending: Int, capacity: Int, longest: Duration) -> Duration {
        let half = capacity / 2
        guard pending > half, longest > .zero else { return .zero }
        let fraction = Double(min(pending, capacity) - half) / Double(max(1, capacity - half))
        return longest * fraction
    }

    /// Attaches what the interstitial page reported to a click, buffered or already written.
    /// Returns false when no click has that token.
    public func applySignals(_ signals: ClickSignals, clickToken: String) async throws -> Bool {
        if mergeIntoPending(signals, clickToken: clickToken) { return true }
        // The click may be in a batch being written right now: wait for it, then update the row.
        return try await flushLock.withLock {
            if mergeIntoPending(signals, clickToken: clickToken) { return true }
            guard let updated = try await storage.applySignals(signals, clickToken: clickToken) else { return false }
            let keyed = ClickEvidenceMapping.withMatchingKeys(updated)
            if keyed.signature != updated.signature || keyed.matchEvidence != updated.matchEvidence {
                try await storage.setMatchingKeys(signature: keyed.signature, matchEvidence: keyed.matchEvidence, clickId: updated.id)
            }
            return true
        }
    }

    private func mergeIntoPending(_ signals: ClickSignals, clickToken: String) -> Bool {
        state.withLockedValue { state in
            guard let index = state.pending.lastIndex(where: { $0.clickToken == clickToken }) else { return false }
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
            return true
        }
    }

    /// When the last batch that committed whole was taken from the buffer: every click recorded
    /// before it is stored, and what a crash can lose is what came after (nil before the first).
    public var lastCommittedBatchTakenAt: ContinuousClock.Instant? {
        state.withLockedValue { $0.lastCommittedTake }
    }

    /// Writes everything buffered so far; returns when it is committed.
    public func flush() async throws {
        try await flushLock.withLock {
            let (batch, waiting, taken) = state.withLockedValue { state in
                defer {
                    state.pending.removeAll(keepingCapacity: true)
                    state.takeoverClaimed = false
                    state.waitingForRoom.removeAll()
                }
                return (state.pending, state.waitingForRoom, ContinuousClock.now)
            }
            for continuation in waiting { continuation.resume() }
            let slices = batch.chunked(into: max(1, storage.largestClickWrite))
            for (index, slice) in slices.enumerated() {
                let clicks = Array(slice)
                do {
                    try await write(clicks)
                } catch {
                    // Put what is not stored back in front so a passing database hiccup loses nothing.
                    let unwritten = slices[index...].flatMap { $0 }
                    let dropped = state.withLockedValue { state in
                        state.pending.insert(contentsOf: unwritten, at: 0)
                        state.failing = true
                        // The newest go first: the buffer never holds more than its capacity.
                        let excess = max(0, state.pending.count - capacity)
                        state.pending.removeLast(excess)
                        state.dropped += excess
                        state.droppedSinceRecovery += excess
                        return excess
                    }
                    if dropped > 0 { metrics.clicksDropped(dropped) }
                    throw error
                }
                // Outside the retry above: the clicks are stored, and writing them again would fail the batch.
                do { try await webhooks?.clicksWritten(clicks) } catch {
                    logger.error(
                        "click webhooks could not be published",
                        metadata: ["error": "\(String(reflecting: error))", "clicks": "\(clicks.count)"])
                }
            }
            state.withLockedValue { state in
                state.lastCommittedTake = taken
                state.failing = false
            }
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

    /// Clicks waiting to be written.
    public var pendingCount: Int {
        state.withLockedValue { $0.pending.count }
    }

    public func run() async throws {
        // Only the wait between batches is cut short by a graceful shutdown: a batch being written
        // commits instead of being cancelled halfway through its transaction.
        let interval = flushInterval
        // Logged when batches start failing and when they recover, not at every 50 ms retry.
        var failing = false
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            guard (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }) != nil else { break }
            do {
                try await flush()
                if failing {
                    failing = false
                    let dropped = state.withLockedValue { state in
                        defer { state.droppedSinceRecovery = 0 }
                        return state.droppedSinceRecovery
                    }
                    logger.warning("click batches are written again", metadata: ["droppedClicks": "\(dropped)"])
                }
            } catch {
                if !failing {
                    logger.error(
                        "click batch write failed; will retry, keeping at most the buffer's capacity",
                        metadata: ["error": "\(String(reflecting: error))", "pending": "\(pendingCount)", "capacity": "\(capacity)"])
                }
                failing = true
            }
        }
        try await flush()
        logger.debug("click recorder stopped")
    }
}
