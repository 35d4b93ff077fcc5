import Foundation
import Testing

@testable import LandfallSimulator

/// The worst calibration gap chance alone gives: checked against the binomial's known spread and
/// against runs that really are calibrated, and shown to flag a run that is not.
@Suite("Calibration gap by chance")
struct CalibrationChanceTests {
    static func bucket(lower: Int, count: Int, predicted: Double, observed: Double) -> CalibrationBucket {
        CalibrationBucket(lower: lower, upper: lower + 10, count: count, meanPredicted: predicted, observed: observed)
    }

    @Test func theSamplerHasTheBinomialsMeanAndVariance() {
        let sampler = BinomialSampler(trials: 400, probability: 0.3)
        var generator = SeededGenerator(seed: 5)
        let draws = (0..<20_000).map { _ in Double(sampler.draw(generator.unit())) }
        let mean = draws.reduce(0, +) / Double(draws.count)
        let variance = draws.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(draws.count - 1)
        // n·p = 120 and n·p·q = 84; the sample's own error is about 0.065 on the mean.
        #expect(abs(mean - 120) < 0.4)
        #expect(abs(variance - 84) < 4)
    }

    @Test func certainOutcomesAreDrawnAsCertain() {
        #expect(BinomialSampler(trials: 60, probability: 0).draw(0.999) == 0)
        #expect(BinomialSampler(trials: 60, probability: 1).draw(0) == 60)
        // 2,000 trials at one half: each mass underflows a double outside log space.
        #expect((950...1_050).contains(BinomialSampler(trials: 2_000, probability: 0.5).draw(0.5)))
    }

    @Test func oneDecileOfFiftyAtOneHalfSpreadsAsTheNormalApproximationSays() throws {
        let chance = try #require(CalibrationChance.of([Self.bucket(lower: 50, count: 50, predicted: 50, observed: 50)]))
        // The standard error is 7.07 points: 95 % of gaps under about 1.96 of them, and a gap of at
        // most 5 points (23 to 27 right of 50) about half the time.
        #expect((12.0...16.0).contains(chance.percentile95ByChance))
        #expect((0.45...0.60).contains(chance.calibratedRunsWithin5))
        #expect(chance.pValue == 1)
    }

    @Test func calibratedRunsAreFlaggedAboutOneTimeInTwenty() throws {
        var truth = SeededGenerator(seed: 11, stream: "outcomes")
        var flagged = 0
        var flaggedBySquares = 0
        let runs = 300
        for run in 0..<runs {
            // Ten deciles of 60-150 installs whose stated probabilities are exactly right.
            let buckets = (0..<10).map { slot -> CalibrationBucket in
                let count = 60 + (slot * 37 + run * 13) % 91
                let predicted = Double(slot * 10 + 5)
                let right = (0..<count).count { _ in truth.chance(predicted / 100) }
                return Self.bucket(lower: slot * 10, count: count, predicted: predicted, observed: 100 * Double(right) / Double(count))
            }
            let chance = try #require(CalibrationChance.of(buckets, draws: 1_000, seed: UInt64(run)))
            if chance.pValue < 0.05 { flagged += 1 }
            if chance.squaredGapsPValue < 0.05 { flaggedBySquares += 1 }
        }
        // 15 expected; a binomial of 300 at 0.05 stays within 6-26 all but once in ten thousand.
        #expect((6...26).contains(flagged), "\(flagged) of \(runs) calibrated runs flagged")
        #expect((6...26).contains(flaggedBySquares), "\(flaggedBySquares) of \(runs) calibrated runs flagged by the squares")
    }

    @Test func aDecileTwentyPointsOffIsMoreThanChance() throws {
        let buckets = [
            Self.bucket(lower: 50, count: 500, predicted: 55, observed: 75),
            Self.bucket(lower: 90, count: 800, predicted: 96, observed: 96.5),
        ]
        let chance = try #require(CalibrationChance.of(buckets))
        #expect(chance.observedWorst == 20)
        #expect(chance.pValue < 0.001)
        #expect(chance.percentile95ByChance < 6)
    }

    /// Every decile 3 points under-confident: no decile is far off, but all lean the same way.
    @Test func aSmallBiasInEveryDecileIsFoundByTheSquaresNotByTheWorstGap() throws {
        let buckets = (0..<10).map { slot in
            Self.bucket(lower: slot * 10, count: 600, predicted: Double(slot * 10 + 5), observed: min(100, Double(slot * 10 + 5) + 3))
        }
        let chance = try #require(CalibrationChance.of(buckets))
        #expect(chance.squaredGapsPValue < 0.01)
        #expect(chance.observedWorst <= 3)
    }

    @Test func onlyDecilesWithEnoughInstallsCount() throws {
        #expect(CalibrationChance.of([Self.bucket(lower: 30, count: 49, predicted: 35, observed: 90)]) == nil)
        let chance = try #require(
            CalibrationChance.of([
                Self.bucket(lower: 30, count: 49, predicted: 35, observed: 90),
                Self.bucket(lower: 80, count: 200, predicted: 85, observed: 86),
            ]))
        #expect(abs(chance.observedWorst - 1) < 1e-9)
    }

    @Test func theSameBucketsGiveTheSameFigures() {
        let buckets = [Self.bucket(lower: 60, count: 120, predicted: 64, observed: 70)]
        #expect(CalibrationChance.of(buckets) == CalibrationChance.of(buckets))
    }
}
