import Foundation
import Testing

@testable import LandfallAttribution

@Suite("Delays seen within their bound")
struct TruncatedDelayTests {
    /// A long-delay app's delays (15 % right away, the rest around 20 hours) as a young app sees
    /// them: each install's bound is how long the app had lived, spread evenly over 1-4 days, and
    /// only the delays within it were seen. Deterministic: evenly spaced quantiles.
    static func seen() -> [AttributionModelFit.Delay] {
        let truth = DelayModel(quickShare: 0.15, quickMedian: 120, quickLogSigma: 0.8, slowMedian: 20 * 3600, slowLogSigma: 1.2)
        var delays: [AttributionModelFit.Delay] = []
        let quantiles = 400
        for boundStep in 0..<20 {
            let bound = 86_400 * (1 + 3 * Double(boundStep) / 19)
            for step in 0..<quantiles {
                let u = (Double(step) + 0.5) / Double(quantiles)
                let quick = u < truth.quickShare
                let z = inverseNormal(quick ? u / truth.quickShare : (u - truth.quickShare) / (1 - truth.quickShare))
                let delay =
                    quick ? truth.quickMedian * exp(truth.quickLogSigma * z) : truth.slowMedian * exp(truth.slowLogSigma * z)
                if delay <= bound { delays.append(.init(log: log(delay), weight: 1, logBound: log(bound))) }
            }
        }
        return delays
    }

    /// The standard normal quantile, by bisection on the cumulative.
    static func inverseNormal(_ p: Double) -> Double {
        var (low, high) = (-8.0, 8.0)
        for _ in 0..<80 {
            let middle = (low + high) / 2
            if DelayModel.standardNormalCumulative(middle) < p { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    @Test("the fit counts the delays beyond each install's bound, so a young app learns how long its delays run")
    func recoversLongDelays() {
        let start = AttributionConfiguration().delayModel
        let seen = Self.seen()
        let fitted = AttributionModelFit.fitDelays(seen, start: start)
        #expect(abs(log(fitted.slowMedian / (20 * 3600))) < log(1.25), "slow median \(fitted.slowMedian / 3600) h")
        #expect(abs(fitted.quickShare - 0.15) < 0.05, "quick share \(fitted.quickShare)")
        // Read as if nothing had been cut off, the same delays give a median hours short.
        let unbounded = seen.map { AttributionModelFit.Delay(log: $0.log, weight: $0.weight, logBound: log(1e12)) }
        let naive = AttributionModelFit.fitDelays(unbounded, start: start)
        #expect(naive.slowMedian < 0.7 * 20 * 3600, "naive slow median \(naive.slowMedian / 3600) h")
    }

    @Test("delays well within every bound fit as before")
    func shortDelaysUnchanged() {
        let delays = (1...2_000).map { step -> AttributionModelFit.Delay in
            let z = Self.inverseNormal((Double(step) - 0.5) / 2_000)
            return .init(log: log(600) + 0.7 * z, weight: 1, logBound: log(7 * 86_400))
        }
        let fitted = AttributionModelFit.fitDelays(delays, start: AttributionConfiguration().delayModel)
        let unbounded = AttributionModelFit.fitDelays(
            delays.map { .init(log: $0.log, weight: 1, logBound: log(1e12)) }, start: AttributionConfiguration().delayModel)
        // Two overlapping components split one bump either way; the distribution they make is what must agree.
        for delay in [120.0, 300, 600, 1_200, 3_600, 86_400] {
            #expect(abs(fitted.cumulative(delay) - unbounded.cumulative(delay)) < 0.01, "at \(delay) s: \(fitted) against \(unbounded)")
        }
    }

    @Test("the density within a bound is the whole density over its share there")
    func densityWithinBound() {
        let model = DelayModel(quickShare: 0.15, quickMedian: 120, quickLogSigma: 0.8, slowMedian: 20 * 3600, slowLogSigma: 1.2)
        #expect(abs(model.cumulative(20 * 3600) - (0.15 * DelayModel.standardNormalCumulative(log(600) / 0.8) + 0.85 * 0.5)) < 1e-9)
        #expect(model.cumulative(0) == 0 && abs(model.cumulative(1e9) - 1) < 1e-9)
        let bound = 86_400.0
        #expect(abs(model.density(3_600, within: bound) - model.density(3_600) / model.cumulative(bound)) < 1e-15)
        // A bound that holds almost nothing stops at the floor rather than weighing without limit.
        #expect(model.density(1, within: 1) <= model.density(1) / DelayModel.smallestShareWithin + 1e-15)
    }
}
