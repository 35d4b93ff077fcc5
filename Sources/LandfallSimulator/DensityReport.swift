import LandfallAttribution

/// How one matcher did, on two sets of measured installs.
public struct MatcherReport: Sendable, Hashable, Encodable {
    public var name: String
    /// Installs that carried no click token: what every matcher has to guess. The fair comparison.
    public var tokenless: MatchMetrics
    /// Every measured install; the engine gets token installs right deterministically, the
    /// baselines (which have no token path) score them like any other.
    public var all: MatchMetrics
}

/// The share of token-less clicked installs that can be singled out at all: an oracle bound.
///
/// A click of the installing person inside the window must be fetchable (it shares the install's
/// network prefix or full device signature). Another person's click of the same platform inside
/// the window *covers* it when it agrees with the install on every factor the person's click
/// agrees on (IP prefix, OS version, screen bucket, time zone, language); it *dominates* it when
/// it also came at least as late (closer to the install: a delay is likelier the shorter it is,
/// past the first minute). Consumption and the 200-per-key cap are ignored.
///
/// - `bySignals`: some fetchable click of the person is covered by no one: signals alone tell.
/// - `withRecency`: some fetchable click of the person is dominated by no one. No matcher that
///   prefers more agreement and a shorter delay can do better than this, so it bounds recall.
public struct OracleBound: Sendable, Hashable, Encodable {
    public var clickedInstalls: Int
    public var bySignals: Int
    public var withRecency: Int
    public var signalsShare: Double { clickedInstalls == 0 ? 0 : Double(bySignals) / Double(clickedInstalls) }
    public var share: Double { clickedInstalls == 0 ? 0 : Double(withRecency) / Double(clickedInstalls) }

    enum CodingKeys: String, CodingKey { case clickedInstalls, bySignals, withRecency, signalsShare, share }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(clickedInstalls, forKey: .clickedInstalls)
        try container.encode(bySignals, forKey: .bySignals)
        try container.encode(withRecency, forKey: .withRecency)
        try container.encode(signalsShare, forKey: .signalsShare)
        try container.encode(share, forKey: .share)
    }
}

/// A matcher's best operating point at a target precision.
public struct OperatingPoint: Sendable, Hashable, Encodable {
    public var name: String
    public var targetPrecision: Double
    /// The lowest threshold whose precision reaches the target; nil when none does.
    public var threshold: Double?
    public var precision: Double?
    public var recall: Double
}

/// Why the engine missed token-less clicked installs.
public struct MissBreakdown: Sendable, Hashable, Encodable {
    /// No click of the person was among the candidates (network and signature both changed,
    /// or the click was consumed by another install).
    public var notFetched = 0
    /// The right click was the best candidate but under the threshold.
    public var rightButUnsure = 0
    /// Another person's click was the best candidate (attributed or not).
    public var otherPersonBest = 0
    /// For `notFetched`: how the person's latest click differs from the install ("network
    /// changed · os version"), or "consumed by another install".
    public var notFetchedBecause: [String: Int] = [:]
}

/// Everything measured at one click density.
public struct DensityReport: Sendable, Encodable {
    public var clicksPerDay: Double
    public var days: Double
    public var warmUpDays: Double
    public var windowHours: Double
    public var seed: UInt64
    public var threshold: Int
    public var clicks: Int
    public var installs: Int
    /// Measured installs (after the warm-up), by kind.
    public var measuredInstalls: Int
    public var measuredClickedInWindow: Int
    public var measuredWithToken: Int
    public var measuredOrganic: Int
    /// Clicked installs whose click is older than the window.
    public var measuredLate: Int
    /// Clicks inside the window at the end, by platform as the server sees it.
    public var windowClicks: [String: Int]
    /// Share of measured clicked installs attributed through a click token.
    public var deterministicShare: Double
    public var engine: MatcherReport
    public var baselines: [MatcherReport]
    public var oracle: OracleBound
    public var misses: MissBreakdown
    /// Engine, token-less installs, by platform.
    public var engineByPlatform: [String: MatchMetrics]
    /// Engine precision/recall over the threshold (token-less, then all installs).
    public var engineCurve: [MatchMetrics]
    public var engineCurveAll: [MatchMetrics]
    /// Engine calibration (token-less installs with a candidate), overall and by platform.
    public var calibration: [CalibrationBucket]
    public var calibrationByPlatform: [String: [CalibrationBucket]]
    /// The published baseline's score (as a percentage) against observed correctness.
    public var baselineCalibration: [CalibrationBucket]
    /// Each matcher's best recall over token-less installs at precision ≥ 0.97, at the lowest
    /// threshold that keeps it there.
    public var recallAtPrecision: [OperatingPoint]
    /// The plain likelihood-ratio baseline's probability against observed correctness.
    public var plainCalibration: [CalibrationBucket]
    /// Baseline precision/recall over their score thresholds (token-less installs).
    public var baselineCurves: [String: [MatchMetrics]]
    public var seconds: Double
    /// With learning: each platform's model at the end of the run.
    public var learned: [String: LearnedParameters] = [:]
    /// With learning: each platform's share of token-less installs that followed a click in the
    /// window, the truth that `learned`'s clicked share estimates.
    public var clickedShareTruth: [String: Double] = [:]
    /// With learning: whether each platform's final model, held at the true clicked share of the
    /// measured token-less installs its last fit read, says it back.
    public var mixtureAtTruth: [String: MixtureCheck] = [:]
    /// With learning: how long each platform fit took (seconds), in order.
    public var fitSeconds: [Double] = []
    /// With learning and a target precision: token-less installs answered at the cut the engine
    /// chose for that precision by its own estimate, at the time of each answer.
    public var atTargetPrecision: MatchMetrics?
}
