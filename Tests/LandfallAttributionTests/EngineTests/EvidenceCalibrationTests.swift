import Foundation
import LandfallAttribution
import Testing

@Suite("Confidence curves over the evidence")
struct EvidenceCalibrationTests {
    static func logOdds(_ p: Double) -> Double { log(p / (1 - p)) }
    static func probability(_ logOdds: Double) -> Double { 1 / (1 + exp(-logOdds)) }

    @Test("a band over the evidence shifts the posterior's log-odds by the same amount whatever the app's prior")
    func priorInvariant() {
        // Evidence worth one unit of log-odds less than the engine says, everywhere.
        let band = ConfidenceCalibration.Band(clickCount: 5000, scale: .evidence, knots: [.init(-2, -3), .init(4, 3)])
        for prior in [0.2, 0.5, 0.9] {
            for evidence in stride(from: -6.0, through: 8.0, by: 0.5) {
                let posterior = Self.probability(evidence + Self.logOdds(prior))
                let expected = Self.probability(evidence - 1 + Self.logOdds(prior))
                #expect(abs(band.calibrated(posterior, clickedPrior: prior) - expected) < 1e-9)
            }
        }
    }

    @Test("between knots the evidence is interpolated, and the curve never falls")
    func interpolatesAndRises() {
        let band = ConfidenceCalibration.Band(
            clickCount: 5000, scale: .evidence, knots: [.init(0, 1), .init(2, 0.5), .init(-2, -2)])
        // The knot at 2 that would fall below its neighbour at 0 is raised to it.
        #expect(band.knots.map(\.calibrated) == [-2, 1, 1])
        let prior = 0.5
        #expect(abs(band.calibrated(0.5, clickedPrior: prior) - Self.probability(1)) < 1e-9)
        #expect(abs(band.calibrated(Self.probability(-1), clickedPrior: prior) - Self.probability(-0.5)) < 1e-9)
        for prior in [0.1, 0.6, 0.95] {
            var previous = 0.0
            for step in 0...100 {
                let value = band.calibrated(Double(step) / 100, clickedPrior: prior)
                #expect(value >= previous && value <= 1)
                previous = value
            }
        }
    }

    @Test("knots on the diagonal leave the posterior as it is, and bands of both scales interpolate by density")
    func identityAndDensity() {
        let diagonal = ConfidenceCalibration.Band(clickCount: 100, scale: .evidence, knots: [.init(-3, -3), .init(3, 3)])
        for posterior in [0.01, 0.3, 0.77, 0.999] {
            #expect(abs(diagonal.calibrated(posterior, clickedPrior: 0.4) - posterior) < 1e-9)
        }
        let bands = ConfidenceCalibration(bands: [
            .init(clickCount: 1_000, scale: .evidence, knots: [.init(0, 0)]), .init(clickCount: 100_000, knots: [.init(0.5, 0.4)]),
        ])
        #expect(abs(bands.calibrated(0.5, clickCount: 10_000, clickedPrior: 0.5) - 0.45) < 1e-9)
    }
}
