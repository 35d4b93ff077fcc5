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
/// behind, this clock runs on from the latest time it gave at half the speed of the monotonic
/// clock, so stamps keep their order and most of their spacing (a click-to-install delay stays
/// positive), and the system clock catches up with it after twice the step; from then on it is the
/// system clock again. A step forward is taken as it comes: the system clock was behind, and is
/// right now.
///
/// Only for timestamps. A duration (a timeout, a bucket's refill, a cache's age) is measured on the
/// monotonic clock (`ContinuousClock`): this one runs slow for twice as long as a backward step.
public final class WallClock: Sendable {
    private struct State {
        var latest: Date = .distantPast
        /// When `latest` was given, on the monotonic clock.
        var latestAt: ContinuousClock.Instant?
        /// Whether the system clock was behind at the last reading, so a step is logged once.
        var behind = false
    }

    /// How fast this clock runs while the system clock is behind it, against the monotonic clock.
    static let rateWhileAhead = 0.5

    private let system: @Sendable () -> Date
    private let uptime: @Sendable () -> ContinuousClock.Instant
    private let state = NIOLockedValueBox(State())
    private let logger: Logger?

    /// - Parameters:
    ///   - system: the clock that may step; tests pass one they move.
    ///   - uptime: the monotonic clock; tests pass one they advance.
    ///   - logger: told once per backward step, with how far back the system clock went.
    public init(
        system: @escaping @Sendable () -> Date = { Date() }, uptime: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
        logger: Logger? = nil
    ) {
        self.system = system
        self.uptime = uptime
        self.logger = logger
    }

    /// The current time, never before an earlier answer.
    public func now() -> Date {
        let (date, stepped) = state.withLockedValue { state -> (Date, TimeInterval?) in
            // Read under the lock: two threads reading before it could take it in the other order,
            // and the earlier reading would look like the system clock stepping back (under
            // redirect load, hundreds of warnings a minute and stamps slowed for nothing).
            let reading = system()
            let instant = uptime()
            let elapsed = state.latestAt.map { instant - $0 } ?? .zero
            let (seconds, attoseconds) = elapsed.components
            let slowed = state.latest.addingTimeInterval((Double(seconds) + Double(attoseconds) / 1e18) * Self.rateWhileAhead)
            state.latestAt = instant
            // Only a reading before an answer already given is a step back; once behind, the system
            // clock must pass the slowed clock to be taken again.
            guard reading < (state.behind ? slowed : state.latest) else {
                state.latest = reading
                state.behind = false
                return (reading, nil)
            }
            state.latest = max(slowed, state.latest)
            defer { state.behind = true }
            return (state.latest, state.behind ? nil : state.latest.timeIntervalSince(reading))
        }
        if let stepped {
            logger?.warning(
                "the system clock stepped back; timestamps run at half speed until it catches up",
                metadata: ["seconds": "\(String(format: "%.3f", stepped))"])
        }
        return date
    }

    /// Never gives a time before `date` from now on: a restarted server holds at what the database
    /// already counted (the click statistics' watermark) while its clock is behind it.
    public func holdAtLeast(_ date: Date) {
        let instant = uptime()
        state.withLockedValue { state in
            guard date > state.latest else { return }
            state.latest = date
            state.latestAt = instant
        }
    }
}

extension WallClock {
    /// The clock a server starts with: the system's, held at least at the click statistics'
    /// watermark, so that a server restarted while its clock is behind the clicks already counted
    /// stamps no click below it (the statistics would never count it).
    static func started(storage: any LandfallStorage, logger: Logger) async -> @Sendable () -> Date {
        let clock = WallClock(logger: logger)
        // A database that cannot be read yet (no schema) has no watermark to hold to. PostgreSQL's
        // client answers no query before its run() service starts, which happens after this: asking
        // it here hung every PostgreSQL server at start, so there the hold is not applied yet.
        if storage.engine == .sqlite, let watermark = try? await storage.statisticsWatermark() {
            clock.holdAtLeast(Date(epochMilliseconds: watermark + 1))
        }
        return { clock.now() }
    }
}
