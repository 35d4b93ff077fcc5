import Foundation
import LandfallAttribution
import LandfallStore
import Logging
import ServiceLifecycle

/// Truncates the client addresses of clicks and installs that left their app's retention period
/// (see ``IPRetentionConfiguration``) to their /24 or /48, every `interval`, in bounded batches.
public final class IPRetentionSweeper: Service, Sendable {
    /// Rows changed by one sweep, by kind.
    public struct Sweep: Sendable, Hashable {
        public var redirectClicks = 0
        public var postedClicks = 0
        public var installs = 0
        public var networkStatistics = 0
        public var referralAddressHashes = 0
        /// The largest number of rows one transaction changed: at most the batch size.
        public var largestBatch = 0

        public init() {}

        /// Rows changed in all.
        public var total: Int { redirectClicks + postedClicks + installs + networkStatistics + referralAddressHashes }
    }

    let storage: any LandfallStorage
    let configuration: IPRetentionConfiguration
    let logger: Logger
    let now: @Sendable () -> Date
    let schemaReady: SchemaGate?

    public init(
        storage: any LandfallStorage, configuration: IPRetentionConfiguration, logger: Logger, now: @escaping @Sendable () -> Date,
        schemaReady: SchemaGate? = nil
    ) {
        self.storage = storage
        self.configuration = configuration
        self.logger = logger
        self.now = now
        self.schemaReady = schemaReady
    }

    /// The first sweep comes a minute after the schema check at start rather than an interval: a
    /// server restarted more often than the interval (by deploys) would otherwise never sweep.
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
                    "truncated expired client addresses",
                    metadata: [
                        "redirect_clicks": "\(sweep.redirectClicks)", "posted_clicks": "\(sweep.postedClicks)",
                        "installs": "\(sweep.installs)", "network_statistics": "\(sweep.networkStatistics)",
                        "referral_address_hashes": "\(sweep.referralAddressHashes)",
                    ])
            } catch {
                logger.error("truncating expired client addresses failed; will retry", metadata: ["error": "\(String(reflecting: error))"])
            }
        }
    }

    /// Truncates every address past its app's retention period, batch by batch, and says how many
    /// rows changed. Running it again at the same time changes nothing.
    @discardableResult
    public func sweep() async throws -> Sweep {
        let date = now()
        let limit = configuration.batchSize
        let reduce: @Sendable (String) -> String? = { IPAddressTruncation.network(of: $0) }
        var sweep = Sweep()
        for app in try await storage.listApps() where !Task.isShuttingDownGracefully {
            let cutoff = configuration.cutoff(windowHours: app.settings.attributionWindowHours, now: date)
            sweep.redirectClicks += try await batches(into: &sweep) {
                try await self.storage.reduceRedirectClickAddresses(appId: app.id, clickedBefore: cutoff, limit: limit, reduce: reduce)
            }
            sweep.postedClicks += try await batches(into: &sweep) {
                try await self.storage.reducePostedClickAddresses(appId: app.id, clickedBefore: cutoff, limit: limit, reduce: reduce)
            }
            sweep.installs += try await batches(into: &sweep) {
                try await self.storage.reduceInstallAddresses(appId: app.id, createdBefore: cutoff, limit: limit, reduce: reduce)
            }
            let day = ClickStatistics.day(of: cutoff)
            sweep.networkStatistics += try await batches(into: &sweep) {
                try await self.storage.deleteIPv6NetworkStatistics(appId: app.id, beforeDay: day, limit: limit)
            }
            let referralCutoff = configuration.referralCutoff(now: date)
            sweep.referralAddressHashes += try await batches(into: &sweep) {
                try await self.storage.clearReferralAddressHashes(appId: app.id, createdBefore: referralCutoff, limit: limit)
            }
        }
        return sweep
    }

    /// Runs `batch` until it changes fewer rows than the batch size, yielding between batches; a
    /// graceful shutdown ends it after the batch in progress (the next sweep takes up the rest).
    private func batches(into sweep: inout Sweep, _ batch: () async throws -> Int) async throws -> Int {
        var total = 0
        while true {
            try Task.checkCancellation()
            let changed = try await batch()
            total += changed
            sweep.largestBatch = max(sweep.largestBatch, changed)
            guard changed >= configuration.batchSize, !Task.isShuttingDownGracefully else { return total }
            await Task.yield()
        }
    }
}
