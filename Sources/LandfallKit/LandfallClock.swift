import Foundation

/// The wall clock and the sleeper LandfallKit uses for timestamps, backoff and timeouts; injected
/// so tests run without real waits.
public protocol LandfallClock: Sendable {
    /// The current date (event timestamps, `Retry-After` dates).
    func now() -> Date
    /// Suspends for `seconds`; throws `CancellationError` when the task is cancelled.
    func sleep(seconds: TimeInterval) async throws
}

/// The real clock: `Date()` and `Task.sleep`.
public struct SystemClock: LandfallClock {
    public init() {}

    public func now() -> Date { Date() }

    public func sleep(seconds: TimeInterval) async throws {
        guard seconds > 0 else { return try Task.checkCancellation() }
        try await Task.sleep(nanoseconds: UInt64(min(seconds, 86_400) * 1_000_000_000))
    }
}
