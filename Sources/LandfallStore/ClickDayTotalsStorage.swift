import Foundation

/// Each app's clicks counted per UTC day once the day is over (migration 0022), and per platform and
/// country (migration 0023), so an overview of a long range, or a daily series ungrouped or grouped
/// by platform or country, reads a row a day and group instead of every click.
///
/// A day is counted from its raw clicks and its folded daily counts together, so retention folding
/// it later changes nothing. A write that changes a counted day afterwards marks it stale in the
/// same transaction as the change (or, for clicks posted with a time days back, around their
/// insert); the overview reads a stale day raw until ``totalClickDays(before:)`` counts it again.
public protocol ClickDayTotalsStorage: Sendable {
    /// Counts every app's days before `horizon` not counted yet, and counts stale days again. Each
    /// app's days go in transactions of at most a month; running it twice at once counts nothing
    /// twice (a day's row is replaced, never added to).
    func totalClickDays(before horizon: Date) async throws -> ClickDayTotalsPass
}

/// What one ``ClickDayTotalsStorage/totalClickDays(before:)`` did.
public struct ClickDayTotalsPass: Sendable, Hashable {
    /// Days newly counted, over every app (days without clicks included).
    public var daysSealed = 0
    /// Stale days counted again.
    public var staleDaysRecounted = 0
    /// Ranges of days newly counted, one transaction each: at most a week of days with clicks, or
    /// a stretch without any.
    public var rangesCounted = 0

    public init(daysSealed: Int = 0, staleDaysRecounted: Int = 0, rangesCounted: Int = 0) {
        self.daysSealed = daysSealed
        self.staleDaysRecounted = staleDaysRecounted
        self.rangesCounted = rangesCounted
    }
}

/// Which clicks a write can make a counted day wrong with.
public enum ClickDayTotalsRule {
    /// How long after a day's end the sweeper counts it: two days, one more than a posted click may
    /// lie before its day of receipt without marking (below), so a click held up to a day between
    /// its receipt and its insert still lands in a day not yet counted, or marks it.
    public static let sealedAfter: Int64 = 2 * RetentionDay.milliseconds
    /// A posted click (one with a `receivedAt`) whose time lies before the start of the day before
    /// the one it was received on may land in a counted day, and marks it. A redirect's click is
    /// stored within seconds; a posted one held back more than a day between its receipt and its
    /// insert could be missed, which the click recorder never does.
    public static func marksDay(clickedAt: Date, receivedAt: Date?) -> Bool {
        guard let receivedAt else { return false }
        return clickedAt.epochMilliseconds < RetentionDay.start(of: receivedAt.epochMilliseconds) - RetentionDay.milliseconds
    }

    /// The first day the sweep at `now` leaves uncounted.
    public static func horizon(now: Date) -> Date {
        Date(epochMilliseconds: RetentionDay.start(of: now.epochMilliseconds) - sealedAfter)
    }
}
