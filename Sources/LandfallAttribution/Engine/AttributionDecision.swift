/// The engine's answer for one install.
public struct AttributionDecision: Sendable, Hashable {
    public enum Method: String, Sendable, Hashable, Codable {
        /// The install carried a click token: certain.
        case deterministic
        /// Matched on signals with a calibrated probability at or above the threshold.
        case probabilistic
        /// No click explains the install well enough: say so rather than guess.
        case organic
    }

    public var method: Method
    /// The matched click, or nil for organic.
    public var clickId: String?
    /// The probability that `clickId` is the click behind the install, 0-100. For an organic
    /// answer: the best candidate's probability, which stayed under the threshold.
    public var confidence: Int
    /// The exact probability behind `confidence`.
    public var probability: Double
    /// Factors on which the matched click and the install agree (`ip`, `screen`, `timezone`, …).
    public var matchedFactors: [String]

    public init(method: Method, clickId: String?, confidence: Int, probability: Double, matchedFactors: [String]) {
        self.method = method
        self.clickId = clickId
        self.confidence = confidence
        self.probability = probability
        self.matchedFactors = matchedFactors
    }

    /// A click token named the click.
    public static func deterministic(clickId: String) -> AttributionDecision {
        AttributionDecision(method: .deterministic, clickId: clickId, confidence: 100, probability: 1, matchedFactors: ["click_token"])
    }

    /// No click is credited, and no candidate was weighed.
    public static let organic = AttributionDecision(method: .organic, clickId: nil, confidence: 0, probability: 0, matchedFactors: [])
}
