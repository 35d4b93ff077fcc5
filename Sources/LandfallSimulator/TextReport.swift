import Foundation

/// Renders density reports as the plain-text tables `landfall simulate` prints.
public enum TextReport {
    public static func render(_ report: DensityReport) -> String {
        var lines: [String] = []
        let days = report.days - report.warmUpDays
        lines.append(
            "== \(number(report.clicksPerDay)) clicks/day for one app · window \(number(report.windowHours)) h · "
                + "\(number(report.days)) days simulated, last \(number(days)) measured · seed \(report.seed) · threshold \(report.threshold) =="
        )
        lines.append(
            "\(number(report.clicks)) clicks, \(number(report.installs)) installs; measured: \(number(report.measuredInstalls)) installs = "
                + "\(number(report.measuredClickedInWindow)) from a click in the window (\(number(report.measuredWithToken)) with a click token) + "
                + "\(number(report.measuredOrganic)) organic + \(number(report.measuredLate)) after the window"
        )
        let window = report.windowClicks
        lines.append(
            "clicks in the window at the end: iOS \(number(window["ios"] ?? 0)) · Android \(number(window["android"] ?? 0))"
                + " · iPad-as-Mac \(number(window["macos"] ?? 0))"
        )
        let tokenless = report.engine.tokenless
        lines.append("")
        lines.append(
            pad("", 26) + "| token-less installs (\(number(tokenless.installs)), \(number(tokenless.clickedInstalls)) from a click) "
                + "| all installs (\(number(report.engine.all.installs)), \(number(report.engine.all.clickedInstalls)) from a click)")
        lines.append(pad("matcher", 26) + "| " + metricHeader() + " | " + metricHeader())
        for matcher in [report.engine] + report.baselines {
            lines.append(pad(matcher.name, 26) + "| " + metricRow(matcher.tokenless) + " | " + metricRow(matcher.all))
        }
        lines.append(
            "oracle bound: \(percent(report.oracle.share)) of token-less clicked installs are identifiable at all "
                + "(signals + recency; signals alone \(percent(report.oracle.signalsShare))); engine recall over the same installs: "
                + "\(percent(tokenless.recall)) at precision \(tokenless.precision.map { String(format: "%.3f", $0) } ?? "—")"
        )
        lines.append("deterministic share: \(percent(report.deterministicShare)) of clicked installs carried a click token")
        lines.append(
            "recall at precision ≥ \(String(format: "%.2f", DirectSimulation.targetPrecision)) (token-less, best threshold): "
                + report.recallAtPrecision.map { point in
                    "\(point.name) \(String(format: "%.3f", point.recall))"
                        + (point.threshold.map { " (≥ \(number($0)))" } ?? " (never reaches it)")
                }.joined(separator: " · ")
        )
        let misses = report.misses
        lines.append(
            "engine misses (token-less clicked): \(number(misses.notFetched)) right click not among candidates · "
                + "\(number(misses.rightButUnsure)) right click best but under the threshold · "
                + "\(number(misses.otherPersonBest)) another person's click best"
        )
        let reasons = misses.notFetchedBecause.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(5)
        if !reasons.isEmpty {
            lines.append("  not among candidates because: " + reasons.map { "\($0.key) \(number($0.value))" }.joined(separator: "; "))
        }
        for platform in ["ios", "android"] {
            if let metrics = report.engineByPlatform[platform] {
                lines.append("  engine, token-less \(platform == "ios" ? "iOS    " : "Android"): " + metricRow(metrics))
            }
        }

        lines.append("")
        lines.append("engine precision/recall over the threshold (token-less | all installs)")
        lines.append("threshold | " + metricHeader() + " | " + metricHeader())
        for (tokenlessRow, allRow) in zip(report.engineCurve, report.engineCurveAll) {
            lines.append(pad(number(tokenlessRow.threshold), 9) + " | " + metricRow(tokenlessRow) + " | " + metricRow(allRow))
        }
        if let curve = report.baselineCurves["LinkForty, UA by OS"] {
            lines.append("LinkForty, UA by OS over its score threshold (token-less)")
            for row in curve where row.threshold >= 50 {
                lines.append(pad(number(row.threshold), 9) + " | " + metricRow(row))
            }
        }

        lines.append("")
        let error = Evaluator.calibrationError(report.calibration)
        lines.append(
            "engine calibration (token-less installs with a candidate; observed = best candidate was the installer's click): "
                + "mean gap \(String(format: "%.1f", error.weighted)) pts, worst \(String(format: "%.1f", error.worst)) pts (buckets ≥ 50)"
        )
        if let chance = CalibrationChance.of(report.calibration) {
            lines.append(Self.describe(chance))
        }
        lines.append("confidence | installs | predicted | observed |   gap | ±95% || iOS n / obs || Android n / obs")
        let ios = report.calibrationByPlatform["ios"] ?? []
        let android = report.calibrationByPlatform["android"] ?? []
        for (slot, bucket) in report.calibration.enumerated() {
            let i = slot < ios.count ? ios[slot] : nil
            let a = slot < android.count ? android[slot] : nil
            lines.append(
                pad("\(bucket.lower)-\(bucket.upper)", 10) + " | " + pad(number(bucket.count), 8, right: true) + " | "
                    + pad(String(format: "%.1f", bucket.meanPredicted), 9, right: true) + " | "
                    + pad(String(format: "%.1f", bucket.observed), 8, right: true) + " | "
                    + pad(String(format: "%+.1f", bucket.gap), 5, right: true) + " | "
                    + pad(String(format: "%.1f", Self.sampling(bucket)), 4, right: true) + " || "
                    + pad(i.map { "\(number($0.count)) / \(String(format: "%.0f", $0.observed))" } ?? "", 11, right: true) + " || "
                    + pad(a.map { "\(number($0.count)) / \(String(format: "%.0f", $0.observed))" } ?? "", 15, right: true)
            )
        }
        lines.append("(ran in \(String(format: "%.1f", report.seconds)) s)")
        return lines.joined(separator: "\n")
    }

    public static func render(_ report: HTTPReplayReport) -> String {
        var lines: [String] = []
        lines.append(
            "sent \(number(report.clicksSent)) clicks (\(number(report.beaconsSent)) beacons, \(number(report.clicksWithoutToken)) pages without a token), "
                + "\(number(report.installsSent)) installs; \(number(report.errors)) errors; window sent \(report.windowHoursSent) h; "
                + "fell behind schedule by up to \(String(format: "%.1f", report.maximumLag)) s; took \(String(format: "%.0f", report.seconds)) s"
        )
        lines.append(pad("", 32) + "| token-less installs" + String(repeating: " ", count: 16) + "| all installs")
        lines.append(pad("matcher", 32) + "| " + metricHeader() + " | " + metricHeader())
        for matcher in [report.live, report.direct] {
            lines.append(pad(matcher.name, 32) + "| " + metricRow(matcher.tokenless) + " | " + metricRow(matcher.all))
        }
        lines.append(
            "server and engine answered \(number(report.sameAnswer)) of \(number(report.installsSent)) installs alike (same person credited, or both organic)"
        )
        for difference in report.differences { lines.append("  differs: " + difference) }
        lines.append(
            "(compressed delays look short to the engine's delay model: compare the two rows, not these numbers with the direct tables)")
        return lines.joined(separator: "\n")
    }

    /// The 95 % sampling margin of a bucket's observed precision, in points: what a perfectly
    /// calibrated engine's gap still wanders by from one population to the next.
    static func sampling(_ bucket: CalibrationBucket) -> Double {
        guard bucket.count > 0 else { return 0 }
        let p = min(0.99, max(0.01, bucket.meanPredicted / 100))
        return 196 * (p * (1 - p) / Double(bucket.count)).squareRoot()
    }

    static func metricHeader() -> String {
        pad("attrib", 7, right: true) + pad("correct", 8, right: true) + pad("prec", 7, right: true)
            + pad("recall", 7, right: true) + pad("F1", 6, right: true)
    }

    static func metricRow(_ metrics: MatchMetrics) -> String {
        pad(number(metrics.attributed), 7, right: true) + pad(number(metrics.correct), 8, right: true)
            + pad(metrics.precision.map { String(format: "%.3f", $0) } ?? "—", 7, right: true)
            + pad(String(format: "%.3f", metrics.recall), 7, right: true) + pad(String(format: "%.3f", metrics.f1), 6, right: true)
    }

    static func percent(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }

    static func number(_ value: Double) -> String {
        value.rounded() == value ? number(Int(value)) : String(format: "%.1f", value)
    }

    static func number(_ value: Int) -> String {
        let digits = String(abs(value))
        var grouped = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(",") }
            grouped.append(character)
        }
        return value < 0 ? "-" + grouped : grouped
    }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let count = text.count
        guard count < width else { return text }
        let spaces = String(repeating: " ", count: width - count)
        return right ? spaces + text : text + spaces
    }

    /// The worst gap beside the worst gaps calibrated runs of the same deciles give.
    public static func describe(_ chance: CalibrationChance) -> String {
        String(
            format:
                "by chance alone (every stated probability true, same deciles): worst gap %.1f pts at the median, "
                + "under %.1f in 95 %% of runs, within 5 pts in %.0f %%; this run's %.1f has p = %.3f; "
                + "its squared gaps over their variances sum to %.1f, p = %.3f",
            chance.medianByChance, chance.percentile95ByChance, chance.calibratedRunsWithin5 * 100, chance.observedWorst, chance.pValue,
            chance.squaredGaps, chance.squaredGapsPValue)
    }
}
