import Foundation
import Testing
@testable import LandfallAttribution

@Suite("Operating estimate")
struct OperatingEstimateTests {
    static func estimate(_ probabilities: [Double]) -> OperatingEstimate {
        var estimate = OperatingEstimate(observations: [], configuration: AttributionConfiguration())
        estimate.answers = probabilities.map { .init(probability: $0, clicked: $0) }.sorted { $0.probability > $1.probability }
        return estimate
    }

    @Test("The cut for a precision is the lowest whose answers average at least that")
    func cutForPrecision() {
        let estimate = Self.estimate([0.99, 0.98, 0.97, 0.9, 0.8, 0.5, 0.2])
        // 0.99, 0.98, 0.97, 0.90 average 0.96; adding 0.80 drops it to 0.928.
        #expect(estimate.threshold(forPrecision: 0.95) == 81)
        #expect(estimate.threshold(forPrecision: 0.999) == nil)
    }

    @Test("Precision and recall at a cut are the answers' mean and their share of expected clicked installs")
    func pointEstimates() {
        let estimate = Self.estimate([0.9, 0.5, 0.1])
        let point = estimate.at(threshold: 50)
        #expect(abs((point.precision ?? 0) - 0.7) < 1e-9)
        #expect(abs((point.recall ?? 0) - 1.4 / 1.5) < 1e-9)
        #expect(estimate.at(threshold: 95).precision == nil)
    }
}
