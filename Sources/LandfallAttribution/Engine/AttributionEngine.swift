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
        let eligible = candidates.filter { click in
            let delay = install.reportedAt.timeIntervalSince(click.clickedAt)
            return click.appId == install.appId && click.platform == install.platform && delay >= 0 && delay <= window
        }
        guard !eligible.isEmpty else {
            return AttributionDecision(method: .organic, clickId: nil, confidence: 0, probability: 0, matchedFactors: [])
        }
        let weights = FactorWeights(install: install, population: population, configuration: configuration)
        let scores = eligible.map { score($0, against: install, weights: weights, window: window) }
        let total = Double(max(population.clickCount, eligible.count))
        let share = configuration.clickedInstallShareByPlatform[install.platform] ?? configuration.clickedInstallShare
        let prior = min(0.999, max(0.001, share))
        // Weight of "the install came from none of these clicks": organic installs, plus every
        // window click the indexes did not fetch.
        let unfetched = max(0, total - Double(eligible.count)) * configuration.unfetchedLikelihoodRatio
        let background = total * (1 - prior) / prior + unfetched
        let evidence = scores.reduce(0) { $0 + $1.likelihoodRatio }

        // Group clicks of one device; the group's probability is the sum of its members'.
        var groups: [String: [Int]] = [:]
        for (index, click) in eligible.enumerated() {
            groups[Self.deviceKey(click), default: []].append(index)
        }
        var best: (probability: Double, index: Int, key: String)?
        for (key, members) in groups {
            let probability = members.reduce(0) { $0 + scores[$1].likelihoodRatio } / (background + evidence)
            let latest = members.max { eligible[$0].clickedAt < eligible[$1].clickedAt } ?? members[0]
            // Ties go to the later click (then the smaller id), not to dictionary order.
            if let current = best,
               (current.probability, eligible[current.index].clickedAt, eligible[latest].clickId)
                   >= (probability, eligible[latest].clickedAt, eligible[current.index].clickId) { continue }
            best = (probability, latest, key)
        }
        guard var best, best.probability.isFinite else {
            return AttributionDecision(method: .organic, clickId: nil, confidence: 0, probability: 0, matchedFactors: [])
        }
        best.probability += sameDeviceElsewhere(
            best: eligible[best.index], bestKey: best.key, eligible: eligible, scores: scores, install: install, weights: weights, total: total
        ) / (background + evidence)
        let probability = configuration.calibration.calibrated(min(1, max(0, best.probability)), clickCount: Int(total))
        let confidence = Int((probability * 100).rounded(.down))
        guard confidence >= configuration.threshold else {
            return AttributionDecision(method: .organic, clickId: nil, confidence: confidence, probability: probability, matchedFactors: [])
        }
        return AttributionDecision(
            method: .probabilistic, clickId: eligible[best.index].clickId, confidence: confidence,
            probability: probability, matchedFactors: scores[best.index].matchedFactors
        )
    }

    /// The likelihood ratio of one click against the install.
    public func score(_ click: ClickEvidence, against install: InstallEvidence, population: some PopulationStatistics, window: TimeInterval) -> Score {
        score(click, against: install, weights: FactorWeights(install: install, population: population, configuration: configuration), window: window)
    }

    func score(_ click: ClickEvidence, against install: InstallEvidence, weights: FactorWeights, window: TimeInterval) -> Score {
        var ratio = 1.0
        var matched: [String] = []
        let delay = install.reportedAt.timeIntervalSince(click.clickedAt)
        var sameNetwork = false
        if let ip = weights.ip, let clickPrefix = click.ipPrefix {
            var term = ip
            term.persistence = weights.ipPersistence(after: delay)
            sameNetwork = clickPrefix == ip.installValue
            ratio *= FactorWeights.ratio(term, agrees: sameNetwork)
            if sameNetwork { matched.append(Factor.ipPrefix.rawValue) }
        }
        for single in weights.singles {
            guard let agrees = Self.agreement(single.factor, click, install, single.installValue) else { continue }
            ratio *= FactorWeights.ratio(single, agrees: agrees)
            if agrees { matched.append(single.factor.rawValue) }
        }
        for pair in weights.pairs {
            if sameNetwork, pair.first.factor == .timezone {
                for single in [weights.timezoneOnSameNetwork, weights.languageOnSameNetwork].compactMap({ $0 }) {
                    guard let agrees = Self.agreement(single.factor, click, install, single.installValue) else { continue }
                    ratio *= FactorWeights.ratio(single, agrees: agrees)
                    if agrees { matched.append(single.factor.rawValue) }
                }
                continue
            }
            let first = Self.agreement(pair.first.factor, click, install, pair.first.installValue)
            let second = Self.agreement(pair.second.factor, click, install, pair.second.installValue)
            switch (first, second) {
            case (true?, true?): ratio *= pair.bothAgree
            case (true?, false?): ratio *= pair.onlyFirst
            case (false?, true?): ratio *= pair.onlySecond
            case (false?, false?): ratio *= pair.neither
            case let (agrees?, nil): ratio *= FactorWeights.ratio(pair.first, agrees: agrees)
            case let (nil, agrees?): ratio *= FactorWeights.ratio(pair.second, agrees: agrees)
            case (nil, nil): break
            }
            if first == true { matched.append(pair.first.factor.rawValue) }
            if second == true { matched.append(pair.second.factor.rawValue) }
        }
        let timeRatio = delayLikelihoodRatio(delay, window: window)
        ratio *= timeRatio
        if timeRatio > 1 { matched.append(Factor.time.rawValue) }
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

    /// The click-to-install delay's density against a uniform one over the window: a mixture of
    /// installing right away and coming back later, each log-normal.
    func delayLikelihoodRatio(_ delay: TimeInterval, window: TimeInterval) -> Double {
        guard delay > 0, window > 0 else { return 0 }
        func logNormal(median: TimeInterval, sigma: Double) -> Double {
            let sigma = max(0.1, sigma)
            let z = (log(delay) - log(max(1, median))) / sigma
            return exp(-0.5 * z * z) / (delay * sigma * (2 * Double.pi).squareRoot())
        }
        let quick = min(1, max(0, configuration.quickDelayShare))
        let density = quick * logNormal(median: configuration.quickDelayMedian, sigma: configuration.quickDelayLogSigma)
            + (1 - quick) * logNormal(median: configuration.delayMedian, sigma: configuration.delayLogSigma)
        return density * window
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
