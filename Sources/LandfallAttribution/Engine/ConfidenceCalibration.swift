import Foundation

/// Maps the engine's model posterior to the confidence it reports.
///
/// The model weighs signals as it knows them (joint frequencies, persistence, delays), but real
/// populations hold confusions no per-factor model sees: a household sharing a network, a phone
/// model and a city; a person's clicks on several links; strangers behind one carrier address.
/// How much those matter depends on how many clicks the window holds, so the map is a set of
/// monotone, piecewise-linear curves, one per click density, interpolated in the logarithm of the
/// window's click count. Within a density, curves may be keyed on the share of installs the app's
/// own model says follow a click: what the model cannot see costs more where organic installs
/// are many (a stranger's click then outweighs the "no click" it was weighed against), so a curve
/// fitted on mostly clicked installs is over-confident on an app that is half organic, and under-
/// confident the other way. The curves are fitted on simulated populations (`landfall simulate
/// --fit-calibration`) and checked on others with different seeds, parameters and audiences.
public struct ConfidenceCalibration: Sendable, Hashable {
    /// One curve, for installs whose window holds about `clickCount` clicks of their platform.
    public struct Band: Sendable, Hashable {
        public var clickCount: Int
        /// The app's learned share of token-less installs that follow a click, for installs of the
        /// platform this curve was fitted on; nil for a curve that serves every share.
        public var clickedShare: Double?
        /// (posterior, calibrated probability) knots, both in 0...1, non-decreasing in both.
        public var knots: [Knot]

        /// Knots are sorted by posterior and made non-decreasing; (0, 0) and (1, 1) are implied.
        public init(clickCount: Int, clickedShare: Double? = nil, knots: [Knot]) {
            self.clickCount = max(1, clickCount)
            self.clickedShare = clickedShare.flatMap { $0.isFinite ? min(1, max(0, $0)) : nil }
            var sorted = knots.filter { (0...1).contains($0.posterior) && (0...1).contains($0.calibrated) }
                .sorted { $0.posterior < $1.posterior }
            for index in sorted.indices.dropFirst() where sorted[index].calibrated < sorted[index - 1].calibrated {
                sorted[index].calibrated = sorted[index - 1].calibrated
            }
            self.knots = sorted
        }

        /// The calibrated probability for a posterior, interpolated linearly between knots.
        public func calibrated(_ posterior: Double) -> Double {
            UnitCurve.value(at: posterior, through: knots, x: \.posterior, y: \.calibrated)
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

    /// Sorted by click count, then by clicked share (unkeyed first).
    public let bands: [Band]
    /// The bands grouped by density, kept so that a lookup on the match path allocates nothing.
    private let levels: [Level]

    private struct Level: Sendable, Hashable {
        var clickCount: Int
        var unkeyed: Band?
        /// Sorted by share.
        var keyed: [KeyedBand]

        /// This density's curves, interpolated linearly in the clicked share.
        func calibrated(_ posterior: Double, clickedShare: Double?) -> Double {
            guard let share = clickedShare, share.isFinite, let lowest = keyed.first, let highest = keyed.last else {
                return (unkeyed ?? keyed[keyed.count / 2].band).calibrated(posterior)
            }
            if share <= lowest.share { return lowest.band.calibrated(posterior) }
            if share >= highest.share { return highest.band.calibrated(posterior) }
            for (below, above) in zip(keyed, keyed.dropFirst()) where share <= above.share {
                let span = above.share - below.share
                let weight = span > 0 ? (share - below.share) / span : 1
                return below.band.calibrated(posterior) * (1 - weight) + above.band.calibrated(posterior) * weight
            }
            return highest.band.calibrated(posterior)
        }
    }

    private struct KeyedBand: Sendable, Hashable {
        var share: Double
        var band: Band
    }

    public init(bands: [Band]) {
        self.bands = bands.sorted { ($0.clickCount, $0.clickedShare ?? -1) < ($1.clickCount, $1.clickedShare ?? -1) }
        var levels: [Level] = []
        for band in self.bands {
            if levels.last?.clickCount != band.clickCount { levels.append(Level(clickCount: band.clickCount, keyed: [])) }
            if let share = band.clickedShare {
                levels[levels.count - 1].keyed.append(KeyedBand(share: share, band: band))
            } else if levels[levels.count - 1].unkeyed == nil {
                levels[levels.count - 1].unkeyed = band
            }
        }
        self.levels = levels
    }

    /// One curve for every density.
    public init(knots: [Knot]) {
        self.init(bands: [Band(clickCount: 1, knots: knots)])
    }

    /// The posterior unchanged.
    public static let identity = ConfidenceCalibration(bands: [])

    /// The calibrated probability for a posterior, for an install whose window holds
    /// `clickCount` clicks of its platform and whose platform's learned clicked share is
    /// `clickedShare`: at each density, its curves' answers interpolated linearly in the share
    /// (the nearest curve's outside their range; an unkeyed curve's, or the middle one's, when the
    /// share is not known); then the neighbouring densities' answers, interpolated in log(click
    /// count), the nearest density's outside their range.
    public func calibrated(_ posterior: Double, clickCount: Int = 1, clickedShare: Double? = nil) -> Double {
        guard let first = levels.first, let last = levels.last else { return min(1, max(0, posterior.isFinite ? posterior : 0)) }
        let count = max(1, clickCount)
        if count <= first.clickCount { return first.calibrated(posterior, clickedShare: clickedShare) }
        if count >= last.clickCount { return last.calibrated(posterior, clickedShare: clickedShare) }
        for (lower, upper) in zip(levels, levels.dropFirst()) where count <= upper.clickCount {
            let span = log(Double(upper.clickCount)) - log(Double(lower.clickCount))
            let weight = span > 0 ? (log(Double(count)) - log(Double(lower.clickCount))) / span : 1
            return lower.calibrated(posterior, clickedShare: clickedShare) * (1 - weight)
                + upper.calibrated(posterior, clickedShare: clickedShare) * weight
        }
        return last.calibrated(posterior, clickedShare: clickedShare)
    }
}
