import Foundation
import LandfallAttribution

/// The second baseline: a plain likelihood-ratio matcher, what a careful engineer writes first.
///
/// Each factor (network prefix, OS version, model, screen, time zone, full language tag) is an
/// independent likelihood ratio, persistence over population share when it agrees, the
/// complements when it does not; the delay is one log-normal against a uniform one over the
/// window; the best candidate's ratio is weighed against every candidate and the organic prior.
/// No joint frequencies, no delay-dependent network persistence, no region tolerance, no
/// grouping of one device's repeated clicks, no calibration. It scores the same candidates the
/// engine fetched, with the same evidence, so the difference is the scoring alone.
public struct LikelihoodRatioBaseline: Sendable {
    public static let name = "Plain likelihood ratio"
    public var threshold: Double = 80
    public var delayMedian: TimeInterval = 30 * 60
    public var delayLogSigma = 2.0
    public var clickedInstallShare = 0.85
    public var persistence: [Factor: Double] = [
        .ipPrefix: 0.6, .osVersion: 0.97, .deviceModel: 0.98, .screen: 0.98, .timezone: 0.99, .language: 0.95,
    ]

    public init() {}

    static let factors: [Factor] = [.ipPrefix, .osVersion, .deviceModel, .screen, .timezone]

    /// The best candidate's index and its probability (0-1), or nil without candidates.
    public func best(
        install: InstallEvidence, candidates: [ClickEvidence], population: some PopulationStatistics,
        languageCounts: (String) -> Int, window: TimeInterval
    ) -> (index: Int, probability: Double)? {
        let eligible = candidates.indices.filter { index in
            let delay = install.reportedAt.timeIntervalSince(candidates[index].clickedAt)
            return candidates[index].platform == install.platform && delay > 0 && delay <= window
        }
        guard !eligible.isEmpty else { return nil }
        let total = Double(max(population.clickCount, eligible.count))
        func share(_ count: Int) -> Double { min(0.999, (Double(count) + 0.5) / (total + 1)) }
        var terms: [(Factor, String, Double, Double)] = []
        for factor in Self.factors {
            guard let value = factor.value(of: install) else { continue }
            terms.append((factor, value, share(population.count(of: factor, value: value)), persistence[factor] ?? 0.9))
        }
        let language = install.language.map { ($0, share(languageCounts($0)), persistence[.language] ?? 0.95) }
        var ratios: [Double] = []
        for index in eligible {
            let click = candidates[index]
            var ratio = 1.0
            for (factor, value, share, persistence) in terms {
                guard let clickValue = factor.value(of: click) else { continue }
                ratio *= clickValue == value ? persistence / share : (1 - persistence) / (1 - share)
            }
            if let (value, share, persistence) = language, let clickValue = click.language {
                ratio *= clickValue == value ? persistence / share : (1 - persistence) / (1 - share)
            }
            ratio *= delayRatio(install.reportedAt.timeIntervalSince(click.clickedAt), window: window)
            ratios.append(ratio)
        }
        let prior = min(0.999, max(0.001, clickedInstallShare))
        let background = total * (1 - prior) / prior
        let evidence = ratios.reduce(0, +)
        guard let best = ratios.indices.max(by: { ratios[$0] < ratios[$1] }), evidence.isFinite else { return nil }
        return (eligible[best], ratios[best] / (background + evidence))
    }

    func delayRatio(_ delay: TimeInterval, window: TimeInterval) -> Double {
        let sigma = max(0.1, delayLogSigma)
        let z = (log(delay) - log(delayMedian)) / sigma
        return exp(-0.5 * z * z) / (delay * sigma * (2 * Double.pi).squareRoot()) * window
    }
}
