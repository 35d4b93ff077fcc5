import Foundation
import Testing
@testable import LandfallAttribution

@Suite("Attribution model fit")
struct AttributionModelFitTests {
    static func observations(clickedShare: Double, tokenShare: Double = 0, count: Int, seed: UInt64) -> [MatchObservation] {
        var synthetic = SyntheticObservations(clickedShare: clickedShare, seed: seed)
        synthetic.tokenShare = tokenShare
        return (0..<count).map { _ in synthetic.next().observation }
    }

    @Test("An unlabelled fit recovers the share of installs that followed a click", arguments: [0.2, 0.5, 0.85])
    func recoversClickedShare(truth: Double) {
        let observations = Self.observations(clickedShare: truth, count: 4_000, seed: 7)
        let fitted = AttributionModelFit().fit(observations, platform: .android)
        // Clicked installs whose click the indexes missed look organic to any matcher (a few
        // percent here), and the persistences stay at the defaults without labels, so the fitted
        // share sits a little under the truth: never above it by more than noise.
        let share = fitted.clickedInstallShare
        #expect(share > truth - 0.12 && share < truth + 0.05, "fitted \(share) for \(truth)")
        #expect(fitted.evidence.converged)
        #expect(fitted.isUsable)
    }

    @Test(
        "Clicks without a signature: an unfound click may be the installer's own, and the share is still recovered", arguments: [0.3, 0.7])
    func clicksWithoutSignatureKeepTheShare(truth: Double) {
        var synthetic = SyntheticObservations(clickedShare: truth, seed: 19)
        synthetic.keyedShare = 0
        let observations = (0..<4_000).map { _ in synthetic.next().observation }
        let fitted = AttributionModelFit().fit(observations, platform: .android)
        // Only the network finds a click here, and it holds for about half the installs: a fit
        // that took every unfound click for a stranger learned about half the true share.
        let unfetched = fitted.unfetchedLikelihoodRatio ?? 0
        #expect(unfetched > 0.3 && unfetched < 0.6, "unfetched likelihood ratio \(unfetched)")
        #expect(abs(fitted.clickedInstallShare - truth) < 0.1, "fitted \(fitted.clickedInstallShare) for \(truth)")
        #expect(fitted.evidence.networkCandidates ?? 0 > 0)
    }

    @Test("The reach of the indexes: the network over the delays, then the signature where clicks carry one")
    func reachOfTheIndexes() {
        let quick = DelayModel(quickShare: 1, quickMedian: 60, quickLogSigma: 0.3, slowMedian: 3600, slowLogSigma: 1)
        let slow = DelayModel(quickShare: 0, quickMedian: 60, quickLogSigma: 0.3, slowMedian: 30 * 86_400, slowLogSigma: 0.3)
        let soon = OwnClickReach.networkPersistence(delay: quick, short: 0.8, long: 0.4, decay: 7200)
        let late = OwnClickReach.networkPersistence(delay: slow, short: 0.8, long: 0.4, decay: 7200)
        #expect(abs(soon - 0.8) < 0.01 && abs(late - 0.4) < 0.01, "soon \(soon), late \(late)")
        #expect(OwnClickReach.reach(network: 0.5, signatureShare: 0, signaturePersistence: 0.9) == 0.5)
        #expect(abs(OwnClickReach.reach(network: 0.5, signatureShare: 1, signaturePersistence: 0.9) - 0.95) < 1e-12)
        let unknown = MatchObservation.Candidate(delay: 60, ip: .agrees, screen: .agrees, timezone: .agrees, language: .agrees)
        var known = unknown
        known.osVersion = .differs
        var elsewhere = known
        elsewhere.ip = .differs
        let observation = MatchObservation(
            platform: .ios, window: 86_400, clickCount: 10, shares: InstallShares(floor: 0.01),
            candidates: [unknown, known, known, elsewhere]
        )
        // Only candidates found on the network count: the signature index finds keyed clicks alone.
        #expect(OwnClickReach.signatureShare([observation])?.share == 2.0 / 3.0)
    }

    @Test("Labelled installs teach the delay and how often one person keeps a network")
    func labelledPairsTeachDelayAndPersistence() {
        var synthetic = SyntheticObservations(clickedShare: 1, seed: 11)
        synthetic.tokenShare = 1
        synthetic.delay = DelayModel(quickShare: 0.3, quickMedian: 90, quickLogSigma: 0.5, slowMedian: 30 * 3600, slowLogSigma: 1.0)
        let observations = (0..<3_000).map { _ in synthetic.next().observation }
        let fitted = AttributionModelFit().fit(observations, platform: .android)
        #expect(abs(fitted.delay.quickShare - 0.3) < 0.08, "quick share \(fitted.delay.quickShare)")
        #expect(fitted.delay.quickMedian > 60 && fitted.delay.quickMedian < 140, "quick median \(fitted.delay.quickMedian)")
        #expect(fitted.delay.slowMedian > 15 * 3600 && fitted.delay.slowMedian < 45 * 3600, "slow median \(fitted.delay.slowMedian)")
        let language = fitted.persistence[Factor.language.rawValue] ?? 0
        #expect(abs(language - 0.95) < 0.03, "language persistence \(language)")
        #expect(fitted.evidence.labelled == 3_000)
    }

    @Test("Labelled pairs decide the network's persistence over unlabelled candidates that disagree with them")
    func labelledPairsDecideTheNetwork() {
        let shares = InstallShares(ip: 0.01, osVersion: 0.2, screen: 0.2, timezone: 0.3, language: 0.5, floor: 0.001)
        // 200 installs whose token named a click ten minutes earlier: four in five kept the network.
        let labelled = (0..<200).map { index in
            let candidate = MatchObservation.Candidate(
                delay: 600, ip: index % 5 == 0 ? .differs : .agrees, osVersion: .agrees, screen: .agrees, timezone: .agrees,
                language: .agrees)
            return MatchObservation(platform: .android, window: 86_400, clickCount: 50, shares: shares, candidates: [candidate], label: 0)
        }
        // 600 token-less installs, each with one candidate that agrees on the signature but not the
        // network: strangers who look alike, or installers who moved; the mixture cannot tell.
        let stranger = MatchObservation.Candidate(
            delay: 600, ip: .differs, osVersion: .agrees, screen: .agrees, timezone: .agrees, language: .agrees)
        let unlabelled = (0..<600).map { _ in
            MatchObservation(platform: .android, window: 86_400, clickCount: 50, shares: shares, candidates: [stranger])
        }
        let withoutLabels = AttributionModelFit().fit(unlabelled, platform: .android).ipPersistenceShort
        let fitted = AttributionModelFit().fit(labelled + unlabelled, platform: .android)
        // Alone, the candidates pull the persistence well under the defaults' 0.75. Beside 200
        // labelled pairs their estimate weighs as 20 pairs, however many candidates it came from:
        // the persistence is at least 160 agreements in 220 (merged with them, about 0.3).
        #expect(withoutLabels < 0.65, "unlabelled alone \(withoutLabels)")
        let pairs = AttributionModelFit.NetworkCounts.candidatesWeighAsPairs
        #expect(fitted.ipPersistenceShort >= 160 / (200 + pairs) - 1e-9, "with labels \(fitted.ipPersistenceShort)")
        #expect(fitted.ipPersistenceShort < 0.8)
        #expect(fitted.evidence.persistencePairs["ip_short"] ?? 0 > 200)
    }

    @Test("The share is solved outright: where EM's rounds crawl, it lands on their limit")
    func clickedShareIsTheMixtureOptimum() {
        // Four installs in five say almost nothing either way (both likelihoods alike), so a plain
        // EM round moves the share about a fifth of the remaining way: 40 rounds from 0.5 stop short.
        var mixture: [(organic: Double, clicked: Double)] = []
        for index in 0..<1_000 {
            switch index % 10 {
            case 0, 1: mixture.append((1, index % 10 == 0 ? 50 : 0.02))
            default: mixture.append((1, 1.1))
            }
        }
        var share = 0.5
        for _ in 0..<5_000 {
            let clicked = mixture.reduce(0.0) { sum, install in
                sum + install.clicked * share / (install.organic * (1 - share) + install.clicked * share)
            }
            share = (clicked + 0.5 * 10) / (Double(mixture.count) + 10)
        }
        let solved = AttributionModelFit.clickedShare(mixture, prior: 0.5, priorWeight: 10)
        #expect(abs(solved - share) < 1e-6, "solved \(solved), EM's limit \(share)")
    }

    @Test("Installs that say nothing leave the share at the defaults'")
    func uninformativeInstallsKeepThePrior() {
        let mixture = Array(repeating: (organic: 2.0, clicked: 2.0), count: 500)
        #expect(abs(AttributionModelFit.clickedShare(mixture, prior: 0.85, priorWeight: 10) - 0.85) < 1e-6)
        #expect(abs(AttributionModelFit.clickedShare([], prior: 0.3, priorWeight: 10) - 0.3) < 1e-6)
    }

    @Test("A handful of installs barely moves the defaults")
    func fewInstallsStayNearDefaults() {
        let defaults = LearnedParameters(defaults: AttributionConfiguration(), platform: .android)
        let observations = Self.observations(clickedShare: 0.05, count: 10, seed: 3)
        let fitted = AttributionModelFit().fit(observations, platform: .android)
        // The defaults weigh as 20 installs: ten that all look organic move the share a third of
        // the way toward 0.05 at most.
        #expect(abs(fitted.clickedInstallShare - defaults.clickedInstallShare) < 0.16)
    }

    @Test("No installs: the defaults, usable, with no evidence")
    func noInstalls() {
        let fitted = AttributionModelFit().fit([], platform: .ios)
        let defaults = LearnedParameters(defaults: AttributionConfiguration(), platform: .ios)
        #expect(fitted.clickedInstallShare == defaults.clickedInstallShare)
        #expect(fitted.delay == defaults.delay)
        #expect(fitted.evidence.installs == 0)
        #expect(fitted.isUsable)
    }

    @Test("Another platform's installs are not learned from")
    func otherPlatformIgnored() {
        let observations = Self.observations(clickedShare: 0.2, count: 500, seed: 5)
        let fitted = AttributionModelFit().fit(observations, platform: .ios)
        #expect(fitted.evidence.installs == 0)
    }

    @Test("With the learned model, the engine's confidence is a probability on the app")
    func learnedModelIsCalibrated() {
        let training = Self.observations(clickedShare: 0.5, count: 4_000, seed: 21)
        let fitted = AttributionModelFit().fit(training, platform: .android)
        var configuration = fitted.applied(to: AttributionConfiguration(), platform: .android)
        configuration.calibration = .identity
        configuration.threshold = 0
        let engine = AttributionEngine(configuration: configuration)
        var synthetic = SyntheticObservations(clickedShare: 0.5, seed: 99)
        var buckets = [(predicted: Double, right: Double, count: Double)](repeating: (0, 0, 0), count: 10)
        for _ in 0..<6_000 {
            let (observation, truth) = synthetic.next()
            guard let evaluation = engine.evaluate(observation) else { continue }
            let slot = min(9, Int(evaluation.probability * 10))
            buckets[slot].predicted += evaluation.probability
            buckets[slot].right += evaluation.index == truth ? 1 : 0
            buckets[slot].count += 1
        }
        for bucket in buckets where bucket.count >= 100 {
            let gap = abs(bucket.right / bucket.count - bucket.predicted / bucket.count)
            #expect(
                gap < 0.06,
                "decile with \(Int(bucket.count)) installs: predicted \(bucket.predicted / bucket.count), right \(bucket.right / bucket.count)"
            )
        }
    }
}
