import Foundation

/// How large a worst calibration gap chance alone gives: the same deciles, the same installs in
/// each, every stated probability exactly true.
///
/// The target reads "no decile with at least 50 installs more than 5 points off". A decile of 50
/// installs at 55 % has a standard error of 7 points on its own, so a perfectly calibrated engine
/// misses that target in many runs; a run's worst gap says little until it is set beside the worst
/// gap calibrated runs of the same shape give. Each decile's right answers are drawn as a binomial
/// at its mean stated probability (within a 10-point decile that is the installs' own
/// Poisson-binomial to within 1 % of its variance), the worst gap over the qualifying deciles is
/// taken, and the draw repeated.
public struct CalibrationChance: Sendable, Hashable, Encodable {
    /// The run's own worst gap, in points.
    public var observedWorst: Double
    /// The median worst gap of calibrated runs of this shape, in points.
    public var medianByChance: Double
    /// The worst gap 95 % of calibrated runs of this shape stay under, in points.
    public var percentile95ByChance: Double
    /// The share of calibrated runs whose worst gap is at least the observed one: below 0.05 the
    /// run's miss is more than chance gives.
    public var pValue: Double
    /// The share of calibrated runs that would meet the 5-point target.
    public var calibratedRunsWithin5: Double
    /// The same deciles' squared gaps, each over its own sampling variance, summed (Hosmer and
    /// Lemeshow's statistic, computed over the deciles with at least the minimum count).
    public var squaredGaps: Double
    /// The share of calibrated runs whose summed squared gaps are at least the run's: where the
    /// worst gap's test misses a bias spread thinly over every decile, this one finds it.
    public var squaredGapsPValue: Double

    public init(
        observedWorst: Double, medianByChance: Double, percentile95ByChance: Double, pValue: Double, calibratedRunsWithin5: Double,
        squaredGaps: Double, squaredGapsPValue: Double
    ) {
        self.observedWorst = observedWorst
        self.medianByChance = medianByChance
        self.percentile95ByChance = percentile95ByChance
        self.pValue = pValue
        self.calibratedRunsWithin5 = calibratedRunsWithin5
        self.squaredGaps = squaredGaps
        self.squaredGapsPValue = squaredGapsPValue
    }

    /// The worst gap of `buckets` (those with at least `minimumCount` installs) against `draws`
    /// calibrated runs of the same shape; nil when no bucket qualifies. Seeded, so a report prints
    /// the same figures every time.
    public static func of(_ buckets: [CalibrationBucket], minimumCount: Int = 50, draws: Int = 4_000, seed: UInt64 = 1) -> Self? {
        let qualifying = buckets.filter { $0.count >= minimumCount }
        guard !qualifying.isEmpty, draws > 0 else { return nil }
        let observed = qualifying.map { abs($0.gap) }.max() ?? 0
        let observedSquared = squaredGaps(qualifying.map { ($0, $0.observed) })
        let samplers = qualifying.map { BinomialSampler(trials: $0.count, probability: min(1, max(0, $0.meanPredicted / 100))) }
        var generator = SeededGenerator(seed: seed, stream: "calibration-chance")
        var worstGaps: [Double] = []
        var squaredGapsByChance: [Double] = []
        worstGaps.reserveCapacity(draws)
        squaredGapsByChance.reserveCapacity(draws)
        for _ in 0..<draws {
            let drawn = zip(qualifying, samplers).map { bucket, sampler in
                (bucket, 100 * Double(sampler.draw(generator.unit())) / Double(bucket.count))
            }
            worstGaps.append(drawn.map { abs($0.1 - $0.0.meanPredicted) }.max() ?? 0)
            squaredGapsByChance.append(squaredGaps(drawn))
        }
        worstGaps.sort()
        // A gap equal to the observed one counts as at least as bad; the tiny tolerance keeps a
        // gap printed from the same counts from falling just under itself in floating point.
        let atLeast = worstGaps.count { $0 >= observed - 1e-9 }
        return CalibrationChance(
            observedWorst: observed, medianByChance: quantile(worstGaps, 0.5), percentile95ByChance: quantile(worstGaps, 0.95),
            pValue: Double(atLeast) / Double(draws), calibratedRunsWithin5: Double(worstGaps.count { $0 <= 5 }) / Double(draws),
            squaredGaps: observedSquared,
            squaredGapsPValue: Double(squaredGapsByChance.count { $0 >= observedSquared - 1e-9 }) / Double(draws)
        )
    }

    /// Σ (observed − predicted)² / variance over the deciles, with observed and predicted as
    /// shares; a decile stated at 0 or 1 has no spread and adds nothing.
    private static func squaredGaps(_ deciles: [(bucket: CalibrationBucket, observed: Double)]) -> Double {
        deciles.reduce(0) { sum, decile in
            let predicted = decile.bucket.meanPredicted / 100
            let variance = predicted * (1 - predicted) / Double(decile.bucket.count)
            guard variance > 0 else { return sum }
            let gap = decile.observed / 100 - predicted
            return sum + gap * gap / variance
        }
    }

    /// The `q` quantile of sorted values, the nearest rank below.
    private static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        sorted[min(sorted.count - 1, max(0, Int((Double(sorted.count) * q).rounded(.down))))]
    }
}

/// Draws from a binomial by inverting its cumulative distribution, tabulated once: exact at any
/// size, a binary search per draw.
struct BinomialSampler {
    private let cumulative: [Double]

    init(trials: Int, probability: Double) {
        guard trials > 0, probability > 0, probability < 1 else {
            // Every trial fails or every one succeeds.
            cumulative = probability >= 1 && trials > 0 ? Array(repeating: 0, count: trials) + [1] : [1]
            return
        }
        // Log space: 0.5^2000 underflows a double.
        let logP = log(probability)
        let logQ = log1p(-probability)
        var logChoose = 0.0
        var masses: [Double] = []
        masses.reserveCapacity(trials + 1)
        for successes in 0...trials {
            if successes > 0 { logChoose += log(Double(trials - successes + 1)) - log(Double(successes)) }
            masses.append(exp(logChoose + Double(successes) * logP + Double(trials - successes) * logQ))
        }
        var running = 0.0
        var table = masses.map { mass -> Double in
            running += mass
            return running
        }
        table[table.count - 1] = 1
        cumulative = table
    }

    /// The number of successes for a uniform draw in [0, 1).
    func draw(_ uniform: Double) -> Int {
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] > uniform { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
