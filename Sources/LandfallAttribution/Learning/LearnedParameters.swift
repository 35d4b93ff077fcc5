import Foundation

/// The numbers of the engine that differ most from app to app, as learned from one app's own
/// installs on one platform (see ``AttributionModelFit``).
public struct LearnedParameters: Sendable, Hashable, Codable {
    /// The share of token-less installs that follow a click in the window.
    public var clickedInstallShare: Double
    public var delay: DelayModel
    /// For each factor (by its raw name), how often one person's value is the same at the
    /// install as at the click.
    public var persistence: [String: Double]
    /// The network prefix's persistence right after the click (`persistence["ip"]` is the
    /// persistence once the decay has run).
    public var ipPersistenceShort: Double
    /// How much each window click the indexes did not fetch weighs as the install's own: one less
    /// the reach of the indexes (``OwnClickReach``). Nil in models fitted before it was learned.
    public var unfetchedLikelihoodRatio: Double?
    /// Of that weight, the part on clicks that look like the install's device (screen, time zone
    /// and language: ``OwnClickReach/lookAlikeShare(signatureShare:lookAlikePersistence:osVersionPersistence:)``).
    /// Nil in models fitted before it was learned, and wherever the reach is the defaults'.
    public var unfetchedLookAlikeShare: Double?
    /// How much likelier each count of look-alikes among the unfetched clicks is with the
    /// installer's own among them (``AttributionConfiguration/unfetchedLookAlikeCountRatios``).
    public var unfetchedLookAlikeCountRatios: [Double]?
    /// The strangers' clicks to expect on the install's network for each count its window shows
    /// there (``NetworkStrangers``). Nil in models fitted before it was learned.
    public var networkStrangers: [Double]?
    /// The correction of the stated confidence read off the labelled installs; nil without
    /// enough of them, and in models fitted before it was learned.
    public var labelledCalibration: LabelledCalibration?
    /// How much of each estimate is the app's own data rather than the defaults it started from.
    public var evidence: Evidence

    public struct Evidence: Sendable, Hashable, Codable {
        /// Installs the fit read, and of those the labelled (click token) and token-less ones.
        public var installs: Int
        public var labelled: Int
        public var tokenless: Int
        /// The weight of click-install pairs behind the delay model (a labelled pair counts one,
        /// an unlabelled one its probability).
        public var delayPairs: Double
        /// The weight behind each factor's persistence, by factor name.
        public var persistencePairs: [String: Double]
        /// Candidates on installs' networks that the reach of the indexes was read from (nil in
        /// models fitted before it was learned).
        public var networkCandidates: Int?
        /// Expectation-maximisation rounds run, and whether they converged.
        public var iterations: Int
        public var converged: Bool

        public init(
            installs: Int = 0, labelled: Int = 0, tokenless: Int = 0, delayPairs: Double = 0, persistencePairs: [String: Double] = [:],
            iterations: Int = 0, converged: Bool = false
        ) {
            self.installs = installs
            self.labelled = labelled
            self.tokenless = tokenless
            self.delayPairs = delayPairs
            self.persistencePairs = persistencePairs
            self.iterations = iterations
            self.converged = converged
        }
    }

    public init(
        clickedInstallShare: Double, delay: DelayModel, persistence: [String: Double], ipPersistenceShort: Double,
        unfetchedLikelihoodRatio: Double? = nil, unfetchedLookAlikeShare: Double? = nil, evidence: Evidence
    ) {
        self.unfetchedLikelihoodRatio = unfetchedLikelihoodRatio
        self.unfetchedLookAlikeShare = unfetchedLookAlikeShare
        self.clickedInstallShare = clickedInstallShare
        self.delay = delay
        self.persistence = persistence
        self.ipPersistenceShort = ipPersistenceShort
        self.evidence = evidence
    }

    /// What `configuration` says for `platform`, with no evidence of its own.
    public init(defaults configuration: AttributionConfiguration, platform: DevicePlatform) {
        clickedInstallShare = configuration.clickedInstallShareByPlatform[platform] ?? configuration.clickedInstallShare
        delay = configuration.delayModel
        persistence = Dictionary(
            uniqueKeysWithValues: AttributionModelFit.learnedFactors.map { ($0.rawValue, configuration.persistence(of: $0)) })
        ipPersistenceShort = configuration.ipPersistenceShort
        unfetchedLikelihoodRatio = configuration.unfetchedLikelihoodRatio
        unfetchedLookAlikeShare = configuration.unfetchedLookAlikeShare
        unfetchedLookAlikeCountRatios = configuration.unfetchedLookAlikeCountRatios
        networkStrangers = configuration.networkStrangers
        evidence = Evidence()
    }

    /// Whether every number is a usable probability or duration: a fit that produced anything
    /// else is discarded, never applied.
    public var isUsable: Bool {
        let probabilities =
            [clickedInstallShare, delay.quickShare, ipPersistenceShort] + Array(persistence.values)
            + (unfetchedLikelihoodRatio.map { [$0] } ?? []) + (unfetchedLookAlikeShare.map { [$0] } ?? [])
        let durations = [delay.quickMedian, delay.slowMedian, delay.quickLogSigma, delay.slowLogSigma]
        let ratios = unfetchedLookAlikeCountRatios ?? []
        let strangers = networkStrangers ?? []
        return probabilities.allSatisfy { $0.isFinite && $0 > 0 && $0 < 1 } && durations.allSatisfy { $0.isFinite && $0 > 0 }
            && ratios.allSatisfy { $0.isFinite && $0 >= 0 } && strangers.allSatisfy { $0.isFinite && $0 > 0 }
            && (labelledCalibration?.isUsable ?? true)
    }

    /// The configuration with these numbers for `platform`'s installs.
    public func applied(to configuration: AttributionConfiguration, platform: DevicePlatform) -> AttributionConfiguration {
        var configuration = configuration
        configuration.clickedInstallShareByPlatform[platform] = clickedInstallShare
        configuration.delayModel = delay
        for (name, value) in persistence {
            if let factor = Factor(rawValue: name) { configuration.persistence[factor] = value }
        }
        configuration.ipPersistenceShort = ipPersistenceShort
        if let unfetchedLikelihoodRatio { configuration.unfetchedLikelihoodRatio = unfetchedLikelihoodRatio }
        configuration.unfetchedLookAlikeShare = unfetchedLookAlikeShare
        configuration.unfetchedLookAlikeCountRatios = unfetchedLookAlikeCountRatios
        configuration.networkStrangers = networkStrangers
        configuration.labelledCalibration = labelledCalibration
        return configuration
    }
}
