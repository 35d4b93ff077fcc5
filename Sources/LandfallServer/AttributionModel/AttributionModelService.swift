import Dispatch
import Foundation
import LandfallAttribution
import LandfallStore
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle

/// Learns each app's attribution model from its own installs, in the background.
///
/// Every `interval` it reads the stored models into memory (so every server on one database
/// applies the same ones) and refits the apps that have gained enough installs since their last
/// fit: the newest `maximumObservations` installs of each platform, each fit starting from the
/// server's defaults (see `AttributionModelFit`). A fit runs on a thread of its own, never on an
/// install's request, and a fit that fails or yields unusable numbers leaves the last model in place.
public final class AttributionModelService: Service, Sendable {
    public struct Schedule: Sendable {
        public var interval: Duration = .seconds(10)
        /// How often the installs noted in memory are looked at between rounds.
        public var poll: Duration = .milliseconds(500)
        /// When an app is due: its first fit, and how many new installs make a refit due.
        public var refit = RefitRule()
        public var maximumObservations = 5_000
        /// Off: no fit runs and no stored model is applied; every app is decided on the defaults.
        public var learns = true
        /// Off: the fit leaves out the correction of the stated confidence read from labelled
        /// installs (`LabelledCalibration`), so the correction can be measured through the live path.
        public var correctsConfidenceFromLabels = true

        public init() {}
    }

    private let storage: any LandfallStorage
    private let base: AttributionConfiguration
    private let schedule: Schedule
    private let logger: Logger
    private let now: @Sendable () -> Date
    private let schemaReady: SchemaGate?
    let cache: AttributionModelCache
    /// Install counts at which this server last tried each app, so an app whose platforms all
    /// lack enough observations is not read again every round.
    private let attempted = NIOLockedValueBox<[String: Int]>([:])

    public init(
        storage: any LandfallStorage, base: AttributionConfiguration, schedule: Schedule, cache: AttributionModelCache, logger: Logger,
        now: @escaping @Sendable () -> Date, schemaReady: SchemaGate? = nil
    ) {
        self.storage = storage
        self.base = base
        self.schedule = schedule
        self.cache = cache
        self.logger = logger
        self.now = now
        self.schemaReady = schemaReady
    }

    public func run() async throws {
        // Off, it has nothing to do, but a service that returns early ends the whole service group.
        guard schedule.learns else {
            try? await gracefulShutdown()
            return
        }
        if let schemaReady, await !cancelWhenGracefulShutdown({ await schemaReady.wait() }) { return }
        var lastRound: ContinuousClock.Instant?
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            // A round every `interval`, and sooner when this server has stored enough installs of
            // an app to make a refit due: an app's first hour of traffic should not be decided
            // on defaults for longer than its first few dozen installs.
            let due = lastRound.map { ContinuousClock.now - $0 >= schedule.interval } ?? true
            if due || cache.takeBusyApps(minimum: schedule.refit.minimumNewInstalls) {
                lastRound = ContinuousClock.now
                do {
                    try await refitDue()
                } catch {
                    logger.error("attribution model fit failed; the last models stay", metadata: ["error": "\(String(reflecting: error))"])
                }
            }
            let poll = schedule.poll
            guard (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: poll) }) != nil else { return }
        }
    }

    /// Reads the stored models, then fits every app that is due; returns the apps it refitted.
    @discardableResult
    public func refitDue() async throws -> [String] {
        guard schedule.learns else { return [] }
        let stored = try await storage.allAttributionModels()
        cache.replaceAll(with: stored)
        var lastFit: [String: Int] = [:]
        for model in stored { lastFit[model.appId] = max(lastFit[model.appId] ?? 0, model.installsAtFit) }
        var refitted: [String] = []
        for (appId, installs) in try await storage.installCounts().sorted(by: { $0.key < $1.key }) {
            if Task.isShuttingDownGracefully { break }
            let seen = max(lastFit[appId] ?? 0, attempted.withLockedValue { $0[appId] ?? 0 })
            guard schedule.refit.isDue(installs: installs, lastTried: seen) else { continue }
            attempted.withLockedValue { $0[appId] = installs }
            try await refit(appId: appId, installs: installs)
            refitted.append(appId)
        }
        return refitted
    }

    /// Fits every platform of the app that has enough observations, and stores the models.
    public func refit(appId: String, installs: Int) async throws {
        for platform in DevicePlatform.allCases {
            let texts = try await storage.matchObservations(appId: appId, platform: platform.rawValue, limit: schedule.maximumObservations)
            let observations = texts.compactMap(MatchObservation.init(text:)).filter { $0.platform == platform }
            guard observations.count >= schedule.refit.minimumObservations else { continue }
            let started = ContinuousClock.now
            var fit = AttributionModelFit(base: base)
            fit.learnsLabelledCalibration = schedule.correctsConfidenceFromLabels
            let model = await Self.offPool { [fit, base] () -> AppAttributionModel? in
                let parameters = fit.fit(observations, platform: platform)
                guard parameters.isUsable else { return nil }
                let estimate = OperatingEstimate(
                    observations: observations, configuration: parameters.applied(to: base, platform: platform))
                return AppAttributionModel(parameters: parameters, estimate: estimate)
            }
            guard let model else {
                logger.warning(
                    "attribution model fit gave unusable numbers; the last model stays",
                    metadata: [
                        "app": "\(appId)", "platform": "\(platform.rawValue)", "installs": "\(observations.count)",
                    ])
                continue
            }
            try await storage.saveAttributionModel(
                StoredAttributionModel(
                    appId: appId, platform: platform.rawValue, parameters: try AttributionModelCache.encode(model), fittedAt: now(),
                    installsAtFit: installs
                ))
            cache.store(model, appId: appId, platform: platform)
            logger.info(
                "attribution model fitted",
                metadata: [
                    "app": "\(appId)", "platform": "\(platform.rawValue)", "installs": "\(observations.count)",
                    "clickedShare": "\(model.parameters.clickedInstallShare)", "iterations": "\(model.parameters.evidence.iterations)",
                    "duration": "\(ContinuousClock.now - started)",
                ])
        }
    }

    /// Runs CPU-bound work on a dispatch thread, so a fit of thousands of installs never holds one
    /// of the cooperative threads that serve requests.
    static func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .utility).async { continuation.resume(returning: work()) }
        }
    }
}
