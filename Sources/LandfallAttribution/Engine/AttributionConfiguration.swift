import Foundation

/// The engine's knobs. The defaults are what the accuracy simulator calibrates against; change
/// them per app only with the simulator's calibration table in hand.
public struct AttributionConfiguration: Sendable, Hashable {
    /// Minimum confidence (a probability, 0-100) for a probabilistic match; below it the answer is organic.
    public var threshold: Int
    /// The share of installs that follow a click inside the window: the prior against "organic".
    public var clickedInstallShare: Double
    /// The same prior for the installs of one platform that reach the engine, i.e. that carried no
    /// click token. On Android the Play Install Referrer hands most clicked installs a token, so the
    /// token-less rest is far more often organic: with ~88% of installs clicked and ~85% of those
    /// carrying a token, (0.88 × 0.15) / (0.88 × 0.15 + 0.12) ≈ 0.5.
    public var clickedInstallShareByPlatform: [DevicePlatform: Double]
    /// For the same person, the probability that a factor still has the same value at install
    /// time as at click time (networks change between Wi-Fi and cellular; OS versions get updated).
    public var persistence: [Factor: Double]
    /// Click-to-install delay, a mixture of two log-normals: the share of people who install right
    /// away with its median and the spread of its logarithm, and (`delayMedian`, `delayLogSigma`)
    /// those who come back later, with a long tail.
    public var quickDelayShare: Double
    public var quickDelayMedian: TimeInterval
    public var quickDelayLogSigma: Double
    public var delayMedian: TimeInterval
    public var delayLogSigma: Double
    /// The network prefix's persistence right after the click; it decays over `ipPersistenceDecay`
    /// to `persistence[.ipPrefix]` (people move between Wi-Fi and cellular, carriers hand out new
    /// addresses per data session).
    public var ipPersistenceShort: Double
    public var ipPersistenceDecay: TimeInterval
    /// How many other clicks inside the window one person makes on average (re-clicks, other
    /// links): the odds that a click on the same device but another network is the same person.
    public var otherClicksPerPerson: Double
    /// How often a stranger on the install's network prefix is in its time zone too.
    public var sameNetworkTimezoneShare: Double
    /// Maps the model's posterior to the confidence reported, so that a stated 90 is right nine
    /// times in ten (see `ConfidenceCalibration`).
    public var calibration: ConfidenceCalibration
    /// The app's own correction of the calibrated confidence on this platform, read off its
    /// labelled installs (``LabelledCalibration``); nil applies none.
    public var labelledCalibration: LabelledCalibration?
    /// The average likelihood ratio of a window click that shares neither the network nor the
    /// device signature with the install (such clicks are never fetched, but they are there).
    public var unfetchedLikelihoodRatio: Double
    /// Of the weight an install's own click carries among the window's unfetched clicks, the part
    /// on clicks that share the install's screen, time zone and language (``OwnClickReach``):
    /// what lets the count of such look-alikes say whether the installer clicked at all. Nil
    /// weighs every unfetched click alike, as the defaults do.
    public var unfetchedLookAlikeShare: Double?
    /// For an install with `c` look-alikes among the unfetched clicks (index `c`; the last stands
    /// for every count above), how much likelier that count is when one of them is the installer's
    /// own than when none is: `P(c − 1) / P(c)` of the count strangers leave, learned from the
    /// app's own installs. Both this and `unfetchedLookAlikeShare` are needed for the count to weigh.
    public var unfetchedLookAlikeCountRatios: [Double]?
    /// The strangers' clicks to expect on the install's network when its counts show 0, 1, 2, …
    /// (``NetworkStrangers``), learned from the app's own installs. Nil takes the counts' own
    /// smoothing, as the defaults do.
    public var networkStrangers: [Double]?
    /// Platforms whose installs match only deterministically: Apple's App Store rules forbid
    /// fingerprinting, so an app may switch its iOS installs to click tokens alone.
    public var deterministicOnlyPlatforms: Set<DevicePlatform>

    public init(
        threshold: Int = 80,
        clickedInstallShare: Double = 0.85,
        clickedInstallShareByPlatform: [DevicePlatform: Double] = [.android: 0.5],
        persistence: [Factor: Double] = AttributionConfiguration.defaultPersistence,
        quickDelayShare: Double = 0.5,
        quickDelayMedian: TimeInterval = 4 * 60,
        quickDelayLogSigma: Double = 0.8,
        delayMedian: TimeInterval = 5 * 3600,
        delayLogSigma: Double = 2.0,
        ipPersistenceShort: Double = 0.75,
        ipPersistenceDecay: TimeInterval = 2 * 3600,
        sameNetworkTimezoneShare: Double = 0.9,
        otherClicksPerPerson: Double = 0.5,
        unfetchedLikelihoodRatio: Double = 0.002,
        unfetchedLookAlikeShare: Double? = nil,
        unfetchedLookAlikeCountRatios: [Double]? = nil,
        calibration: ConfidenceCalibration = .standard,
        deterministicOnlyPlatforms: Set<DevicePlatform> = []
    ) {
        self.threshold = threshold
        self.clickedInstallShare = clickedInstallShare
        self.clickedInstallShareByPlatform = clickedInstallShareByPlatform
        self.persistence = persistence
        self.quickDelayShare = quickDelayShare
        self.quickDelayMedian = quickDelayMedian
        self.quickDelayLogSigma = quickDelayLogSigma
        self.delayMedian = delayMedian
        self.delayLogSigma = delayLogSigma
        self.ipPersistenceShort = ipPersistenceShort
        self.ipPersistenceDecay = ipPersistenceDecay
        self.sameNetworkTimezoneShare = sameNetworkTimezoneShare
        self.otherClicksPerPerson = otherClicksPerPerson
        self.unfetchedLikelihoodRatio = unfetchedLikelihoodRatio
        self.unfetchedLookAlikeShare = unfetchedLookAlikeShare
        self.unfetchedLookAlikeCountRatios = unfetchedLookAlikeCountRatios
        self.calibration = calibration
        self.deterministicOnlyPlatforms = deterministicOnlyPlatforms
    }

    /// Whether installs of `platform` may be credited to a click on signals alone.
    public func matchesProbabilistically(_ platform: DevicePlatform) -> Bool {
        !deterministicOnlyPlatforms.contains(platform)
    }

    public static let defaultPersistence: [Factor: Double] = [
        .ipPrefix: 0.4,
        .osVersion: 0.97,
        .deviceModel: 0.98,
        .screen: 0.98,
        .timezone: 0.99,
        .language: 0.95,
    ]

    func persistence(of factor: Factor) -> Double {
        min(0.999, max(0.001, persistence[factor] ?? 0.9))
    }
}
