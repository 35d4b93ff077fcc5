import Foundation
@testable import LandfallAttribution
import LandfallRandom

/// Observations drawn from the engine's own model of an app, so a fit's answers can be checked
/// against the numbers that made them: strangers agree on each value as often as it is shared
/// (independently: the pairs' and the signature's joint shares are the products), the installing
/// person keeps each value with its persistence, and the delay follows a known mixture. The
/// shares an install carries are counted as the server counts them, over every click in the
/// window: the installer's own click adds one to each value it kept.
struct SyntheticObservations {
    var clickedShare: Double
    var tokenShare = 0.0
    var windowClicks = 2_000
    var window: TimeInterval = 7 * 86_400
    var delay = DelayModel(quickShare: 0.6, quickMedian: 200, quickLogSigma: 0.7, slowMedian: 6 * 3600, slowLogSigma: 1.5)
    var persistence: [Factor: Double] = [.ipPrefix: 0.5, .osVersion: 0.97, .screen: 0.99, .timezone: 0.99, .language: 0.95]
    var ipShort = 0.8
    /// Share of clicks that carry an OS version, hence a device signature the index finds them by.
    var keyedShare = 1.0
    /// Shares of the install's values among strangers' clicks.
    var ipShare = 0.0015
    var osShare = 0.25
    var screenShare = 0.12
    var timezoneShare = 0.3
    var languageShare = 0.7
    /// When set, look-alikes follow regions: each install's screen, time zone and language are
    /// shared by a number of strangers' clicks drawn around one of these means (a screen common
    /// in one city and rare in the next), not by the product of the values' app-wide shares, and
    /// the install's signature share is that count, as the server counts it.
    var lookAlikeMeans: [Double]? = nil
    /// When set, networks differ: each install's network holds a number of strangers' clicks
    /// drawn around one of these means (most a home's few, some a carrier's many), not around
    /// `ipShare` of the window's clicks.
    var networkRates: [Double]? = nil

    /// Whether the install `next()` drew last followed a click, found by the indexes or not.
    private(set) var lastFollowedClick = false
    private var generator: SplitMix64

    init(clickedShare: Double, seed: UInt64) {
        self.clickedShare = clickedShare
        generator = SplitMix64(seed: seed)
    }

    /// The strangers' shares, plus one click for each value `own` kept (nil: the install followed no click).
    /// The network's is counted from the clicks on it, `strangersOnNetwork` and the installer's,
    /// as the server counts a prefix; nil keeps the strangers' expected share.
    func shares(own: MatchObservation.Candidate? = nil, lookAlikeStrangers: Int? = nil, strangersOnNetwork: Int? = nil) -> InstallShares {
        let oneClick = 1 / Double(windowClicks + 1)
        func counted(_ share: Double, _ agreements: MatchObservation.Agreement?...) -> Double {
            own != nil && agreements.allSatisfy({ $0 == .agrees }) ? share + oneClick : share
        }
        let signature =
            lookAlikeStrangers.map { strangers in
                counted((Double(strangers) + 0.5) / Double(windowClicks + 1), own?.screen, own?.timezone, own?.language)
            } ?? counted(screenShare * timezoneShare * languageShare, own?.screen, own?.timezone, own?.language)
        return InstallShares(
            ip: counted(strangersOnNetwork.map { (Double($0) + 0.5) / Double(windowClicks + 1) } ?? ipShare, own?.ip),
            osVersion: counted(osShare, own?.osVersion), screen: counted(screenShare, own?.screen),
            timezone: counted(timezoneShare, own?.timezone), language: counted(languageShare, own?.language),
            device: counted(osShare * screenShare, own?.osVersion, own?.screen),
            locale: counted(timezoneShare * languageShare, own?.timezone, own?.language),
            signature: signature,
            floor: 0.5 / Double(windowClicks + 1)
        )
    }

    /// One install's observation, and whether it truly followed a click (then its click is the
    /// candidate at `truth`).
    mutating func next() -> (observation: MatchObservation, truth: Int?) {
        var candidates: [MatchObservation.Candidate] = []
        // Strangers found through the network or the device signature.
        let signatureShare = osShare * screenShare * timezoneShare * languageShare
        let bySignature = poisson(Double(windowClicks) * signatureShare * keyedShare)
        let networkRate = networkRates.map { $0[Int(uniform() * Double($0.count)) % $0.count] } ?? Double(windowClicks) * ipShare
        let byNetwork = poisson(networkRate)
        for _ in 0..<bySignature {
            candidates.append(stranger(ip: uniform() < ipShare ? .agrees : .differs, signature: true))
        }
        for _ in 0..<byNetwork {
            var stranger = stranger(ip: .agrees, signature: false)
            if uniform() >= keyedShare { stranger.osVersion = .unknown }
            candidates.append(stranger)
        }
        var truth: Int?
        var ownClick: MatchObservation.Candidate?
        let clicked = uniform() < clickedShare
        lastFollowedClick = clicked
        let labelled = clicked && uniform() < tokenShare
        if clicked {
            let delay = drawDelay()
            let ipKeep = persistence[.ipPrefix]! + (ipShort - persistence[.ipPrefix]!) * exp(-delay / 7200)
            var own = MatchObservation.Candidate(
                delay: delay, ip: uniform() < ipKeep ? .agrees : .differs,
                osVersion: keep(.osVersion), screen: keep(.screen), timezone: keep(.timezone), language: keep(.language)
            )
            if uniform() >= keyedShare { own.osVersion = .unknown }
            let fetched = own.ip == .agrees || own.agreesOnSignature
            own.fetched = fetched
            ownClick = own
            if fetched || labelled {
                candidates.append(own)
                truth = candidates.count - 1
            }
        }
        // Every click its own device: strangers, and one click of the installing person.
        for index in candidates.indices { candidates[index].group = index }
        let strangersOnNetwork = candidates.indices.filter { $0 != truth && candidates[$0].ip == .agrees }.count
        let lookAlikeStrangers = lookAlikeMeans.map { means in poisson(means[Int(uniform() * Double(means.count)) % means.count]) }
        var observation = MatchObservation(
            platform: .android, window: window, clickCount: windowClicks,
            shares: shares(own: ownClick, lookAlikeStrangers: lookAlikeStrangers, strangersOnNetwork: strangersOnNetwork),
            candidates: candidates
        )
        if labelled, let truth { observation.label = truth }
        if !labelled, let truth, !candidates[truth].fetched {
            // A clicked install whose click the indexes missed: what the engine sees is the rest.
            observation.candidates.remove(at: truth)
            return (observation, nil)
        }
        return (observation, truth)
    }

    private mutating func stranger(ip: MatchObservation.Agreement, signature: Bool) -> MatchObservation.Candidate {
        func agree(_ share: Double) -> MatchObservation.Agreement { signature || uniform() < share ? .agrees : .differs }
        return MatchObservation.Candidate(
            delay: uniform() * window, ip: ip, osVersion: agree(osShare), screen: agree(screenShare), timezone: agree(timezoneShare),
            language: agree(languageShare)
        )
    }

    private mutating func keep(_ factor: Factor) -> MatchObservation.Agreement {
        uniform() < persistence[factor, default: 0.9] ? .agrees : .differs
    }

    private mutating func drawDelay() -> TimeInterval {
        let quick = uniform() < delay.quickShare
        let median = quick ? delay.quickMedian : delay.slowMedian
        let sigma = quick ? delay.quickLogSigma : delay.slowLogSigma
        return min(window - 1, max(1, median * exp(sigma * normal())))
    }

    private mutating func poisson(_ mean: Double) -> Int {
        let limit = exp(-mean)
        var product = uniform()
        var count = 0
        while product > limit {
            product *= uniform()
            count += 1
        }
        return count
    }

    private mutating func normal() -> Double {
        let u = max(1e-12, uniform())
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * uniform())
    }

    private mutating func uniform() -> Double {
        generator.nextUnitInterval()
    }
}
