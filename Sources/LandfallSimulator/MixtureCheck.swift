import LandfallAttribution

/// Whether the engine's numbers, held at the true share of token-less installs that followed a
/// click, say that share back.
///
/// The fit learns the share as the mean probability of having followed a click over the
/// platform's token-less installs. If that mean, computed at the truth, is not the truth, every
/// round moves the share away from it; and where most installs say little either way (a busy
/// app's) a small excess carries the share a long way. This check measures the excess and which
/// part of the evidence brings it: candidates found on the install's network, candidates found
/// on its device signature elsewhere, and the window's clicks the indexes did not fetch.
public struct MixtureCheck: Sendable, Hashable, Encodable {
    /// The share of token-less installs that followed a click in the window.
    public var truth: Double
    /// The mean probability of having followed a click, at `truth`, over installs that followed
    /// none, and over those that did.
    public var unclicked: Double
    public var clicked: Double
    /// The mean over all of them: where a round of the fit moves the share from the truth.
    public var implied: Double
    /// Over installs that followed no click, the same probability from each part of the evidence
    /// alone.
    public var unclickedFromNetwork: Double
    public var unclickedFromSignature: Double
    public var unclickedFromUnfetched: Double
    /// Over installs that followed no click, the mean weight of their window's clicks per click,
    /// each part a likelihood ratio against "no click". The fit and the engine weigh an organic
    /// install's clicks as strangers drawn independently of it, whose ratios average 1 per click
    /// (a stranger's values are drawn from the app's shares, which the ratio divides by); more
    /// than 1 is how much more than independent the strangers look like the installer
    /// (households, shared networks), one source of an implied share above the truth.
    public var unclickedWeightPerClick: WeightPerClick
    /// The model's reach of the indexes (one less its ratio for a click they did not fetch), and
    /// the share of installs that followed a click whose click they did fetch.
    public var modelReach: Double
    public var trueReach: Double
    /// The part of each reach found on the install's network: the network's persistence the
    /// model averages over its delays, and the share of clicked installs with their click there.
    public var modelReachByNetwork: Double
    public var trueReachByNetwork: Double
    /// The model's other part: the share of clicks carrying a full device signature (read off
    /// candidates on installs' networks) and how often one person keeps all of it.
    public var modelSignatureShare: Double?
    public var modelSignaturePersistence: Double
    /// Over clicked installs, by the delay from the person's latest click in the window: how
    /// often its network prefix is the install's, and the persistence the model gives there.
    public var networkByDelay: [DelayBand]

    /// ``unclickedWeightPerClick``'s parts, by how each click was found.
    public struct WeightPerClick: Sendable, Hashable, Encodable {
        public let network: Double
        public let signature: Double
        public let unfetched: Double
        /// Stored beside its parts so the JSON carries it.
        public let total: Double

        init(network: Double, signature: Double, unfetched: Double) {
            (self.network, self.signature, self.unfetched) = (network, signature, unfetched)
            total = network + signature + unfetched
        }
    }

    /// One delay band of ``networkByDelay``.
    public struct DelayBand: Sendable, Hashable, Encodable {
        public var band: String
        public var installs: Int
        public var trueAgreement: Double
        public var modelPersistence: Double
    }

    /// The bands the fit learns the network's persistence in, and the one between them.
    public static let delayBands: [(name: String, upTo: Double)] = [
        ("under 30 min", AttributionModelFit.ipShortWithin), ("30 min to 6 h", AttributionModelFit.ipLongAfter), ("over 6 h", .infinity),
    ]

    /// What the simulation keeps of one token-less install for the check.
    typealias Entry = (
        observation: MatchObservation, followedClick: Bool, ownClick: FoundBy?, latestOwn: MatchObservation.Candidate?
    )

    /// How the indexes found an install's own click.
    public enum FoundBy: Sendable, Hashable {
        case network
        case signature
    }

    /// The parts of the reach a model computes (``OwnClickReach``).
    struct ModelledReach {
        var network: Double
        var signatureShare: Double?
        var signaturePersistence: Double
        var unfetchedLikelihoodRatio: Double

        init(_ configuration: AttributionConfiguration, observations: [MatchObservation]) {
            network = OwnClickReach.networkPersistence(
                delay: configuration.delayModel, short: configuration.ipPersistenceShort,
                long: configuration.persistence[.ipPrefix] ?? 0, decay: configuration.ipPersistenceDecay)
            signatureShare = OwnClickReach.signatureShare(observations)?.share
            signaturePersistence = OwnClickReach.signaturePersistence { configuration.persistence[$0] }
            unfetchedLikelihoodRatio = configuration.unfetchedLikelihoodRatio
        }
    }

    /// One token-less install's evidence, each part as a likelihood ratio against "no click" per
    /// window click.
    struct Install {
        var followedClick: Bool
        var ownClick: FoundBy?
        var network: Double
        var signature: Double
        var unfetched: Double
        /// The person's latest click in the window: its delay, whether its network prefix agrees,
        /// and the model's persistence at that delay; nil without one or with an unknown prefix.
        var latestOwn: (delay: Double, agrees: Bool, modelled: Double)?
    }

    /// What `engine` sees in `observation`, split by how each click was found.
    static func install(
        _ observation: MatchObservation, engine: AttributionEngine, followedClick: Bool, ownClick: FoundBy?,
        latestOwn: MatchObservation.Candidate?
    ) -> Install {
        let long = engine.configuration.persistence[.ipPrefix] ?? 0
        let own = latestOwn.flatMap { candidate -> (delay: Double, agrees: Bool, modelled: Double)? in
            guard candidate.ip != .unknown else { return nil }
            return (candidate.delay, candidate.ip == .agrees, engine.ipPersistence(after: candidate.delay, long: long))
        }
        var network = 0.0
        var signature = 0.0
        var fetched = 0
        for candidate in observation.candidates where candidate.fetched {
            fetched += 1
            let ratio = engine.likelihoodRatio(candidate, shares: observation.shares, window: observation.window).ratio
            if candidate.ip == .agrees { network += ratio } else { signature += ratio }
        }
        let total = Double(max(observation.clickCount, fetched))
        guard total > 0 else {
            return Install(followedClick: followedClick, ownClick: ownClick, network: 0, signature: 0, unfetched: 0, latestOwn: own)
        }
        let unfetched = engine.unfetchedWeight(observation, fetchedCount: fetched)
        return Install(
            followedClick: followedClick, ownClick: ownClick, network: network / total, signature: signature / total,
            unfetched: unfetched / total, latestOwn: own)
    }

    /// The check over one platform's installs; nil without installs of both kinds.
    init?(_ installs: [Install], reach: ModelledReach) {
        let clickedCount = installs.filter(\.followedClick).count
        guard clickedCount > 0, clickedCount < installs.count else { return nil }
        let truth = Double(clickedCount) / Double(installs.count)
        func probability(_ ratio: Double) -> Double { truth * ratio / (truth * ratio + 1 - truth) }
        func mean(_ selected: [Install], _ ratio: (Install) -> Double) -> Double {
            selected.reduce(0) { $0 + probability(ratio($1)) } / Double(selected.count)
        }
        let unclickedInstalls = installs.filter { !$0.followedClick }
        let clickedInstalls = installs.filter(\.followedClick)
        let whole: (Install) -> Double = { $0.network + $0.signature + $0.unfetched }
        self.truth = truth
        unclicked = mean(unclickedInstalls, whole)
        clicked = mean(clickedInstalls, whole)
        implied = mean(installs, whole)
        unclickedFromNetwork = mean(unclickedInstalls, \.network)
        unclickedFromSignature = mean(unclickedInstalls, \.signature)
        unclickedFromUnfetched = mean(unclickedInstalls, \.unfetched)
        func average(_ part: (Install) -> Double) -> Double {
            unclickedInstalls.reduce(0) { $0 + part($1) } / Double(unclickedInstalls.count)
        }
        unclickedWeightPerClick = WeightPerClick(
            network: average(\.network), signature: average(\.signature), unfetched: average(\.unfetched))
        modelReach = 1 - reach.unfetchedLikelihoodRatio
        trueReach = Double(clickedInstalls.filter { $0.ownClick != nil }.count) / Double(clickedInstalls.count)
        modelReachByNetwork = reach.network
        trueReachByNetwork = Double(clickedInstalls.filter { $0.ownClick == .network }.count) / Double(clickedInstalls.count)
        modelSignatureShare = reach.signatureShare
        modelSignaturePersistence = reach.signaturePersistence
        let owns = clickedInstalls.compactMap(\.latestOwn)
        var lower = 0.0
        networkByDelay = Self.delayBands.compactMap { band in
            defer { lower = band.upTo }
            let inBand = owns.filter { $0.delay >= lower && $0.delay < band.upTo }
            guard !inBand.isEmpty else { return nil }
            let count = Double(inBand.count)
            return DelayBand(
                band: band.name, installs: inBand.count, trueAgreement: Double(inBand.filter(\.agrees).count) / count,
                modelPersistence: inBand.reduce(0) { $0 + $1.modelled } / count)
        }
    }
}
