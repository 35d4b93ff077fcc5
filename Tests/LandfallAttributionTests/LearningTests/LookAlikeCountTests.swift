import Foundation
import Testing
@testable import LandfallAttribution

/// The window's clicks the indexes did not fetch are weighed by how many of them look like the
/// install's device (screen, time zone and language, on their joint count): an installer's
/// unfetched click mostly does, a stranger's only as often as that count says.
@Suite("Look-alikes among the unfetched clicks")
struct LookAlikeCountTests {
    static let clicks = 2_000
    static let floor = 0.5 / Double(clicks + 1)

    /// An observation with `fetched` candidates and the install's signature counted `lookAlikes` times.
    static func observation(lookAlikes: Int, fetched: [MatchObservation.Candidate] = []) -> MatchObservation {
        MatchObservation(
            platform: .android, window: 7 * 86_400, clickCount: clicks,
            shares: InstallShares(
                screen: 0.1, timezone: 0.3, language: 0.7, locale: 0.2,
                signature: lookAlikes > 0 ? (Double(lookAlikes) + 0.5) / Double(clicks + 1) : floor, floor: floor),
            candidates: fetched
        )
    }

    /// Counts with strangers' look-alikes seldom more than one: one look-alike is twice as likely
    /// with the installer's own among them, two about as likely either way.
    static let ratios = [0, 2, 1.2, 1]

    static func engine(lookAlikeShare: Double?, ratios: [Double]? = ratios) -> AttributionEngine {
        var configuration = AttributionConfiguration()
        configuration.unfetchedLikelihoodRatio = 0.4
        configuration.unfetchedLookAlikeShare = lookAlikeShare
        configuration.unfetchedLookAlikeCountRatios = ratios
        return AttributionEngine(configuration: configuration)
    }

    @Test("Without a learned look-alike share or count ratios every unfetched click weighs alike")
    func uniformWithoutTheShare() {
        for engine in [Self.engine(lookAlikeShare: nil), Self.engine(lookAlikeShare: 0.9, ratios: nil)] {
            for count in [0, 1, 40] {
                #expect(engine.unfetchedWeight(Self.observation(lookAlikes: count), fetchedCount: 0) == 0.4 * Double(Self.clicks))
            }
        }
    }

    @Test("No look-alike keeps only the part of the weight that is no look-alike; each count weighs by its ratio")
    func theCountMovesTheWeight() {
        let engine = Self.engine(lookAlikeShare: 0.9)
        let uniform = 0.4 * Double(Self.clicks)
        let weights = [0, 1, 2, 400].map { engine.unfetchedWeight(Self.observation(lookAlikes: $0), fetchedCount: 0) / uniform }
        #expect(abs(weights[0] - 0.1) < 1e-9, "none \(weights[0])")
        #expect(abs(weights[1] - (0.9 * 2 + 0.1)) < 1e-9, "one \(weights[1])")
        #expect(abs(weights[2] - (0.9 * 1.2 + 0.1)) < 1e-9, "two \(weights[2])")
        // Counts past the ratios' last are pooled with it.
        #expect(abs(weights[3] - 1) < 1e-9, "many \(weights[3])")
    }

    @Test("A fetched look-alike is not among the unfetched")
    func fetchedLookAlikesAreNotCountedTwice() {
        let engine = Self.engine(lookAlikeShare: 0.9)
        let found = MatchObservation.Candidate(delay: 600, ip: .agrees, screen: .agrees, timezone: .agrees, language: .agrees)
        var other = found
        other.language = .differs
        #expect(AttributionEngine.unfetchedLookAlikes(Self.observation(lookAlikes: 1, fetched: [found]), fetchedCount: 1) == 0)
        #expect(AttributionEngine.unfetchedLookAlikes(Self.observation(lookAlikes: 1, fetched: [other]), fetchedCount: 1) == 1)
        let withIt = engine.unfetchedWeight(Self.observation(lookAlikes: 1, fetched: [found]), fetchedCount: 1)
        let withOther = engine.unfetchedWeight(Self.observation(lookAlikes: 1, fetched: [other]), fetchedCount: 1)
        #expect(abs(withOther / withIt - 19) < 1e-9)
    }

    @Test("Count ratios are P(c − 1) / P(c) of the strangers' counts: none for no look-alike, even when pooled, finite when sparse")
    func countRatiosFromTheTally() {
        var counts = [Double](repeating: 0, count: AttributionModelFit.lookAlikeCountBins)
        counts[0] = 600
        counts[1] = 300
        counts[2] = 100
        let ratios = AttributionModelFit.lookAlikeCountRatios(counts) ?? []
        let k = AttributionModelFit.lookAlikeCountPseudoCount
        #expect(ratios.count == counts.count)
        #expect(ratios.first == 0 && ratios.last == 1)
        #expect(abs(ratios[1] - (600 + k) / (300 + k)) < 1e-12)
        #expect(abs(ratios[3] - (100 + k) / k) < 1e-12)
        #expect(ratios.allSatisfy { $0.isFinite })
        #expect(AttributionModelFit.lookAlikeCountRatios([Double](repeating: 0, count: 10)) == nil)
    }

    @Test("The share of an installer's unfetched clicks that look alike: nearly all without OS versions, the OS updates alone with them")
    func lookAlikeShareOfTheReach() {
        let kept = 0.99 * 0.99 * 0.95
        let noVersions = OwnClickReach.lookAlikeShare(signatureShare: 0, lookAlikePersistence: kept, osVersionPersistence: 0.97)
        #expect(abs(noVersions - kept) < 1e-12)
        let allVersions = OwnClickReach.lookAlikeShare(signatureShare: 1, lookAlikePersistence: kept, osVersionPersistence: 0.97)
        #expect(abs(allVersions - kept * 0.03 / (1 - kept * 0.97)) < 1e-12)
        #expect(OwnClickReach.lookAlikeShare(signatureShare: 1, lookAlikePersistence: 1, osVersionPersistence: 1) == 0)
    }

    /// `clickedShare` of the installs clicked, clicks without OS versions (only the network finds them), and
    /// screens that follow regions: an install's look-alikes are a handful in one place and a crowd
    /// in another, whatever the product of the app-wide shares says.
    static func regionalWorld(clickedShare: Double, seed: UInt64) -> (observations: [MatchObservation], clicked: [Bool]) {
        var synthetic = SyntheticObservations(clickedShare: clickedShare, seed: seed)
        synthetic.keyedShare = 0
        synthetic.tokenShare = 0.1
        synthetic.lookAlikeMeans = [0.2, 0.5, 2, 8, 40, 150]
        var observations: [MatchObservation] = []
        var clicked: [Bool] = []
        for _ in 0..<4_000 {
            observations.append(synthetic.next().observation)
            clicked.append(synthetic.lastFollowedClick)
        }
        return (observations, clicked)
    }

    /// The mean squared error of each token-less install's probability of having followed a click.
    static func brier(_ engine: AttributionEngine, _ world: (observations: [MatchObservation], clicked: [Bool])) -> Double {
        var sum = 0.0
        var count = 0
        for (observation, clicked) in zip(world.observations, world.clicked) where observation.label == nil {
            let fetched = observation.candidates.filter(\.fetched)
            let evidence = fetched.reduce(0) {
                $0 + engine.likelihoodRatio($1, shares: observation.shares, window: observation.window).ratio
            }
            let background = engine.background(observation, fetchedCount: fetched.count)
            let total = Double(max(observation.clickCount, fetched.count))
            let prior = engine.clickedPrior(observation.platform)
            let organic = total * (1 - prior) / prior
            let probability = (background + evidence - organic) / (background + evidence)
            sum += (probability - (clicked ? 1 : 0)) * (probability - (clicked ? 1 : 0))
            count += 1
        }
        return sum / Double(count)
    }

    @Test("Where look-alikes follow regions, their count tells organic installs apart", arguments: [0.3, 0.8])
    func regionalLookAlikesTellOrganicInstallsApart(clickedShare: Double) {
        let world = Self.regionalWorld(clickedShare: clickedShare, seed: 23)
        let fitted = AttributionModelFit().fit(world.observations, platform: .android)
        var plainFit = AttributionModelFit()
        plainFit.weighsLookAlikeCounts = false
        let plain = plainFit.fit(world.observations, platform: .android)
        #expect(plain.unfetchedLookAlikeShare == nil && plain.unfetchedLookAlikeCountRatios == nil)

        let lookAlikeShare = fitted.unfetchedLookAlikeShare ?? 0
        #expect(lookAlikeShare > 0.85 && lookAlikeShare < 0.95, "look-alike share \(lookAlikeShare)")
        let ratios = fitted.unfetchedLookAlikeCountRatios ?? []
        #expect(ratios.first == 0 && ratios.count > 1 && ratios[1] > 1.5, "ratios \(ratios)")

        func engine(_ parameters: LearnedParameters) -> AttributionEngine {
            var configuration = parameters.applied(to: AttributionConfiguration(), platform: .android)
            configuration.calibration = .identity
            return AttributionEngine(configuration: configuration)
        }
        let learned = Self.brier(engine(fitted), world)
        let without = Self.brier(engine(plain), world)
        #expect(learned < without * 0.99, "Brier score \(learned) with the count, \(without) without")
        // The share is a property of the rest of the model here (clicks found by the network
        // alone); the count must not move it away from the truth.
        let tokenless = zip(world.observations, world.clicked).filter { $0.0.label == nil }
        let truth = Double(tokenless.filter(\.1).count) / Double(tokenless.count)
        #expect(
            abs(fitted.clickedInstallShare - truth) <= abs(plain.clickedInstallShare - truth) + 0.01,
            "fitted \(fitted.clickedInstallShare), \(plain.clickedInstallShare) without the count, for \(truth)")
    }
}
