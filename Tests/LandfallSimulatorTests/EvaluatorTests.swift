import LandfallSimulator
import Testing

@Suite("Evaluator")
struct EvaluatorTests {
    /// Ten installs, eight from a click: a hand-checked set.
    static let installs: [ScoredInstall] = [
        ScoredInstall(fromClickInWindow: true, confidence: 100, probability: 1, correct: true, deterministic: true),
        ScoredInstall(fromClickInWindow: true, confidence: 95, probability: 0.95, correct: true),
        ScoredInstall(fromClickInWindow: true, confidence: 92, probability: 0.92, correct: true),
        ScoredInstall(fromClickInWindow: true, confidence: 91, probability: 0.91, correct: false),
        ScoredInstall(fromClickInWindow: true, confidence: 85, probability: 0.85, correct: true),
        ScoredInstall(fromClickInWindow: true, confidence: 40, probability: 0.40, correct: true),
        ScoredInstall(fromClickInWindow: true, confidence: 35, probability: 0.35, correct: false),
        ScoredInstall(fromClickInWindow: true, confidence: nil, correct: false),
        ScoredInstall(fromClickInWindow: false, confidence: 97, probability: 0.97, correct: false),
        ScoredInstall(fromClickInWindow: false, confidence: 10, probability: 0.10, correct: false),
    ]

    @Test("precision, recall and F1 at a threshold")
    func metrics() throws {
        let metrics = Evaluator.metrics(Self.installs, threshold: 80)
        #expect(metrics.installs == 10)
        #expect(metrics.clickedInstalls == 8)
        #expect(metrics.attributed == 6)
        #expect(metrics.correct == 4)
        let precision = try #require(metrics.precision)
        #expect(abs(precision - 4.0 / 6) < 1e-9)
        #expect(abs(metrics.recall - 0.5) < 1e-9)
        #expect(abs(metrics.f1 - 2 * (4.0 / 6) * 0.5 / (4.0 / 6 + 0.5)) < 1e-9)
    }

    @Test("a lower threshold attributes more; nothing attributed has no precision")
    func curve() {
        let curve = Evaluator.curve(Self.installs, thresholds: [30, 101])
        #expect(curve[0].attributed == 8)
        #expect(curve[0].correct == 5)
        #expect(curve[1].attributed == 1)
        let none = Evaluator.metrics([ScoredInstall(fromClickInWindow: true, confidence: nil, correct: false)], threshold: 80)
        #expect(none.precision == nil)
        #expect(none.f1 == 0)
    }

    @Test("calibration counts probabilistic answers by decile against observed correctness")
    func calibration() {
        let buckets = Evaluator.calibration(Self.installs)
        #expect(buckets.count == 10)
        #expect(buckets.reduce(0) { $0 + $1.count } == 8)
        #expect(buckets[9].count == 4)
        #expect(abs(buckets[9].meanPredicted - 93.75) < 1e-9)
        #expect(abs(buckets[9].observed - 50) < 1e-9)
        #expect(buckets[8].count == 1)
        #expect(buckets[8].observed == 100)
        #expect(buckets[3].count == 1)
        #expect(buckets[4].count == 1)
        #expect(buckets[5].count == 0)
        #expect(buckets[1].count == 1)
        #expect(buckets[1].observed == 0)
        let error = Evaluator.calibrationError(buckets, minimumCount: 2)
        #expect(abs(error.worst - 43.75) < 1e-9)
    }
}
