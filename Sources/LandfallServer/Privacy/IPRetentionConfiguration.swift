import Foundation

/// How long client addresses are kept whole, and how the sweep that truncates them runs.
///
/// A click's address can serve attribution until the last install that may still be credited to
/// it has arrived: an SDK install looks back one window from now, and a server-to-server install may
/// state a time up to one window in the past and looks back one window from there. So addresses
/// are kept for twice the app's attribution window plus `margin`, then cut to their /24 or /48.
public struct IPRetentionConfiguration: Sendable, Hashable {
    /// Time between sweeps (`landfall serve --ip-retention-interval`, env LANDFALL_IP_RETENTION_INTERVAL).
    public var interval: Duration
    /// Added to the retention period, so a sweep never races an install arriving at its edge.
    public var margin: Duration
    /// Rows per transaction: a batch of a few thousand holds SQLite's writer for milliseconds,
    /// and the sweep yields between batches so the redirect path's click batches go first.
    public var batchSize: Int

    public init(interval: Duration = .seconds(3600), margin: Duration = .seconds(3600), batchSize: Int = 2000) {
        self.interval = interval
        self.margin = margin
        self.batchSize = batchSize
    }

    /// The time before which an app's stored addresses are truncated.
    public func cutoff(windowHours: Int, now: Date) -> Date {
        now.addingTimeInterval(-(2 * TimeInterval(windowHours) * 3600 + TimeInterval(margin.components.seconds)))
    }

    /// The time before which referral address hashes are cleared: the fraud checks' look-back plus `margin`.
    func referralCutoff(now: Date) -> Date {
        now.addingTimeInterval(-(ReferralFraudChecks.addressLookBack + TimeInterval(margin.components.seconds)))
    }
}
