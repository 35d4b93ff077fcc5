import Foundation

/// What the engine, with one app's model, expects of its own answers on that app's token-less
/// installs: the precision and recall at a cut, and the cut that delivers a precision. Confidences
/// are probabilities, so the expected precision of the answers at or above a cut is their mean
/// confidence, and the expected number of clicked installs is the sum of each install's
/// probability of having followed a click.
public struct OperatingEstimate: Sendable, Hashable, Codable {
    /// Each token-less install's best candidate's probability and its probability of having
    /// followed any click, sorted by the first, highest first.
    public var answers: [Answer]

    public struct Answer: Sendable, Hashable, Codable {
        public var probability: Double
        public var clicked: Double
    }

    public init(observations: [MatchObservation], configuration: AttributionConfiguration) {
        var probing = configuration
        probing.threshold = 0
        let engine = AttributionEngine(configuration: probing)
        answers = observations.filter { $0.label == nil }.map { observation in
            guard let evaluation = engine.evaluate(observation) else { return Answer(probability: 0, clicked: 0) }
            return Answer(probability: evaluation.probability, clicked: evaluation.clicked)
        }.sorted { $0.probability > $1.probability }
    }

    /// Expected precision and recall of the answers at or above `threshold` (0-100); precision nil
    /// when none is.
    public func at(threshold: Int) -> (precision: Double?, recall: Double?) {
        let cut = Double(threshold) / 100
        let attributed = answers.prefix { $0.probability >= cut }
        let right = attributed.reduce(0) { $0 + $1.probability }
        let clicked = answers.reduce(0) { $0 + $1.clicked }
        return (attributed.isEmpty ? nil : right / Double(attributed.count), clicked > 0 ? min(1, right / clicked) : nil)
    }

    /// The lowest whole-number cut whose answers are expected to be right at least `precision`
    /// of the time; nil when no answer is.
    public func threshold(forPrecision precision: Double) -> Int? {
        var right = 0.0
        var count = 0
        var lowest: Int?
        var position = 0
        for cut in stride(from: 99, through: 1, by: -1) {
            let value = Double(cut) / 100
            while position < answers.count, answers[position].probability >= value {
                right += answers[position].probability
                count += 1
                position += 1
            }
            if count > 0, right / Double(count) >= precision { lowest = cut }
        }
        return lowest
    }
}
