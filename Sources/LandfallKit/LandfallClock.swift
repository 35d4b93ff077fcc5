import Foundation

/// The wall clock and the sleeper LandfallKit uses for timestamps, backoff and timeouts; injected
/// so tests run without real waits.
public protocol LandfallClock: Sendable {
    /// The current date (event timestamps, `Retry-After` dates).
    ///
    /// - Returns: the current instant.
    func now() -> Date
    /// Suspends for `seconds`; throws `CancellationError` when the task is cancelled.
    ///
    /// - Parameter seconds: how long to wait; zero or less returns at once.
    /// - Throws: `CancellationError` when the task is cancelled before or while waiting.
    func sleep(seconds: TimeInterval) async throws
}

/// The real clock: `Date()` and `Task.sleep`.
public struct SystemClock: LandfallClock {
    /// Creates the system clock; it has no state.
    public init() {}

    /// The current date from the system.
    ///
    /// - Returns: `Date()`.
    public func now() -> Date { Date() }

    /// Suspends the task with `Task.sleep`, for at most a day per call.
    ///
    /// - Parameter seconds: how long to wait; zero or less only checks for cancellation.
    /// - Throws: `CancellationError` when the task is cancelled.
    public func sleep(seconds: TimeInterval) async throws {
        guard seconds > 0 else { return try Task.checkCancellation() }
        try await Task.sleep(nanoseconds: UInt64(min(seconds, 86_400) * 1_000_000_000))
    }
}
