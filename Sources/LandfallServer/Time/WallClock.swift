import Foundation
import LandfallStore
import Logging
import NIOConcurrencyHelpers

/// The server's wall clock: the system's time, never earlier than a time it has already given.
///
/// Clicks, installs, events and webhook messages are stamped with it. When NTP steps the system
/// clock back, the stamps would otherwise run backwards: the click statistics count clicks past a
/// time watermark and would never count those stamped below it (a day's counts short for good),
/// and a click could be stamped later than the install that follows it. While the system clock is
/// behind, this clock holds at the latest time it gave, and moves again once the system clock
/// passes it. A step forward is taken as it comes: the system clock was behind, and is right now.
///
/// Only for timestamps. A duration (a timeout, a bucket's refill, a cache's age) is measured on a
/// monotonic clock (`ContinuousClock`): this one stands still for as long as a backward step was long.
public final class WallClock: Sendable {
    private struct State {
        var latest: Date = .distantPast
        /// Whether the system clock was behind at the last reading, so a step is logged once.
        var holding = false
    }

    private let system: @Sendable () -> Date
    private let state = NIOLockedValueBox(State())
    private let logger: Logger?

    /// - Parameters:
    ///   - system: the clock that may step; tests pass one they move.
    ///   - logger: told once per backward step, with how far back the system clock went.
    public init(system: @escaping @Sendable () -> Date = { Date() }, logger: Logger? = nil) {
        self.system = system
        self.logger = logger
    }

    /// The current time, never before an earlier answer.
    public func now() -> Date {
        let reading = system()
        let (date, stepped) = state.withLockedValue { state -> (Date, TimeInterval?) in
            guard reading < state.latest else {
                state.latest = reading
                state.holding = false
                return (reading, nil)
            }
            defer { state.holding = true }
            return (state.latest, state.holding ? nil : state.latest.timeIntervalSince(reading))
        }
        if let stepped {
            logger?.warning(
                "the system clock stepped back; timestamps hold until it catches up",
                metadata: ["seconds": "\(String(format: "%.3f", stepped))"])
        }
        return date
    }

    /// Never gives a time before `date` from now on: a restarted server holds at what the database
    /// already counted (the click statistics' watermark) while its clock is behind it.
    public func holdAtLeast(_ date: Date) {
        state.withLockedValue { $0.latest = max($0.latest, date) }
    }
}

extension WallClock {
    /// The clock a server starts with: the system's, held at least at the click statistics'
    /// watermark, so that a server restarted while its clock is behind the clicks already counted
    /// stamps no click below it (the statistics would never count it).
    static func started(storage: any LandfallStorage, logger: Logger) async -> @Sendable () -> Date {
        let clock = WallClock(logger: logger)
        // A database that cannot be read yet (no schema) has no watermark to hold to.
        if let watermark = try? await storage.statisticsWatermark() {
            clock.holdAtLeast(Date(epochMilliseconds: watermark + 1))
        }
        return { clock.now() }
    }
}
