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
    /// What a band's knots map.
    public enum Scale: Sendable, Hashable {
        /// Posterior to probability, both in 0...1.
        case posterior
        /// The evidence's log-odds to calibrated log-odds: the posterior's log-odds less the app's
        /// clicked prior's, the part the candidates' agreements and delays said. A curve over
        /// probabilities fitted on apps with few organic installs over-corrects one with many,
        /// because one posterior stands for much more evidence where the prior is low; a curve over
        /// the evidence holds across organic shares, and the app's own prior is added back after it.
        case evidence
    }

    /// One curve, for installs whose window holds about `clickCount` clicks of their platform.
    public struct Band: Sendable, Hashable {
        public var clickCount: Int
        public var scale: Scale
        /// (posterior, calibrated probability) knots, both in 0...1, or (evidence log-odds,
        /// calibrated log-odds) knots on the evidence scale; non-decreasing in both.
        public var knots: [Knot]

        /// Knots are sorted by their first value and made non-decreasing; on the posterior scale
        /// (0, 0) and (1, 1) are implied, on the evidence scale the end knots' shifts hold beyond them.
        public init(clickCount: Int, scale: Scale = .posterior, knots: [Knot]) {
            self.clickCount = max(1, clickCount)
            self.scale = scale
            var sorted =
                switch scale {
                case .posterior: knots.filter { (0...1).contains($0.posterior) && (0...1).contains($0.calibrated) }
                case .evidence: knots.filter { $0.posterior.isFinite && $0.calibrated.isFinite }
                }
            sorted.sort { $0.posterior < $1.posterior }
            for index in sorted.indices.dropFirst() where sorted[index].calibrated < sorted[index - 1].calibrated {
                sorted[index].calibrated = sorted[index - 1].calibrated
            }
            self.knots = sorted
        }

        /// The calibrated probability for a posterior, interpolated linearly between knots; on the
        /// evidence scale, for an install of an app whose clicked prior is `clickedPrior`.
        public func calibrated(_ posterior: Double, clickedPrior: Double = 0.5) -> Double {
            guard posterior.isFinite else { return 0 }
            let p = min(1, max(0, posterior))
            switch scale {
            case .posterior: return Self.interpolated(p, knots: [Knot(0, 0)] + knots + [Knot(1, 1)])
            case .evidence:
                guard let first = knots.first, let last = knots.last else { return p }
                let priorOdds = Self.logOdds(clickedPrior)
                let evidence = Self.logOdds(p) - priorOdds
                let calibrated =
                    evidence <= first.posterior
                    ? evidence + first.calibrated - first.posterior
                    : evidence >= last.posterior ? evidence + last.calibrated - last.posterior : Self.interpolated(evidence, knots: knots)
                return 1 / (1 + exp(-(calibrated + priorOdds)))
            }
        }

        /// Log-odds, bounded so that 0 and 1 stay finite.
        public static func logOdds(_ probability: Double) -> Double {
            let p = min(1 - 1e-6, max(1e-6, probability))
            return log(p / (1 - p))
        }

        /// Linear between sorted knots, the end knots' values beyond them.
        static func interpolated(_ x: Double, knots: [Knot]) -> Double {
            guard var lower = knots.first else { return x }
            if x <= lower.posterior { return lower.calibrated }
            for knot in knots.dropFirst() {
                if x <= knot.posterior {
                    let span = knot.posterior - lower.posterior
                    guard span > 0 else { return knot.calibrated }
                    return lower.calibrated + (knot.calibrated - lower.calibrated) * (x - lower.posterior) / span
                }
                lower = knot
            }
            return lower.calibrated
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
    /// `clickCount` clicks of its platform, of an app whose clicked prior is `clickedPrior` (read
    /// by evidence-scale bands only): the neighbouring bands' answers, interpolated in
    /// log(click count); the nearest band's outside their range.
    public func calibrated(_ posterior: Double, clickCount: Int = 1, clickedPrior: Double = 0.5) -> Double {
        guard let first = bands.first, let last = bands.last else { return min(1, max(0, posterior.isFinite ? posterior : 0)) }
        let count = max(1, clickCount)
        if count <= first.clickCount { return first.calibrated(posterior, clickedPrior: clickedPrior) }
        if count >= last.clickCount { return last.calibrated(posterior, clickedPrior: clickedPrior) }
        for (lower, upper) in zip(bands, bands.dropFirst()) where count <= upper.clickCount {
            let span = log(Double(upper.clickCount)) - log(Double(lower.clickCount))
            let weight = span > 0 ? (log(Double(count)) - log(Double(lower.clickCount))) / span : 1
            return lower.calibrated(posterior, clickedPrior: clickedPrior) * (1 - weight)
                + upper.calibrated(posterior, clickedPrior: clickedPrior) * weight
        }
        return last.calibrated(posterior, clickedPrior: clickedPrior)
    }
}
