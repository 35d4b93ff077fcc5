import Foundation

/// What agreeing and disagreeing on each of the install's known factors is worth. It depends on
/// the install and the population only, so one decision computes it once for all its candidates.
///
/// A stranger's click agrees on a value as often as the value occurs among the app's recent
/// clicks. Factors that go together are weighed on their joint frequency: OS version with
/// screen (a few phone models carry most traffic, so 26.1 on a 1179×2556 screen is far more
/// common than the two shares multiplied), time zone with language (most people of one city
/// share both). The network prefix is weighed by how long ago the click was: a phone is still on
/// the same network minutes later far more often than days later.
struct FactorWeights {
    struct Single {
        var factor: Factor
        var installValue: String
        var share: Double
        var persistence: Double
    }

    /// A pair counted jointly: the four outcomes' likelihood ratios, and each factor alone for
    /// clicks that lack the other.
    struct Pair {
        var first: Single
        var second: Single
        var bothAgree: Double
        var onlyFirst: Double
        var onlySecond: Double
        var neither: Double
        /// How often a stranger's click shares both of the install's values.
        var jointShare: Double
    }

    var ip: Single?
    var singles: [Single] = []
    var pairs: [Pair] = []
    /// The time zone when the network prefix agrees: a prefix sits in one place, so a stranger
    /// on it shares the install's time zone nearly always (`sameNetworkTimezoneShare`), and the
    /// locale pair then weighs the language alone.
    var timezoneOnSameNetwork: Single?
    var languageOnSameNetwork: Single?
    let configuration: AttributionConfiguration

    init(install: InstallEvidence, population: some PopulationStatistics, configuration: AttributionConfiguration) {
        self.configuration = configuration
        let total = Double(max(population.clickCount, 1))
        let floor = 0.5 / (total + 1)
        func share(_ count: Int) -> Double { min(0.999, (Double(count) + 0.5) / (total + 1)) }
        func single(_ factor: Factor) -> Single? {
            guard let value = factor.value(of: install) else { return nil }
            return Single(
                factor: factor, installValue: value, share: share(population.count(of: factor, value: value)),
                persistence: configuration.persistence(of: factor)
            )
        }
        ip = single(.ipPrefix)
        if var timezone = single(.timezone) {
            timezone.share = max(timezone.share, min(0.999, configuration.sameNetworkTimezoneShare))
            timezoneOnSameNetwork = timezone
        }
        languageOnSameNetwork = single(.language)
        if let model = single(.deviceModel) { singles.append(model) }
        for (joint, first, second) in Factor.pairs {
            switch (single(first), single(second)) {
            case let (a?, b?):
                // Without a joint count (statistics kept before joint factors were counted) the
                // pair falls back to independence; the candidate itself is always counted.
                let jointCount = joint.value(of: install).map { population.count(of: joint, value: $0) } ?? 0
                var both = jointCount > 0 ? share(jointCount) : a.share * b.share
                both = min(both, a.share, b.share)
                let pa = a.persistence
                let pb = b.persistence
                pairs.append(Pair(
                    first: a, second: b,
                    bothAgree: pa * pb / max(floor, both),
                    onlyFirst: pa * (1 - pb) / max(floor, a.share - both),
                    onlySecond: (1 - pa) * pb / max(floor, b.share - both),
                    neither: (1 - pa) * (1 - pb) / max(floor, 1 - a.share - b.share + both),
                    jointShare: both
                ))
            case let (a?, nil): singles.append(a)
            case let (nil, b?): singles.append(b)
            case (nil, nil): break
            }
        }
    }

    /// How often a stranger's click shares the install's OS version, screen, time zone and
    /// language; nil unless the install has all four.
    var deviceAndLocaleShare: Double? {
        guard pairs.count == Factor.pairs.count else { return nil }
        return pairs.reduce(1) { $0 * $1.jointShare }
    }

    static func ratio(_ single: Single, agrees: Bool) -> Double {
        agrees ? single.persistence / single.share : (1 - single.persistence) / (1 - single.share)
    }

    /// The network's persistence after `delay`: from `ipPersistenceShort` right after the click
    /// down to `persistence[.ipPrefix]` over `ipPersistenceDecay`.
    func ipPersistence(after delay: TimeInterval) -> Double {
        let long = configuration.persistence(of: .ipPrefix)
        let short = min(0.999, max(long, configuration.ipPersistenceShort))
        return long + (short - long) * exp(-max(0, delay) / max(1, configuration.ipPersistenceDecay))
    }
}
