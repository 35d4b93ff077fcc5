import Foundation

/// Matches an install to the click that most probably caused it, or answers organic.
///
/// Every candidate gets a likelihood ratio: for each factor known on both sides, how much more
/// likely the observed agreement (or disagreement) is if the click and the install are the same
/// person than if they are strangers. A stranger agrees on a value as often as that value occurs
/// among the app's recent clicks, so agreeing on a rare time zone counts far more than agreeing on
/// `en-US`. The click-to-install delay enters the same way (a log-normal delay against a uniform
/// one). The ratios become a posterior probability against every other click in the window and
/// against "no click at all", so the confidence is a probability that the simulator can calibrate.
///
/// Clicks that look like one device (same network and signals) are one person clicking several
/// times: their probabilities add up, and the latest of them before the install gets the credit.
public struct AttributionEngine: Sendable {
    public var configuration: AttributionConfiguration

    public init(configuration: AttributionConfiguration = AttributionConfiguration()) {
        self.configuration = configuration
    }

    /// A scored candidate: for reports and the simulator's calibration.
    public struct Score: Sendable, Hashable {
        public var clickId: String
        public var likelihoodRatio: Double
        public var matchedFactors: [String]
    }

    /// Decides for one install.
    ///
    /// - Parameters:
    ///   - candidates: clicks of the same app (a click whose `appId` differs from the install's is
    ///     never eligible) inside the window that share the install's network
    ///     prefix or device signature (the store fetches them through indexes).
    ///   - population: counts over all of the app's clicks on the platform inside the window.
    ///   - window: the attribution window; clicks older than it never match.
    public func decide(
        install: InstallEvidence,
        candidates: [ClickEvidence],
        population: some PopulationStatistics,
        window: TimeInterval
    ) -> AttributionDecision {
        guard configuration.matchesProbabilistically(install.platform) else { return .organic }
        let eligible = Self.eligible(candidates, for: install, window: window)
        guard !eligible.isEmpty else {
            return AttributionDecision(method: .organic, clickId: nil, confidence: 0, probability: 0, matchedFactors: [])
        }
        let observation = Self.observe(install: install, eligible: eligible, population: population, window: window)
        return decide(observation, clickIds: eligible.map(\.clickId))
    }

    /// The decision for an observation whose candidates are the clicks `clickIds`, in order.
    public func decide(_ observation: MatchObservation, clickIds: [String]) -> AttributionDecision {
        guard let best = evaluate(observation) else {
            return AttributionDecision(method: .organic, clickId: nil, confidence: 0, probability: 0, matchedFactors: [])
        }
        let confidence = Int((best.probability * 100).rounded(.down))
        guard confidence >= configuration.threshold, clickIds.indices.contains(best.index) else {
            return AttributionDecision(
                method: .organic, clickId: nil, confidence: confidence, probability: best.probability, matchedFactors: [])
        }
        return AttributionDecision(
            method: .probabilistic, clickId: clickIds[best.index], confidence: confidence, probability: best.probability,
            matchedFactors: best.matchedFactors
        )
    }

    /// Candidates the engine may weigh: the install's app and platform, before it, inside the window.
    public static func eligible(_ candidates: [ClickEvidence], for install: InstallEvidence, window: TimeInterval) -> [ClickEvidence] {
        candidates.filter { click in
            let delay = install.reportedAt.timeIntervalSince(click.clickedAt)
            return click.appId == install.appId && click.platform == install.platform && delay >= 0 && delay <= window
        }
    }

    /// The likelihood ratio of one click against the install.
    public func score(_ click: ClickEvidence, against install: InstallEvidence, population: some PopulationStatistics, window: TimeInterval)
        -> Score
    {
        let observation = Self.observe(install: install, eligible: [click], population: population, window: window)
        let (ratio, matched) = likelihoodRatio(observation.candidates[0], shares: observation.shares, window: window)
        return Score(clickId: click.clickId, likelihoodRatio: ratio, matchedFactors: matched)
    }

    /// Whether the click agrees with the install on `factor`; nil when the click does not say.
    /// Screens are compared as sizes, so the click's bucket text is never built.
    static func agreement(_ factor: Factor, _ click: ClickEvidence, _ install: InstallEvidence, _ installValue: String) -> Bool? {
        if factor == .screen {
            guard let clickScreen = click.screen, let installScreen = install.screen else { return nil }
            return screensAgree(installScreen, clickScreen)
        }
        guard let clickValue = factor.value(of: click) else { return nil }
        return clickValue == installValue
    }

    /// Screens agree within rounding (a page's CSS pixels × devicePixelRatio can be a pixel or two
    /// off the native size); every other factor agrees exactly.
    static func screensAgree(_ a: ScreenSize, _ b: ScreenSize) -> Bool {
        func close(_ x: Int, _ y: Int) -> Bool { abs(x - y) <= max(4, max(x, y) / 100) }
        return close(a.short, b.short) && close(a.long, b.long)
    }

    /// Clicks from one network prefix with the same screen, time zone, language (and OS version,
    /// when known) are one device clicking again. Without a prefix, or without those signals, the
    /// same values are shared by strangers (a popular phone on carrier-grade NAT, a campus /24),
    /// so such a click is a group of its own.
    static func deviceKey(_ click: ClickEvidence) -> String {
        guard let ipPrefix = click.ipPrefix, let screen = click.screen, let timezone = click.timezone,
            let language = click.language
        else { return "click:" + click.clickId }
        return [ipPrefix, click.osVersion ?? "-", screen.bucket, timezone, language].joined(separator: "|")
    }
}
