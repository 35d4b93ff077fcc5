import Foundation
import LandfallStore

/// How long raw clicks and app opens are kept, and how the fold that turns older ones into daily
/// counts runs (issue 38).
///
/// A click must stay raw while an install may still be credited to it: an SDK install looks back
/// one attribution window from now, and a server-to-server install may state a time one window in
/// the past and look back one window from there. So an app's rows are never folded before twice
/// its longest window plus `margin`, whatever `days` says, and a `days` shorter than that for any
/// app is refused at start (``ClickRetentionCheck``).
public struct ClickRetentionConfiguration: Sendable, Hashable {
    public static let defaultDays = 400

    /// Days raw clicks and app opens are kept (`landfall serve --click-retention-days`, env
    /// LANDFALL_CLICK_RETENTION_DAYS).
    public var days: Int
    /// Time between folds.
    public var interval: Duration
    /// Added to twice the window, so a fold never races an install arriving at its edge.
    public var margin: Duration
    /// Rows per transaction. The fold takes SQLite's single writer in turn with the redirect path's
    /// click batches, so one batch is the longest a redirect's click waits behind it. Measured
    /// with a million history clicks folded under redirect load: 2,000 rows held it about a third
    /// of a second (redirect p99 664 ms, 7,330 a second), 250 rows gave p99 21 ms at 12,016 a
    /// second, with the fold taking 657 s instead of 181. An hourly sweep in steady state folds about
    /// an hour of clicks, so the redirects come first. PostgreSQL drops whole months and folds few rows.
    public var batchSize: Int
    /// Time the fold waits between batches. Zero by default: SQLite's writer is shared batch by
    /// batch anyway. A first sweep over a year of clicks on a busy disk can be spread out with it,
    /// the way pt-archiver's `--sleep` spreads a purge, so the fold's writes leave room for
    /// redirects and replication.
    public var batchPause: Duration
    /// Monthly click partitions kept made ahead of the current month on PostgreSQL.
    public var monthsAhead: Int

    public init(
        days: Int = Self.defaultDays, interval: Duration = .seconds(3600), margin: Duration = .seconds(3600), batchSize: Int = 250,
        batchPause: Duration = .zero, monthsAhead: Int = 3
    ) {
        self.days = days
        self.interval = interval
        self.margin = margin
        self.batchSize = batchSize
        self.batchPause = batchPause
        self.monthsAhead = monthsAhead
    }

    /// The hours of attribution window `days` covers: twice the window plus `margin` must fit.
    public var longestAllowedWindowHours: Int {
        (days * 24 - Int(margin.components.seconds / 3600)) / 2
    }

    /// The time before which an app's raw rows are folded: the start of the UTC day `days` ago, or
    /// earlier when the app's window needs its clicks longer (its window grew after start).
    public func cutoff(windowHours: Int, now: Date) -> Date {
        let byAge = now.epochMilliseconds - Int64(days) * RetentionDay.milliseconds
        let byWindow = now.epochMilliseconds - 2 * Int64(windowHours) * 3_600_000 - Int64(margin.components.seconds) * 1000
        return Date(epochMilliseconds: RetentionDay.start(of: min(byAge, byWindow)))
    }
}
