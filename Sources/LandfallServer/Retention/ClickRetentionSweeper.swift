import Foundation
import LandfallStore
import Logging
import ServiceLifecycle

/// Folds raw clicks and app opens past the click retention age into daily counts and deletes
/// them, every `interval`, in bounded batches (see ``ClickRetentionStorage`` for why a fold cut
/// short never loses or doubles a count), and counts each app's clicks of the days that are over
/// for the overview (``ClickDayTotalsStorage``).
public final class ClickRetentionSweeper: Service, Sendable {
    /// Rows folded by one sweep, by kind.
    public struct Sweep: Sendable, Hashable {
        public var clicks = 0
        public var appOpens = 0
        /// Of `clicks`, those folded by dropping whole monthly partitions (PostgreSQL).
        public var clicksInDroppedPartitions = 0
        /// Monthly partitions made ahead (PostgreSQL).
        public var partitionsMade: [String] = []
        /// The largest number of rows one transaction folded: at most the batch size.
        public var largestBatch = 0
        /// Days whose clicks were counted for the overview, and stale days counted again.
        public var dayTotals = ClickDayTotalsPass()

        public init() {}
    }

    let storage: any LandfallStorage
    let configuration: ClickRetentionConfiguration
    let logger: Logger
    let now: @Sendable () -> Date
    let schemaReady: SchemaGate?

    public init(
        storage: any LandfallStorage, configuration: ClickRetentionConfiguration, logger: Logger, now: @escaping @Sendable () -> Date,
        schemaReady: SchemaGate? = nil
    ) {
        self.storage = storage
        self.configuration = configuration
        self.logger = logger
        self.now = now
        self.schemaReady = schemaReady
    }

    /// The first sweep comes a minute after the schema check rather than an interval, so a server
    /// restarted by deploys more often than the interval still folds.
    public func run() async throws {
        if let schemaReady, await !cancelWhenGracefulShutdown({ await schemaReady.wait() }) { return }
        var wait = min(configuration.interval, .seconds(60))
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            let interval = wait
            guard (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }) != nil else { return }
            wait = configuration.interval
            do {
                let sweep = try await self.sweep()
                logger.debug(
                    "folded clicks past the retention age",
                    metadata: [
                        "clicks": "\(sweep.clicks)", "app_opens": "\(sweep.appOpens)", "largest_batch": "\(sweep.largestBatch)",
                        "clicks_in_dropped_partitions": "\(sweep.clicksInDroppedPartitions)",
                        "partitions_made": "\(sweep.partitionsMade.joined(separator: ","))",
                        "days_counted": "\(sweep.dayTotals.daysSealed)", "stale_days_recounted": "\(sweep.dayTotals.staleDaysRecounted)",
                    ])
            } catch {
                logger.error("folding old clicks failed; will retry", metadata: ["error": "\(String(reflecting: error))"])
            }
        }
    }

    /// Folds every app's rows past its cutoff, batch by batch, and says how many moved. Running it
    /// again at the same time folds nothing.
    @discardableResult
    public func sweep() async throws -> Sweep {
        let date = now()
        let limit = configuration.batchSize
        var sweep = Sweep()
        // Partitions first, and on their own: a click with no month lands in the default
        // partition, so a failure here (disk full, permissions) is logged and tried again next
        // sweep while redirects and the fold go on.
        do {
            let ahead = Calendar(identifier: .gregorian).date(byAdding: .month, value: configuration.monthsAhead, to: date) ?? date
            sweep.partitionsMade = try await storage.prepareClickPartitions(now: date, through: ahead)
        } catch {
            logger.error("making click partitions ahead failed; will retry", metadata: ["error": "\(String(reflecting: error))"])
        }
        // Counting the days that are over is independent of the fold: a failure is logged and
        // the overview reads those days raw until the next sweep counts them.
        do {
            sweep.dayTotals = try await storage.totalClickDays(before: ClickDayTotalsRule.horizon(now: date))
        } catch {
            logger.error("counting clicks per day failed; will retry", metadata: ["error": "\(String(reflecting: error))"])
        }
        let apps = try await ClickRetentionCheck.longestWindows(storage: storage)
        // A month is dropped whole only when every app's cutoff is past it; the row fold below
        // takes the rest, per app.
        if let earliest = apps.map({ configuration.cutoff(windowHours: $0.hours, now: date) }).min() {
            sweep.clicksInDroppedPartitions = try await storage.foldClickPartitions(endingBy: earliest)
            sweep.clicks += sweep.clicksInDroppedPartitions
        }
        for (app, hours) in apps where !Task.isShuttingDownGracefully {
            // The window is read again each sweep: an app whose window grew past the retention age
            // after start keeps its clicks for the window instead.
            let cutoff = configuration.cutoff(windowHours: hours, now: date)
            sweep.clicks += try await batches(into: &sweep) {
                try await self.storage.foldClicks(appId: app.id, clickedBefore: cutoff, limit: limit)
            }
            sweep.appOpens += try await batches(into: &sweep) {
                try await self.storage.foldAppOpens(appId: app.id, openedBefore: cutoff, limit: limit)
            }
        }
        return sweep
    }

    /// Runs `batch` until it folds fewer rows than the batch size, yielding (or pausing, when
    /// configured) between batches; a graceful shutdown ends it after the batch in progress (the
    /// next sweep takes up the rest).
    private func batches(into sweep: inout Sweep, _ batch: () async throws -> Int) async throws -> Int {
        var total = 0
        while true {
            try Task.checkCancellation()
            let folded = try await batch()
            total += folded
            sweep.largestBatch = max(sweep.largestBatch, folded)
            guard folded >= configuration.batchSize, !Task.isShuttingDownGracefully else { return total }
            if configuration.batchPause > .zero {
                try await Task.sleep(for: configuration.batchPause)
            } else {
                await Task.yield()
            }
        }
    }
}
