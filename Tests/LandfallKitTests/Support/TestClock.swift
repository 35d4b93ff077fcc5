import Foundation
import LandfallKit

/// A clock that never really waits: `sleep` records the duration, moves the time forward and
/// returns at once, or, for the durations in `blockingSleeps` (or all, with `sleepsUntilCancelled`),
/// suspends until its task is cancelled: a timer in a race that the other side must win.
struct TestClock: LandfallClock {
    private let state: LockedBox<(now: Date, sleeps: [TimeInterval])>
    private let blockingSleeps: Set<TimeInterval>
    private let sleepsUntilCancelled: Bool

    init(now: Date = Date(timeIntervalSince1970: 1_790_000_000), blockingSleeps: Set<TimeInterval> = [], sleepsUntilCancelled: Bool = false)
    {
        state = LockedBox((now, []))
        self.blockingSleeps = blockingSleeps
        self.sleepsUntilCancelled = sleepsUntilCancelled
    }

    func now() -> Date { state.current.now }

    /// Every duration asked for, in order.
    var sleeps: [TimeInterval] { state.current.sleeps }

    func advance(by seconds: TimeInterval) {
        state.withValue { $0.now += seconds }
    }

    func sleep(seconds: TimeInterval) async throws {
        state.withValue {
            $0.sleeps.append(seconds)
            $0.now += seconds
        }
        if sleepsUntilCancelled || blockingSleeps.contains(seconds) {
            // Suspends without waiting on any real time budget: only cancellation ends it.
            let (stream, continuation) = AsyncStream<Never>.makeStream()
            _ = continuation
            for await _ in stream {}
        }
        try Task.checkCancellation()
    }
}
