/// One install as a matcher answered it, with the truth.
public struct ScoredInstall: Sendable, Hashable, Codable {
    /// The install truly follows a click inside the window: the only kind a matcher can rightly attribute.
    public var fromClickInWindow: Bool
    /// The matcher's confidence (0-100) in its best candidate; nil when it had no candidate.
    public var confidence: Double?
    /// The probability behind the confidence (0...1), for calibration; nil for matchers without one.
    public var probability: Double?
    /// The best candidate is a click of the person who installed (false without a candidate).
    public var correct: Bool
    /// Matched through a click token: attributed with confidence 100, always correct.
    public var deterministic: Bool

    public init(fromClickInWindow: Bool, confidence: Double?, probability: Double? = nil, correct: Bool, deterministic: Bool = false) {
        self.fromClickInWindow = fromClickInWindow
        self.confidence = confidence
        self.probability = probability
        self.correct = correct
        self.deterministic = deterministic
    }

    func isAttributed(at threshold: Double) -> Bool {
        deterministic || (confidence.map { $0 >= threshold } ?? false)
    }
}

/// Precision, recall and F1 of a matcher at one threshold.
public struct MatchMetrics: Sendable, Hashable, Encodable {
    public var threshold: Double
    public var installs: Int
    /// Installs that truly follow a click inside the window (the recall denominator).
    public var clickedInstalls: Int
    public var attributed: Int
    public var correct: Int

    /// Correct attributions over attributions; nil when nothing was attributed.
    public var precision: Double? { attributed == 0 ? nil : Double(correct) / Double(attributed) }
    /// Correct attributions over installs that truly follow a click inside the window.
    public var recall: Double { clickedInstalls == 0 ? 0 : Double(correct) / Double(clickedInstalls) }
    public var f1: Double {
        guard let precision, precision + recall > 0 else { return 0 }
        return 2 * precision * recall / (precision + recall)
    }

    enum CodingKeys: String, CodingKey {
        case threshold, installs, clickedInstalls, attributed, correct, precision, recall, f1
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(threshold, forKey: .threshold)
        try container.encode(installs, forKey: .installs)
        try container.encode(clickedInstalls, forKey: .clickedInstalls)
        try container.encode(attributed, forKey: .attributed)
        try container.encode(correct, forKey: .correct)
        try container.encode(precision, forKey: .precision)
        try container.encode(recall, forKey: .recall)
        try container.encode(f1, forKey: .f1)
    }
}

/// One row of a calibration table: predicted confidence against observed correctness.
public struct CalibrationBucket: Sendable, Hashable, Encodable {
    /// Confidence range [lower, upper) in percent (the last bucket includes 100).
    public var lower: Int
    public var upper: Int
    public var count: Int
    /// Mean predicted probability of the bucket's best candidates, in percent.
    public var meanPredicted: Double
    /// Share of those candidates that were right, in percent.
    public var observed: Double

    public var gap: Double { observed - meanPredicted }

    enum CodingKeys: String, CodingKey { case lower, upper, count, meanPredicted, observed, gap }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(lower, forKey: .lower)
        try container.encode(upper, forKey: .upper)
        try container.encode(count, forKey: .count)
        try container.encode(meanPredicted, forKey: .meanPredicted)
        try container.encode(observed, forKey: .observed)
        try container.encode(gap, forKey: .gap)
    }
}

/// Precision, recall, F1, calibration and precision/recall curves over scored installs.
public enum Evaluator {
    public static func metrics(_ installs: [ScoredInstall], threshold: Double) -> MatchMetrics {
        var metrics = MatchMetrics(threshold: threshold, installs: installs.count, clickedInstalls: 0, attributed: 0, correct: 0)
        for install in installs {
            if install.fromClickInWindow { metrics.clickedInstalls += 1 }
            guard install.isAttributed(at: threshold) else { continue }
            metrics.attributed += 1
            if install.deterministic || (install.correct && install.fromClickInWindow) { metrics.correct += 1 }
        }
        return metrics
    }

    /// Metrics at each threshold: the precision/recall curve.
    public static func curve(_ installs: [ScoredInstall], thresholds: [Double]) -> [MatchMetrics] {
        thresholds.map { metrics(installs, threshold: $0) }
    }

    /// Calibration by confidence decile over probabilistic answers that had a candidate
    /// (attributed or not: the probability is a claim either way).
    public static func calibration(_ installs: [ScoredInstall], buckets: Int = 10) -> [CalibrationBucket] {
        let width = 100 / max(1, buckets)
        var sums = [(count: Int, predicted: Double, correct: Int)](repeating: (0, 0, 0), count: buckets)
        for install in installs where !install.deterministic {
            guard let probability = install.probability ?? install.confidence.map({ $0 / 100 }) else { continue }
            let percent = min(100, max(0, probability * 100))
            let slot = min(buckets - 1, Int(percent) / width)
            sums[slot].count += 1
            sums[slot].predicted += percent
            if install.correct && install.fromClickInWindow { sums[slot].correct += 1 }
        }
        return sums.enumerated().map { slot, sum in
            CalibrationBucket(
                lower: slot * width, upper: slot == buckets - 1 ? 100 : (slot + 1) * width, count: sum.count,
                meanPredicted: sum.count == 0 ? 0 : sum.predicted / Double(sum.count),
                observed: sum.count == 0 ? 0 : 100 * Double(sum.correct) / Double(sum.count)
            )
        }
    }

    /// The count-weighted mean absolute gap, and the worst gap among buckets with at least
    /// `minimumCount` answers, in percentage points.
    public static func calibrationError(_ buckets: [CalibrationBucket], minimumCount: Int = 50) -> (weighted: Double, worst: Double) {
        let total = buckets.reduce(0) { $0 + $1.count }
        let weighted = total == 0 ? 0 : buckets.reduce(0) { $0 + abs($1.gap) * Double($1.count) } / Double(total)
        let worst = buckets.filter { $0.count >= minimumCount }.map { abs($0.gap) }.max() ?? 0
        return (weighted, worst)
    }

    /// The highest recall at precision ≥ `precision` over every threshold the confidences allow
    /// (each distinct confidence is tried), and the threshold that gives it.
    public static func bestOperatingPoint(_ installs: [ScoredInstall], name: String, precision target: Double) -> OperatingPoint {
        let thresholds = Set(installs.compactMap(\.confidence)).sorted()
        var best = OperatingPoint(name: name, targetPrecision: target, threshold: nil, precision: nil, recall: 0)
        for metrics in curve(installs, thresholds: thresholds) where (metrics.precision ?? 0) >= target && metrics.recall > best.recall {
            best = OperatingPoint(
                name: name, targetPrecision: target, threshold: metrics.threshold, precision: metrics.precision, recall: metrics.recall)
        }
        return best
    }

    /// The lowest threshold whose precision reaches `precision`, with its metrics.
    public static func operatingPoint(_ curve: [MatchMetrics], precision target: Double) -> MatchMetrics? {
        curve.sorted { $0.threshold < $1.threshold }.first { ($0.precision ?? 0) >= target }
    }
}
