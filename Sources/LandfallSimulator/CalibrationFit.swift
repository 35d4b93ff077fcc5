import Foundation
import LandfallAttribution

/// Fits the engine's `ConfidenceCalibration` from simulation reports whose engine ran with the
/// identity calibration: one band per density, its knots the calibration deciles' mean posterior
/// against observed precision, made monotone by pooling adjacent violators.
///
/// ```sh
/// landfall simulate --fit-calibration --seed 101    # prints the bands as Swift
/// ```
public enum CalibrationFit {
    /// - Parameter minimumCount: deciles with fewer answers are left out (their precision is noise).
    public static func fit(_ reports: [DensityReport], minimumCount: Int = 200) -> ConfidenceCalibration {
        ConfidenceCalibration(
            bands: reports.map { report in
                let clicks = [report.windowClicks["ios"] ?? 0, report.windowClicks["android"] ?? 0]
                let buckets = report.calibration.filter { $0.count >= minimumCount }
                let pooled = poolAdjacentViolators(buckets.map { ($0.meanPredicted / 100, $0.observed / 100, Double($0.count)) })
                return ConfidenceCalibration.Band(
                    clickCount: max(1, clicks.reduce(0, +) / clicks.count), knots: pooled.map { .init($0.x, $0.y) }
                )
            })
    }

    /// Bands from grid results run with the identity calibration, each world learning its own
    /// model as the server does: at each density, one band per organic share and platform, the
    /// deciles of every such world pooled (a world identical to one already pooled counts once)
    /// and keyed on the clicked share that platform's model learned in them, so the engine picks
    /// curves by what an app's model says, not by a truth it never sees. A band's click count is
    /// the clicks of one platform an install's window held on average: `clicksPerDay × days / 4`
    /// (two platforms; installs arrive through the posted days, so their windows hold half of them
    /// on average).
    ///
    /// With `poolingPlatforms`, one band per density and organic share holds both platforms'
    /// installs, keyed on their learned shares' mean weighted by installs: twice the installs per
    /// decile and one key per world, where per platform the keys of neighbouring worlds lie a few
    /// hundredths apart and each curve carries its own seeds' noise.
    ///
    /// `unkeyed` pools every organic share and both platforms into one curve per density, keyed on
    /// nothing: the form `ConfidenceCalibration.standard` ships, as keyed curves lost on the live
    /// path and on unseen seeds (docs/accuracy-journal.md). `densities` pools each world into the nearest
    /// of them (in ratio), for worlds drawn at random whose densities are all different.
    public static func fit(
        grid results: [SimulationGrid.Result], postedDays: Double, minimumCount: Int = 200, poolingPlatforms: Bool = false,
        unkeyed: Bool = false, densities: [Double]? = nil
    ) -> ConfidenceCalibration {
        struct Group: Hashable {
            var clicksPerDay: Double
            var organicShare: Double
            var platform: String
        }
        struct Pool {
            var deciles: [Int: (count: Int, predicted: Double, observed: Double)] = [:]
            var share = 0.0
            var shareWeight = 0.0
        }
        var pools: [Group: Pool] = [:]
        var seen: [[CalibrationBucket]] = []
        for result in results where result.learning && !seen.contains(result.calibration) {
            seen.append(result.calibration)
            for (platform, buckets) in result.calibrationByPlatform {
                guard let learned = result.learnedClickedShare[platform], learned.isFinite else { continue }
                let group = Group(
                    clicksPerDay: nearest(result.cell.clicksPerDay, in: densities), organicShare: unkeyed ? 0 : result.cell.organicShare,
                    platform: poolingPlatforms || unkeyed ? "" : platform)
                var pool = pools[group] ?? Pool()
                for bucket in buckets {
                    var entry = pool.deciles[bucket.lower] ?? (0, 0, 0)
                    entry.count += bucket.count
                    entry.predicted += Double(bucket.count) * bucket.meanPredicted
                    entry.observed += Double(bucket.count) * bucket.observed
                    pool.deciles[bucket.lower] = entry
                }
                let weight = Double(buckets.reduce(0) { $0 + $1.count })
                pool.share += learned * weight
                pool.shareWeight += weight
                pools[group] = pool
            }
        }
        let ordered = pools.keys.sorted {
            ($0.clicksPerDay, $0.organicShare, $0.platform) < ($1.clicksPerDay, $1.organicShare, $1.platform)
        }
        return ConfidenceCalibration(
            bands: ordered.compactMap { group in
                guard let pool = pools[group], pool.shareWeight > 0 else { return nil }
                let deciles = pool.deciles.sorted { $0.key < $1.key }.map(\.value).filter { $0.count >= minimumCount }
                guard !deciles.isEmpty else { return nil }
                let points = deciles.map { ($0.predicted / Double($0.count) / 100, $0.observed / Double($0.count) / 100, Double($0.count)) }
                return ConfidenceCalibration.Band(
                    clickCount: Int((group.clicksPerDay * postedDays / 4).rounded()),
                    clickedShare: unkeyed ? nil : pool.share / pool.shareWeight,
                    knots: poolAdjacentViolators(points).map { .init($0.x, $0.y) })
            })
    }

    static func nearest(_ density: Double, in densities: [Double]?) -> Double {
        guard let densities, !densities.isEmpty else { return density }
        return densities.min { abs(log($0 / density)) < abs(log($1 / density)) } ?? density
    }

    /// Isotonic regression of y on x (points sorted by x), weighted.
    static func poolAdjacentViolators(_ points: [(x: Double, y: Double, weight: Double)]) -> [(x: Double, y: Double)] {
        var blocks: [(x: Double, y: Double, weight: Double)] = []
        for point in points.sorted(by: { $0.x < $1.x }) where point.weight > 0 {
            blocks.append(point)
            while blocks.count > 1, blocks[blocks.count - 2].y > blocks[blocks.count - 1].y {
                let b = blocks.removeLast()
                let a = blocks.removeLast()
                let weight = a.weight + b.weight
                blocks.append(((a.x * a.weight + b.x * b.weight) / weight, (a.y * a.weight + b.y * b.weight) / weight, weight))
            }
        }
        return blocks.map { ($0.x, $0.y) }
    }

    /// The calibration as a Swift expression, to paste into `ConfidenceCalibration.standard`.
    public static func swiftLiteral(_ calibration: ConfidenceCalibration) -> String {
        var lines = ["ConfidenceCalibration(bands: ["]
        for band in calibration.bands {
            let knots = band.knots.map { String(format: ".init(%.3f, %.3f)", $0.posterior, $0.calibrated) }.joined(separator: ", ")
            let share = band.clickedShare.map { String(format: ", clickedShare: %.3f", $0) } ?? ""
            lines.append("    .init(clickCount: \(band.clickCount)\(share), knots: [\(knots)]),")
        }
        lines.append("])")
        return lines.joined(separator: "\n")
    }
}
