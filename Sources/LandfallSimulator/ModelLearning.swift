import Foundation
import LandfallAttribution

/// How the simulated server learns each platform's model: as the server's background fit does,
/// refitting on the most recent installs whenever ``RefitRule`` says the app is due, each fit
/// starting from the defaults.
public struct ModelLearning: Sendable, Hashable {
    /// When a fit is due, counted in installs as the server counts them.
    public var refit: RefitRule
    /// The most recent installs of a platform one fit reads.
    public var maximumObservations: Int
    /// The precision the app asks for: each fit picks the cut that delivers it by its estimate.
    public var targetPrecision: Double?
    /// Whether each fit learns to weigh look-alikes among the unfetched clicks
    /// (``AttributionModelFit/weighsLookAlikeCounts``), as the server's do.
    public var weighsLookAlikeCounts = true
    /// Whether each fit corrects the stated confidence from the labelled installs
    /// (``AttributionModelFit/learnsLabelledCalibration``), as the server's do.
    public var learnsLabelledCalibration = true
    /// Whether each fit learns the strangers a quiet network hides
    /// (``AttributionModelFit/learnsNetworkStrangers``); the server's do not.
    public var learnsNetworkStrangers = false

    public init(refit: RefitRule = RefitRule(), maximumObservations: Int = 5_000, targetPrecision: Double? = 0.95) {
        self.targetPrecision = targetPrecision
        self.refit = refit
        self.maximumObservations = maximumObservations
    }
}

/// The learning's state while a population runs.
struct LearningState {
    let schedule: ModelLearning
    let base: AttributionConfiguration
    private var observations: [DevicePlatform: [MatchObservation]] = [:]
    private(set) var learned: [DevicePlatform: LearnedParameters] = [:]
    /// The cut for the target precision, by platform, once a fit has chosen one.
    private(set) var cuts: [DevicePlatform: Int] = [:]
    /// Wall-clock seconds of each platform fit (the fit alone, as the server's service runs it).
    private(set) var fitSeconds: [Double] = []
    /// Installs so far, every one whether it taught the model or not (the server counts its
    /// installs table), and the count at the last fit.
    private var installs = 0
    private var installsAtLastFit = 0

    init(schedule: ModelLearning, base: AttributionConfiguration) {
        self.schedule = schedule
        self.base = base
    }

    /// The engine's configuration for an install of `platform` now.
    func configuration(for platform: DevicePlatform) -> AttributionConfiguration {
        learned[platform].map { $0.applied(to: base, platform: platform) } ?? base
    }

    /// Counts an install once it is decided and stored; refits when that makes the app due, so
    /// the next install is decided on the new fit, as on a server whose fit follows the installs.
    mutating func countInstall() {
        installs += 1
        guard schedule.refit.isDue(installs: installs, lastTried: installsAtLastFit) else { return }
        installsAtLastFit = installs
        refit()
    }

    /// Keeps what the engine saw of an install for the fits to come.
    mutating func observe(_ observation: MatchObservation) {
        observations[observation.platform, default: []].append(observation)
        if let count = observations[observation.platform]?.count, count > schedule.maximumObservations * 2 {
            observations[observation.platform]?.removeFirst(count - schedule.maximumObservations)
        }
    }

    private mutating func refit() {
        var fit = AttributionModelFit(base: base)
        fit.weighsLookAlikeCounts = schedule.weighsLookAlikeCounts
        fit.learnsLabelledCalibration = schedule.learnsLabelledCalibration
        fit.learnsNetworkStrangers = schedule.learnsNetworkStrangers
        for (platform, all) in observations where all.count >= schedule.refit.minimumObservations {
            let recent = Array(all.suffix(schedule.maximumObservations))
            let started = Date()
            let parameters = fit.fit(recent, platform: platform)
            fitSeconds.append(Date().timeIntervalSince(started))
            guard parameters.isUsable else { continue }
            learned[platform] = parameters
            if let target = schedule.targetPrecision {
                let estimate = OperatingEstimate(observations: recent, configuration: parameters.applied(to: base, platform: platform))
                cuts[platform] = estimate.threshold(forPrecision: target) ?? 100
            }
        }
    }
}
