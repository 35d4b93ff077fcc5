import Foundation

/// Maps the engine's model posterior to the confidence it reports.
///
/// The model weighs signals as it knows them (joint frequencies, persistence, delays), but real
/// populations hold confusions no per-factor model sees: a household sharing a network, a phone
/// model and a city; a person's clicks on several links; strangers behind one carrier address.
/// How much those matter depends on how many clicks the window holds, so the map is a set of
/// monotone, piecewise-linear curves, one per click density, interpolated in the logarithm of the
/// window's click count. The curves are fitted on simulated populations (`landfall simulate
/// --fit-calibration`) and checked on others with different seeds, parameters and audiences.
public struct ConfidenceCalibration: Sendable, Hashable {
    /// One curve, for installs whose window holds about `clickCount` clicks of their platform.
    public struct Band: Sendable, Hashable {
        public var clickCount: Int
        /// (posterior, calibrated probability) knots, both in 0...1, non-decreasing in both.
        public var knots: [Knot]

        /// Knots are sorted by posterior and made non-decreasing; (0, 0) and (1, 1) are implied.
        public init(clickCount: Int, knots: [Knot]) {
            self.clickCount = max(1, clickCount)
            var sorted = knots.filter { (0...1).contains($0.posterior) && (0...1).contains($0.calibrated) }
                .sorted { $0.posterior < $1.posterior }
            for index in sorted.indices.dropFirst() where sorted[index].calibrated < sorted[index - 1].calibrated {
                sorted[index].calibrated = sorted[index - 1].calibrated
            }
            self.knots = sorted
        }

        /// The calibrated probability for a posterior, interpolated linearly between knots.
        public func calibrated(_ posterior: Double) -> Double {
            guard posterior.isFinite else { return 0 }
            let p = min(1, max(0, posterior))
            var lower = Knot(0, 0)
            for knot in knots + [Knot(1, 1)] {
                if p <= knot.posterior {
                    let span = knot.posterior - lower.posterior
                    guard span > 0 else { return knot.calibrated }
                    return lower.calibrated + (knot.calibrated - lower.calibrated) * (p - lower.posterior) / span
                }
                lower = knot
            }
            return 1
        }
    }

    public struct Knot: Sendable, Hashable {
        public var posterior: Double
        public var calibrated: Double

        public init(_ posterior: Double, _ calibrated: Double) {
            self.posterior = posterior
            self.calibrated = calibrated
        }
    }

    /// Sorted by click count.
    public var bands: [Band]

    public init(bands: [Band]) {
        self.bands = bands.sorted { $0.clickCount < $1.clickCount }
    }

    /// One curve for every density.
    public init(knots: [Knot]) {
        self.init(bands: [Band(clickCount: 1, knots: knots)])
    }

    /// The posterior unchanged.
    public static let identity = ConfidenceCalibration(bands: [])

    /// The calibrated probability for a posterior, for an install whose window holds
    /// `clickCount` clicks of its platform: the neighbouring bands' answers, interpolated in
    /// log(click count); the nearest band's outside their range.
    public func calibrated(_ posterior: Double, clickCount: Int = 1) -> Double {
        guard let first = bands.first, let last = bands.last else { return min(1, max(0, posterior.isFinite ? posterior : 0)) }
        let count = max(1, clickCount)
        if count <= first.clickCount { return first.calibrated(posterior) }
        if count >= last.clickCount { return last.calibrated(posterior) }
        for (lower, upper) in zip(bands, bands.dropFirst()) where count <= upper.clickCount {
            let span = log(Double(upper.clickCount)) - log(Double(lower.clickCount))
            let weight = span > 0 ? (log(Double(count)) - log(Double(lower.clickCount))) / span : 1
            return lower.calibrated(posterior) * (1 - weight) + upper.calibrated(posterior) * weight
        }
        return last.calibrated(posterior)
    }
}
