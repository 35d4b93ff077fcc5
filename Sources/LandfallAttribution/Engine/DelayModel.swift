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
