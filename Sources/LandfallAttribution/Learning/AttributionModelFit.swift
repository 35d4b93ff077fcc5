import Foundation

/// Learns one app's engine numbers on one platform from what the engine saw of its installs.
///
/// Two kinds of install teach it. One that carried a click token is a labelled pair: the click is
/// known, so its delay and which signals one person kept are read off directly (the click is kept
/// even when the indexes would not have fetched it, so nothing is learned only from the easy
/// pairs). A token-less install is a mixture, "one of these clicks" or "no click at all": by
/// expectation-maximisation, each candidate counts by the probability the engine gives it with
/// the current numbers, the share of installs that follow a click is the mean probability of
/// having followed one, and the rounds repeat until the numbers settle. Agreements are counted
/// only where nothing selected on them: the network among candidates on the install's device
/// signature; the device and locale signals from labelled pairs only (strangers on one network
/// share a locale far more often than the app-wide shares say).
///
/// Every estimate starts from the defaults and moves toward the app's own as its evidence grows
/// (`pseudoCount` pairs or installs of the default weigh against the data), so a handful of
/// installs never swings the model.
public struct AttributionModelFit: Sendable {
    /// The factors whose persistence is learned.
    public static let learnedFactors: [Factor] = [.ipPrefix, .osVersion, .deviceModel, .screen, .timezone, .language]

    public var base: AttributionConfiguration
    /// How many pairs the defaults of the delay model and the persistences weigh as.
    public var pseudoCount: Double
    /// How many installs the default share of installs that follow a click weighs as. Far fewer
    /// than `pseudoCount`: most token-less installs say little about whether they followed a
    /// click (no candidate, or only strangers), so each round moves the share only a little
    /// toward the data and a prior of 100 installs pulls the fixed point much further than 100
    /// installs' worth. Measured: an Android share learned 0.83 with a prior of 100 installs at
    /// the default 0.5, 0.90 with 20, 0.95 without, for a truth of 0.94.
    public var sharePseudoCount: Double
    public var maximumIterations: Int
    public var tolerance: Double
    /// Whether the fit learns to weigh the count of look-alikes among the unfetched clicks
    /// (`unfetchedLookAlikeShare` and its count ratios). On the as-posted grid it brings Android's
    /// learned share nearer the truth (mean error 0.077 → 0.067 and 0.068 on two seeds); with the
    /// confidence curves refitted on it, the live path's calibration holds (ECE 1.81 → 1.79 over 14
    /// runs, docs/accuracy-journal.md). Off, every unfetched click weighs alike, as before.
    public var weighsLookAlikeCounts = true
    /// Whether the fit ends by reading a correction of the stated confidence off the labelled
    /// installs (``LabelledCalibration``). Off, the standard curves alone state it, as before.
    public var learnsLabelledCalibration = true
    /// Whether the fit learns how many strangers' clicks a network's count hides
    /// (``NetworkStrangers``). Off, a count is taken with its own smoothing. Off by default: on
    /// the drawn worlds it raised recall at precision 0.97 (0.622 → 0.636) and made the raw
    /// posterior a probability on network and other credits alike, but with its own curves
    /// (``ConfidenceCalibration/networkStrangers``) the stated confidence missed more often
    /// (precision at the target's cut under 0.93 in 6 worlds of 60, 4 before); docs/accuracy-journal.md,
    /// "Strangers on a quiet network".
    public var learnsNetworkStrangers = false

    public init(
        base: AttributionConfiguration = AttributionConfiguration(), pseudoCount: Double = 100, sharePseudoCount: Double = 20,
        maximumIterations: Int = 40, tolerance: Double = 1e-4
    ) {
        self.base = base
        self.pseudoCount = pseudoCount
        self.sharePseudoCount = sharePseudoCount
        self.maximumIterations = maximumIterations
        self.tolerance = tolerance
    }

    /// Delays under this are "right after the click" for the network's short-term persistence,
    /// over `ipLongAfter` they are "later".
    public static let ipShortWithin: TimeInterval = 30 * 60
    public static let ipLongAfter: TimeInterval = 6 * 3600

    /// The parameters for `platform` learned from `observations` (other platforms' are ignored).
    ///
    /// - Parameter start: where the rounds begin (the previous fit, to converge in fewer rounds);
    ///   the estimates still shrink toward the defaults, never toward it.
    public func fit(_ observations: [MatchObservation], platform: DevicePlatform, start: LearnedParameters? = nil) -> LearnedParameters {
        let observations = observations.filter { $0.platform == platform }
        let defaults = LearnedParameters(defaults: base, platform: platform)
        var current = start.flatMap { $0.isUsable ? $0 : nil } ?? defaults
        var iterations = 0
        var converged = false
        let signatures = OwnClickReach.signatureShare(observations)
        let labelledReach = OwnClickReach.labelledReach(observations)
        var evidence = LearnedParameters.Evidence(
            installs: observations.count, labelled: observations.filter { $0.label != nil }.count,
            tokenless: observations.filter { $0.label == nil }.count
        )
        while iterations < maximumIterations {
            iterations += 1
            let tally = expectation(observations, parameters: current, platform: platform)
            var next = maximisation(tally, current: current, defaults: defaults)
            next.unfetchedLikelihoodRatio = unfetchedLikelihoodRatio(
                next, signatures: signatures, labelledReach: labelledReach, installs: tally.tokenless, defaults: defaults)
            next.unfetchedLookAlikeShare = weighsLookAlikeCounts ? lookAlikeShare(next, signatures: signatures) : nil
            next.evidence = evidence
            let change = Self.change(current, next)
            current = next
            evidence.delayPairs = tally.delays.reduce(0) { $0 + $1.weight }
            evidence.persistencePairs = tally.persistence.mapValues(\.total)
            evidence.persistencePairs[Factor.ipPrefix.rawValue] = tally.ipLong.total
            evidence.persistencePairs["ip_short"] = tally.ipShort.total
            if change < tolerance {
                converged = true
                break
            }
        }
        evidence.networkCandidates = signatures?.clicks
        evidence.iterations = iterations
        evidence.converged = converged
        current.evidence = evidence
        current.labelledCalibration = nil
        if learnsLabelledCalibration, current.isUsable {
            current.labelledCalibration = LabelledCalibration.fit(
                observations, configuration: current.applied(to: base, platform: platform))
        }
        return current
    }

    /// What the E-step adds up: the expected number of clicked installs, and weighted pairs.
    struct Tally {
        var clicked = 0.0
        /// Each token-less install's two likelihoods, up to one factor: organic (its window's
        /// click count) and clicked (the weight of every click in its window), for solving the
        /// share outright.
        var mixture: [(organic: Double, clicked: Double)] = []
        var tokenless = 0
        /// Each pair's delay, its weight, and the longest delay its install could have shown (the
        /// span its window and the app's history held), all delays as logarithms.
        var delays: [Delay] = []
        var persistence: [String: (agree: Double, total: Double)] = [:]
        /// The network's agreements right after the click and later.
        var ipShort = NetworkCounts()
        var ipLong = NetworkCounts()
        /// How many token-less installs leave each count of strangers' look-alikes among their
        /// unfetched clicks (the last bin pooling every larger count): an install's count, less
        /// the installer's own click by the probability that it is among them.
        var strangerLookAlikes = [Double](repeating: 0, count: AttributionModelFit.lookAlikeCountBins)
        /// The weight of installs whose network holds each count of strangers' clicks, up to one
        /// past ``NetworkStrangers/tableSize`` (larger counts are not kept).
        var networkStrangers = [Double](repeating: 0, count: NetworkStrangers.tableSize + 1)

        mutating func countNetworkStrangers(_ strangers: Int, weight: Double) {
            guard strangers >= 0, strangers < networkStrangers.count, weight > 0 else { return }
            networkStrangers[strangers] += weight
        }

        mutating func countLookAlikes(_ lookAlikes: Int, own: Double) {
            let last = strangerLookAlikes.count - 1
            strangerLookAlikes[min(lookAlikes, last)] += 1 - own
            if lookAlikes > 0 { strangerLookAlikes[min(lookAlikes - 1, last)] += own }
        }

        mutating func count(_ name: String, _ agreement: MatchObservation.Agreement, weight: Double) {
            guard let agrees = agreement.known else { return }
            var entry = persistence[name] ?? (0, 0)
            entry.total += weight
            if agrees { entry.agree += weight }
            persistence[name] = entry
        }
    }

    /// One delay band's network agreements, labelled pairs apart from unlabelled candidates.
    ///
    /// Unlabelled candidates teach the network only where they agree on the device signature,
    /// and the strangers among those are credited by the model being fitted: where few of the
    /// platform's own clicks carry a signature (Android's reduced user agents: about a quarter)
    /// strangers are a large part of them, so a share learned high credits more of them, their
    /// other networks pull the persistence down, the reach falls and the share rises further.
    /// Measured on the simulator's grid (seed 42): Android's persistence within 30 minutes was
    /// learned 0.60-0.71 for a true 0.77-0.78, iOS's within 3 points. Labelled pairs carry no
    /// such bias, so they decide wherever there are enough of them.
    struct NetworkCounts {
        var labelled = (agree: 0.0, total: 0.0)
        var unlabelled = (agree: 0.0, total: 0.0)

        mutating func add(agrees: Bool, weight: Double, labelled isLabelled: Bool) {
            if isLabelled {
                labelled.total += weight
                if agrees { labelled.agree += weight }
            } else {
                unlabelled.total += weight
                if agrees { unlabelled.agree += weight }
            }
        }

        var total: Double { labelled.total + unlabelled.total }

        /// How many labelled pairs the unlabelled candidates' estimate weighs as, however many
        /// candidates it came from. Measured on the grid (seeds 42 and 7, 15 cells each): with 100,
        /// Android's learned share was off the truth by 0.084 and 0.082 on average; with 20, by
        /// 0.077 both (0.090 and 0.089 before labelled pairs were kept apart).
        static let candidatesWeighAsPairs = 20.0
    }

    func expectation(_ observations: [MatchObservation], parameters: LearnedParameters, platform: DevicePlatform) -> Tally {
        var configuration = parameters.applied(to: base, platform: platform)
        configuration.calibration = .identity
        let engine = AttributionEngine(configuration: configuration)
        let table = AttributionEngine.PersistenceTable(configuration)
        let delayModel = configuration.delayModel
        var tally = Tally()
        for observation in observations {
            let prefixCount = learnsNetworkStrangers ? NetworkStrangers.prefixCount(observation.shares) : nil
            if let label = observation.label {
                guard observation.candidates.indices.contains(label) else { continue }
                add(observation.candidates[label], weight: 1, labelled: true, bound: observation.window, to: &tally)
                if let prefixCount {
                    let own = Self.clicksOnNetwork(observation, group: observation.candidates[label].group)
                    tally.countNetworkStrangers(prefixCount - own, weight: 1)
                }
                continue
            }
            tally.tokenless += 1
            let fetched = observation.candidates.indices.filter { observation.candidates[$0].fetched }
            let ratios = fetched.map {
                engine.likelihoodRatio(
                    observation.candidates[$0], shares: observation.shares, window: observation.window, persistence: table,
                    delayModel: delayModel
                )
            }
            let background = engine.background(observation, fetchedCount: fetched.count)
            let total = Double(max(observation.clickCount, fetched.count))
            let prior = engine.clickedPrior(platform)
            let organic = total * (1 - prior) / prior
            let evidence = ratios.reduce(0, +)
            let denominator = background + evidence
            // No click at all in the window: the install can only be organic.
            if total == 0 { tally.mixture.append((1, 0)) }
            guard denominator > 0, denominator.isFinite else { continue }
            tally.clicked += (denominator - organic) / denominator
            tally.mixture.append((total, denominator - organic))
            if weighsLookAlikeCounts, let lookAlikes = AttributionEngine.unfetchedLookAlikes(observation, fetchedCount: fetched.count) {
                let uniform = max(0, total - Double(fetched.count)) * configuration.unfetchedLikelihoodRatio
                let own = engine.lookAlikeWeight(uniform: uniform, lookAlikes: lookAlikes).map { min(1, $0 / denominator) } ?? 0
                tally.countLookAlikes(lookAlikes, own: own)
            }
            for (position, index) in fetched.enumerated() {
                let weight = ratios[position] / denominator
                if weight > 1e-6 {
                    add(observation.candidates[index], weight: weight, labelled: false, bound: observation.window, to: &tally)
                }
            }
            if let prefixCount {
                countNetworkStrangers(
                    prefixCount: prefixCount, observation, fetched: fetched, ratios: ratios, denominator: denominator, into: &tally)
            }
        }
        return tally
    }

    /// Adds a token-less install's strangers on its network to the tally, by hypothesis: with no
    /// click of these (organic, or the installer's click unfetched) every click on the network is
    /// a stranger's; with one device group's, the network's count less that group's clicks there.
    /// Only counts the table uses are kept, so a busy network (a carrier's address, thousands of
    /// clicks) costs one comparison: no group can leave so few strangers on it.
    private func countNetworkStrangers(
        prefixCount: Int, _ observation: MatchObservation, fetched: [Int], ratios: [Double], denominator: Double, into tally: inout Tally
    ) {
        let clicked = ratios.reduce(0, +) / denominator
        tally.countNetworkStrangers(prefixCount, weight: 1 - clicked)
        guard prefixCount <= NetworkStrangers.tableSize + Self.ownClicksOnNetworkCounted else {
            return
        }
        // The groups with a click on the network: at most `prefixCount` of them, so a list.
        var onNetwork: [(group: Int, weight: Double, clicks: Int)] = []
        for index in fetched where observation.candidates[index].ip == .agrees {
            let group = observation.candidates[index].group
            if let slot = onNetwork.firstIndex(where: { $0.group == group }) {
                onNetwork[slot].clicks += 1
            } else {
                onNetwork.append((group, 0, 1))
            }
        }
        var elsewhere = clicked
        for (position, index) in fetched.enumerated() {
            guard let slot = onNetwork.firstIndex(where: { $0.group == observation.candidates[index].group }) else { continue }
            onNetwork[slot].weight += ratios[position] / denominator
            elsewhere -= ratios[position] / denominator
        }
        tally.countNetworkStrangers(prefixCount, weight: max(0, elsewhere))
        for group in onNetwork { tally.countNetworkStrangers(prefixCount - group.clicks, weight: group.weight) }
    }

    /// One person's clicks on one network that the stranger counts look past; a busier network
    /// leaves more strangers than the table keeps whoever installed.
    static let ownClicksOnNetworkCounted = 8

    /// How many of the observation's clicks from one device group (fetched or not: a labelled
    /// click is known either way) are on the install's network.
    private static func clicksOnNetwork(_ observation: MatchObservation, group: Int) -> Int {
        observation.candidates.reduce(0) { $0 + ($1.group == group && $1.ip == .agrees ? 1 : 0) }
    }

    private func add(
        _ candidate: MatchObservation.Candidate, weight: Double, labelled: Bool, bound: TimeInterval, to tally: inout Tally
    ) {
        if candidate.delay > 0 {
            tally.delays.append(Delay(log: log(candidate.delay), weight: weight, logBound: log(max(bound, candidate.delay))))
        }
        // A labelled click is known whether or not the indexes found it; an unlabelled one was
        // found through the network or the device signature, so only the other is unselected.
        let networkUnselected = labelled || candidate.agreesOnSignature
        // Device and locale persistence only from labelled pairs: among unlabelled candidates on
        // the install's network, strangers share its language and time zone far more often than
        // the app-wide shares say (a household, an office), so the mixture would credit them to
        // the person and learn persistences near 1 (0.99+ measured on a live replay), which makes
        // every agreeing stranger look like the installer.
        let signalsUnselected = labelled
        if networkUnselected, candidate.ip != .unknown {
            if candidate.delay < Self.ipShortWithin {
                tally.ipShort.add(agrees: candidate.ip == .agrees, weight: weight, labelled: labelled)
            } else if candidate.delay > Self.ipLongAfter {
                tally.ipLong.add(agrees: candidate.ip == .agrees, weight: weight, labelled: labelled)
            }
        }
        if signalsUnselected {
            tally.count(Factor.osVersion.rawValue, candidate.osVersion, weight: weight)
            tally.count(Factor.deviceModel.rawValue, candidate.deviceModel, weight: weight)
            tally.count(Factor.screen.rawValue, candidate.screen, weight: weight)
            tally.count(Factor.timezone.rawValue, candidate.timezone, weight: weight)
            tally.count(Factor.language.rawValue, candidate.language, weight: weight)
        }
    }

    func maximisation(_ tally: Tally, current: LearnedParameters, defaults: LearnedParameters) -> LearnedParameters {
        var next = current
        let k = pseudoCount
        func shrink(_ estimate: Double, weight: Double, toward prior: Double) -> Double {
            guard estimate.isFinite, weight > 0 else { return prior }
            return (estimate * weight + prior * k) / (weight + k)
        }
        func probability(_ value: Double) -> Double { min(0.995, max(0.005, value)) }
        next.unfetchedLookAlikeCountRatios = weighsLookAlikeCounts ? Self.lookAlikeCountRatios(tally.strangerLookAlikes) : nil
        if learnsNetworkStrangers, tally.networkStrangers.contains(where: { $0 > 0 }) {
            next.networkStrangers = NetworkStrangers.table(installs: tally.networkStrangers, pseudoCount: NetworkStrangers.pseudoInstalls)
        }
        if !tally.mixture.isEmpty {
            next.clickedInstallShare = probability(
                Self.clickedShare(tally.mixture, prior: defaults.clickedInstallShare, priorWeight: sharePseudoCount))
        }
        for factor in Self.learnedFactors where factor != .ipPrefix {
            let name = factor.rawValue
            guard let entry = tally.persistence[name], let prior = defaults.persistence[name] else { continue }
            next.persistence[name] = probability(shrink(entry.agree / max(entry.total, 1e-9), weight: entry.total, toward: prior))
        }
        // Unlabelled candidates' estimate shrinks toward the default, labelled pairs' toward that.
        func network(_ counts: NetworkCounts, default prior: Double) -> Double {
            let (labelled, unlabelled) = (counts.labelled, counts.unlabelled)
            let fromCandidates = shrink(unlabelled.agree / max(unlabelled.total, 1e-9), weight: unlabelled.total, toward: prior)
            guard labelled.total > 0 else { return probability(fromCandidates) }
            let weight = NetworkCounts.candidatesWeighAsPairs
            return probability((labelled.agree + fromCandidates * weight) / (labelled.total + weight))
        }
        let ipName = Factor.ipPrefix.rawValue
        if let prior = defaults.persistence[ipName] {
            next.persistence[ipName] = network(tally.ipLong, default: prior)
        }
        next.ipPersistenceShort = network(tally.ipShort, default: defaults.ipPersistenceShort)
        let weight = tally.delays.reduce(0) { $0 + $1.weight }
        if weight > 0 {
            let fitted = Self.fitDelays(tally.delays, start: current.delay)
            let share = weight / (weight + k)
            func blend(_ a: Double, _ b: Double) -> Double { a * share + b * (1 - share) }
            let prior = defaults.delay
            next.delay = DelayModel(
                quickShare: probability(blend(fitted.quickShare, prior.quickShare)),
                quickMedian: exp(blend(log(fitted.quickMedian), log(prior.quickMedian))),
                quickLogSigma: blend(fitted.quickLogSigma, prior.quickLogSigma),
                slowMedian: exp(blend(log(fitted.slowMedian), log(prior.slowMedian))),
                slowLogSigma: blend(fitted.slowLogSigma, prior.slowLogSigma)
            )
        }
        return next
    }

    /// The share of installs that follow a click that is most probable given every token-less
    /// install's two likelihoods and the defaults' share weighing as `priorWeight` installs.
    ///
    /// With the other numbers held, the share is a mixture weight: the log-likelihood is concave
    /// in it, so the root of "the share is the mean probability of having followed a click" is
    /// unique and bisection finds it. Solving it outright rather than one step per round matters:
    /// most installs say little either way, so a step moves the share only a few percent of the
    /// way and the rounds run out long before it arrives.
    static func clickedShare(_ mixture: [(organic: Double, clicked: Double)], prior: Double, priorWeight: Double) -> Double {
        func excess(_ share: Double) -> Double {
            var clicked = 0.0
            for install in mixture {
                let organic = install.organic * (1 - share)
                let total = organic + install.clicked * share
                clicked += total > 0 ? install.clicked * share / total : share
            }
            return (clicked + prior * priorWeight) / (Double(mixture.count) + priorWeight) - share
        }
        var low = 0.001
        var high = 0.999
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if excess(middle) > 0 { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// Of an installer's unfetched clicks, the share that still looks like the install, by the
    /// numbers just estimated; nil where the reach is the defaults'.
    func lookAlikeShare(_ parameters: LearnedParameters, signatures: (share: Double, clicks: Int)?) -> Double? {
        guard let signatures else { return nil }
        return OwnClickReach.lookAlikeShare(
            signatureShare: signatures.share,
            lookAlikePersistence: OwnClickReach.lookAlikePersistence { parameters.persistence[$0.rawValue] },
            osVersionPersistence: parameters.persistence[Factor.osVersion.rawValue] ?? 1)
    }

    /// Look-alike counts told apart one by one; from this count on they are pooled. On the unit
    /// tests' regional app (4,000 installs) counts past ten held a few dozen installs each and
    /// their ratios swung from 0.7 to 4 between neighbours.
    static let lookAlikeCountBins = 10

    /// How many installs each count's tally is given beyond its own, toward a ratio of 1.
    static let lookAlikeCountPseudoCount = 2.0

    /// `P(c − 1) / P(c)` of the count of strangers' look-alikes, by count: the first is 0 (with
    /// none, the installer's unfetched click is no look-alike), the last 1 (larger counts pooled
    /// say little). Each count weighs ``lookAlikeCountPseudoCount`` installs more than it holds,
    /// so a sparse one never gives a ratio of nothing or infinity. Nil without any install
    /// carrying a signature.
    static func lookAlikeCountRatios(_ counts: [Double]) -> [Double]? {
        guard counts.count > 2, counts.reduce(0, +) > 0 else { return nil }
        let smoothed = counts.map { $0 + lookAlikeCountPseudoCount }
        var ratios: [Double] = [0]
        for count in 1..<(counts.count - 1) { ratios.append(smoothed[count - 1] / smoothed[count]) }
        ratios.append(1)
        return ratios
    }

    /// One less the reach of the indexes for an install's own click, by the numbers just
    /// estimated, shrunk toward the defaults' like the rest. Without a candidate on an install's
    /// network to read the clicks' signatures from, the defaults'.
    ///
    /// Where installs carried click tokens, how often the indexes found the token's click is the
    /// reach read off directly, and it leads: the reach computed from the persistences and the
    /// delays weighs as ``NetworkCounts/candidatesWeighAsPairs`` labelled installs. The computed
    /// one moves with the share (a share above the truth credits organic installs' strangers,
    /// lengthens the delays, lowers the network's persistence over them and so the reach, which
    /// makes every unfetched click weigh more as the installer's and lifts the share again); the
    /// labelled installs' does not.
    func unfetchedLikelihoodRatio(
        _ parameters: LearnedParameters, signatures: (share: Double, clicks: Int)?, labelledReach: (found: Int, labelled: Int)? = nil,
        installs: Int, defaults: LearnedParameters
    ) -> Double? {
        guard let signatures, let prior = defaults.unfetchedLikelihoodRatio else { return defaults.unfetchedLikelihoodRatio }
        let network = OwnClickReach.networkPersistence(
            delay: parameters.delay, short: parameters.ipPersistenceShort, long: parameters.persistence[Factor.ipPrefix.rawValue] ?? 0,
            decay: base.ipPersistenceDecay
        )
        let signalsHeld = OwnClickReach.signaturePersistence { parameters.persistence[$0.rawValue] }
        var reach = OwnClickReach.reach(network: network, signatureShare: signatures.share, signaturePersistence: signalsHeld)
        if let labelledReach, labelledReach.labelled > 0 {
            let weight = NetworkCounts.candidatesWeighAsPairs
            reach = (Double(labelledReach.found) + reach * weight) / (Double(labelledReach.labelled) + weight)
        }
        let weight = Double(min(installs, signatures.clicks))
        let estimate = min(0.95, max(prior, 1 - reach))
        return (estimate * weight + prior * pseudoCount) / (weight + pseudoCount)
    }

    /// One pair's delay for the delay fit, as logarithms.
    struct Delay {
        var log: Double
        var weight: Double
        /// The longest delay the pair's install could have shown.
        var logBound: Double
    }

    /// A two-component log-normal mixture fitted to weighted delays by EM on their logarithms,
    /// from `start`. The components stay ordered (quick below slow) and no spread collapses.
    ///
    /// Each delay was seen only because it fell within its install's bound (the window, or a young
    /// app's history): where delays run long, the pairs seen are the short part of them, and a fit
    /// to them alone learns delays too short for every later install. So each pair also stands for
    /// the pairs beyond its bound that its install's kind would have had (truncated-data EM): their
    /// expected number and, per component, the mean and spread of a normal's tail beyond the bound.
    static func fitDelays(_ delays: [Delay], start: DelayModel) -> DelayModel {
        var share = min(0.98, max(0.02, start.quickShare))
        var mean = (quick: log(max(1, start.quickMedian)), slow: log(max(1, start.slowMedian)))
        var sigma = (quick: max(0.2, start.quickLogSigma), slow: max(0.2, start.slowLogSigma))
        func normal(_ x: Double, _ mu: Double, _ s: Double) -> Double {
            let z = (x - mu) / s
            return exp(-0.5 * z * z) / s
        }
        /// Beyond `bound`, a normal's share, and its tail's mean and variance.
        func tail(_ bound: Double, _ mu: Double, _ s: Double) -> (share: Double, mean: Double, variance: Double) {
            let alpha = (bound - mu) / s
            let share = 1 - DelayModel.standardNormalCumulative(alpha)
            guard share > 1e-9 else { return (0, bound, 0) }
            let hazard = exp(-0.5 * alpha * alpha) / (2 * Double.pi).squareRoot() / share
            return (share, mu + s * hazard, max(0, s * s * (1 + alpha * hazard - hazard * hazard)))
        }
        // Installs share few bounds (one window, a young app's few days of history), and the pairs
        // beyond a bound depend only on it and the seen weight it bounds: they are counted per
        // bound, not per pair.
        var weightByBound: [Double: Double] = [:]
        for delay in delays { weightByBound[delay.logBound, default: 0] += delay.weight }
        // Sorted, so the sums add in one order on every run.
        let bounds = weightByBound.map { (logBound: $0.key, weight: $0.value) }.sorted { $0.logBound < $1.logBound }
        for _ in 0..<30 {
            // Weights, weighted logarithms and their squares, per component.
            var sums = (wq: 0.0, ws: 0.0, xq: 0.0, xs: 0.0, qq: 0.0, ss: 0.0)
            for delay in delays {
                let (x, w) = (delay.log, delay.weight)
                let a = share * normal(x, mean.quick, sigma.quick)
                let b = (1 - share) * normal(x, mean.slow, sigma.slow)
                let total = a + b
                let quick = total > 0 ? a / total : (x < (mean.quick + mean.slow) / 2 ? 1 : 0)
                sums.wq += w * quick
                sums.ws += w * (1 - quick)
                sums.xq += w * quick * x
                sums.xs += w * (1 - quick) * x
                sums.qq += w * quick * x * x
                sums.ss += w * (1 - quick) * x * x
            }
            for bound in bounds {
                let tails = (quick: tail(bound.logBound, mean.quick, sigma.quick), slow: tail(bound.logBound, mean.slow, sigma.slow))
                let beyond = share * tails.quick.share + (1 - share) * tails.slow.share
                let within = max(DelayModel.smallestShareWithin, 1 - beyond)
                // Unseen pairs per seen one: beyond / within, split by component.
                let missing = (
                    quick: bound.weight * share * tails.quick.share / within,
                    slow: bound.weight * (1 - share) * tails.slow.share / within
                )
                sums.wq += missing.quick
                sums.ws += missing.slow
                sums.xq += missing.quick * tails.quick.mean
                sums.xs += missing.slow * tails.slow.mean
                sums.qq += missing.quick * (tails.quick.variance + tails.quick.mean * tails.quick.mean)
                sums.ss += missing.slow * (tails.slow.variance + tails.slow.mean * tails.slow.mean)
            }
            guard sums.wq > 1e-9, sums.ws > 1e-9 else { break }
            let muQuick = sums.xq / sums.wq
            let muSlow = sums.xs / sums.ws
            share = min(0.98, max(0.02, sums.wq / (sums.wq + sums.ws)))
            mean = (muQuick, muSlow)
            sigma = (
                max(0.2, max(0, sums.qq / sums.wq - muQuick * muQuick).squareRoot()),
                max(0.2, max(0, sums.ss / sums.ws - muSlow * muSlow).squareRoot())
            )
        }
        if mean.quick > mean.slow {
            swap(&mean.quick, &mean.slow)
            swap(&sigma.quick, &sigma.slow)
            share = 1 - share
        }
        return DelayModel(
            quickShare: share, quickMedian: exp(mean.quick), quickLogSigma: sigma.quick, slowMedian: exp(mean.slow),
            slowLogSigma: sigma.slow)
    }

    static func change(_ a: LearnedParameters, _ b: LearnedParameters) -> Double {
        var change = abs(a.clickedInstallShare - b.clickedInstallShare)
        change = max(change, abs(a.delay.quickShare - b.delay.quickShare), abs(a.ipPersistenceShort - b.ipPersistenceShort))
        change = max(change, abs((a.unfetchedLikelihoodRatio ?? 0) - (b.unfetchedLikelihoodRatio ?? 0)))
        change = max(change, abs((a.unfetchedLookAlikeShare ?? 0) - (b.unfetchedLookAlikeShare ?? 0)))
        for (x, y) in zip(a.unfetchedLookAlikeCountRatios ?? [], b.unfetchedLookAlikeCountRatios ?? []) {
            change = max(change, abs(x - y) / 10)
        }
        change = max(
            change, abs(log(a.delay.quickMedian / b.delay.quickMedian)) / 10, abs(log(a.delay.slowMedian / b.delay.slowMedian)) / 10)
        for (name, value) in a.persistence { change = max(change, abs(value - (b.persistence[name] ?? value))) }
        for (x, y) in zip(a.networkStrangers ?? NetworkStrangers.defaults, b.networkStrangers ?? NetworkStrangers.defaults) {
            change = max(change, abs(log(x / y)) / 10)
        }
        return change
    }
}
