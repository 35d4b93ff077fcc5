import Foundation

/// How long people take from a click to the install: a mixture of installing right away and
/// coming back later, each log-normal.
public struct DelayModel: Sendable, Hashable, Codable {
    public var quickShare: Double
    public var quickMedian: TimeInterval
    public var quickLogSigma: Double
    public var slowMedian: TimeInterval
    public var slowLogSigma: Double

    public init(quickShare: Double, quickMedian: TimeInterval, quickLogSigma: Double, slowMedian: TimeInterval, slowLogSigma: Double) {
        self.quickShare = quickShare
        self.quickMedian = quickMedian
        self.quickLogSigma = quickLogSigma
        self.slowMedian = slowMedian
        self.slowLogSigma = slowLogSigma
    }

    /// The density at `delay` seconds (per second).
    public func density(_ delay: TimeInterval) -> Double {
        guard delay > 0 else { return 0 }
        let quick = min(1, max(0, quickShare))
        return quick * Self.logNormal(delay, median: quickMedian, sigma: quickLogSigma)
            + (1 - quick) * Self.logNormal(delay, median: slowMedian, sigma: slowLogSigma)
    }

    /// The share of delays at most `delay` seconds.
    public func cumulative(_ delay: TimeInterval) -> Double {
        guard delay > 0 else { return 0 }
        let quick = min(1, max(0, quickShare))
        func normal(_ median: TimeInterval, _ sigma: Double) -> Double {
            Self.standardNormalCumulative((log(delay) - log(max(1, median))) / max(0.1, sigma))
        }
        return quick * normal(quickMedian, quickLogSigma) + (1 - quick) * normal(slowMedian, slowLogSigma)
    }

    /// The density at `delay` of a click that can be at most `bound` seconds old: an install can
    /// only follow a click the app's history and the window hold, so where the delays run long
    /// (a young app, a long median) the density within them is the whole one over its share there.
    public func density(_ delay: TimeInterval, within bound: TimeInterval) -> Double {
        density(delay) / max(Self.smallestShareWithin, cumulative(bound))
    }

    /// Keeps a model whose delays nearly all fall beyond the bound from weighing a delay inside
    /// it without limit.
    static let smallestShareWithin = 0.05

    static func standardNormalCumulative(_ z: Double) -> Double {
        0.5 * erfc(-z / 2.0.squareRoot())
    }

    static func logNormal(_ delay: TimeInterval, median: TimeInterval, sigma: Double) -> Double {
        let sigma = max(0.1, sigma)
        let z = (log(delay) - log(max(1, median))) / sigma
        return exp(-0.5 * z * z) / (delay * sigma * (2 * Double.pi).squareRoot())
    }
}

extension AttributionConfiguration {
    /// The configuration's click-to-install delay model.
    public var delayModel: DelayModel {
        get {
            DelayModel(
                quickShare: quickDelayShare, quickMedian: quickDelayMedian, quickLogSigma: quickDelayLogSigma, slowMedian: delayMedian,
                slowLogSigma: delayLogSigma
            )
        }
        set {
            quickDelayShare = newValue.quickShare
            quickDelayMedian = newValue.quickMedian
            quickDelayLogSigma = newValue.quickLogSigma
            delayMedian = newValue.slowMedian
            delayLogSigma = newValue.slowLogSigma
        }
    }
}
