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
    /// Median click-to-install delay and the spread of its logarithm (log-normal).
    public var delayMedian: TimeInterval
    public var delayLogSigma: Double
    /// The average likelihood ratio of a window click that shares neither the network nor the
    /// device signature with the install (such clicks are never fetched, but they are there).
    public var unfetchedLikelihoodRatio: Double

    public init(
        threshold: Int = 80,
        clickedInstallShare: Double = 0.85,
        clickedInstallShareByPlatform: [DevicePlatform: Double] = [.android: 0.5],
        persistence: [Factor: Double] = AttributionConfiguration.defaultPersistence,
        delayMedian: TimeInterval = 30 * 60,
        delayLogSigma: Double = 2.0,
        unfetchedLikelihoodRatio: Double = 0.002
    ) {
        self.threshold = threshold
        self.clickedInstallShare = clickedInstallShare
        self.clickedInstallShareByPlatform = clickedInstallShareByPlatform
        self.persistence = persistence
        self.delayMedian = delayMedian
        self.delayLogSigma = delayLogSigma
        self.unfetchedLikelihoodRatio = unfetchedLikelihoodRatio
    }

    public static let defaultPersistence: [Factor: Double] = [
        .ipPrefix: 0.6,
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
