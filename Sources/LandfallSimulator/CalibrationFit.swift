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

    /// One band per density from grid results run with the identity calibration, each world
    /// learning its own model as the server does: the deciles of every world of that density
    /// pooled (a world identical to one already pooled counts once). A band is keyed on the clicks of one platform an install's
    /// window held on average: `clicksPerDay × days / 4` (two platforms; installs arrive through the
    /// posted days, so their windows hold half of them on average).
    public static func fit(grid results: [SimulationGrid.Result], postedDays: Double, minimumCount: Int = 200) -> ConfidenceCalibration {
        var pooled: [Double: [Int: (count: Int, predicted: Double, observed: Double)]] = [:]
        var seen: [[CalibrationBucket]] = []
        for result in results where result.learning && !seen.contains(result.calibration) {
            seen.append(result.calibration)
            for bucket in result.calibration {
                var entry = pooled[result.cell.clicksPerDay, default: [:]][bucket.lower] ?? (0, 0, 0)
                entry.count += bucket.count
                entry.predicted += Double(bucket.count) * bucket.meanPredicted
                entry.observed += Double(bucket.count) * bucket.observed
                pooled[result.cell.clicksPerDay, default: [:]][bucket.lower] = entry
            }
        }
        return ConfidenceCalibration(
            bands: pooled.keys.sorted().map { density in
                let deciles = (pooled[density] ?? [:]).sorted { $0.key < $1.key }.map(\.value).filter { $0.count >= minimumCount }
                let points = deciles.map { ($0.predicted / Double($0.count) / 100, $0.observed / Double($0.count) / 100, Double($0.count)) }
                return ConfidenceCalibration.Band(
                    clickCount: Int((density * postedDays / 4).rounded()),
                    knots: poolAdjacentViolators(points).map { .init($0.x, $0.y) })
            })
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
            lines.append("    .init(clickCount: \(band.clickCount), knots: [\(knots)]),")
        }
        lines.append("])")
        return lines.joined(separator: "\n")
    }
}
