import Foundation

extension AttributionEngine {
    /// The best device group's latest click, and the probability that it is the install's click.
    public struct Evaluation: Sendable, Hashable {
        /// Index of the credited candidate in the observation.
        public var index: Int
        /// Calibrated probability, 0...1.
        public var probability: Double
        /// The model's posterior before calibration.
        public var posterior: Double
        /// The probability that the install followed any of the window's clicks.
        public var clicked: Double
        public var matchedFactors: [String]
    }

    /// What the engine sees of `eligible` clicks against one install.
    public static func observe(
        install: InstallEvidence, eligible: [ClickEvidence], population: some PopulationStatistics, window: TimeInterval
    ) -> MatchObservation {
        let shares = InstallShares(install: install, population: population)
        var groups: [String: Int] = [:]
        let candidates = eligible.map { click in
            let key = deviceKey(click)
            let group = groups[key] ?? groups.count
            groups[key] = group
            return candidate(click, against: install, group: group)
        }
        return MatchObservation(
            platform: install.platform, window: strangerSpan(install: install, population: population, window: window),
            clickCount: max(population.clickCount, eligible.count), shares: shares, candidates: candidates
        )
    }

    /// How many clicks an app's history must hold before its length is taken as the span
    /// strangers clicked over; with fewer, the span moves back toward the window (see
    /// ``strangerSpan``).
    public static let historyClicksTrusted = 20
    /// The shortest history taken as that span, so that an install moments after an app's
    /// twentieth click is not weighed against a vanishing one.
    public static let minimumStrangerSpan: TimeInterval = 3600

    /// How far back strangers' clicks spread: the window, or less for an app whose first click on
    /// the platform came inside it. A stranger's delay is as likely as any other within that span,
    /// so a delay is weighed against it: an app three days old weighed against a seven-day window
    /// would count every stranger's delay as twice as surprising as it is. A history of a handful
    /// of clicks says nothing of how fast clicks come (one click a minute ago is not a click a
    /// minute), so below ``historyClicksTrusted`` clicks the span moves back toward the window.
    static func strangerSpan(install: InstallEvidence, population: some PopulationStatistics, window: TimeInterval) -> TimeInterval {
        guard let first = population.firstClickAt else { return window }
        // Counts that include clicks stated after the install (a backfill) cover the history up to them.
        let end = max(install.reportedAt, population.countedThrough ?? install.reportedAt)
        let history = min(window, max(minimumStrangerSpan, end.timeIntervalSince(first)))
        let doubt = max(0, 1 - Double(max(0, population.clickCount)) / Double(historyClicksTrusted))
        return history + (window - history) * doubt
    }

    /// One click's delay and agreements with the install.
    public static func candidate(_ click: ClickEvidence, against install: InstallEvidence, group: Int, fetched: Bool = true)
        -> MatchObservation.Candidate
    {
        func agreement(_ factor: Factor) -> MatchObservation.Agreement {
            guard let value = factor.value(of: install) else { return .unknown }
            return MatchObservation.Agreement(Self.agreement(factor, click, install, value))
        }
        return MatchObservation.Candidate(
            delay: install.reportedAt.timeIntervalSince(click.clickedAt), ip: agreement(.ipPrefix), deviceModel: agreement(.deviceModel),
            osVersion: agreement(.osVersion), screen: agreement(.screen), timezone: agreement(.timezone), language: agreement(.language),
            group: group, sameDevice: sameDevice(click, install), fetched: fetched
        )
    }

    /// Decides over an observation's fetched candidates: their likelihood ratios become a posterior
    /// against every other click in the window and against "no click at all"; clicks of one device
    /// add up and the latest of them gets the credit. Nil when no fetched candidate is left.
    public func evaluate(_ observation: MatchObservation) -> Evaluation? {
        let fetched = observation.candidates.indices.filter { observation.candidates[$0].fetched }
        guard !fetched.isEmpty else { return nil }
        let table = PersistenceTable(configuration)
        let delayModel = configuration.delayModel
        let scores = fetched.map {
            likelihoodRatio(
                observation.candidates[$0], shares: observation.shares, window: observation.window, persistence: table,
                delayModel: delayModel)
        }
        let total = Double(max(observation.clickCount, fetched.count))
        let background = background(observation, fetchedCount: fetched.count)
        let evidence = scores.reduce(0, +)

        var groups: [Int: [Int]] = [:]
        for (position, index) in fetched.enumerated() {
            groups[observation.candidates[index].group, default: []].append(position)
        }
        var best: (probability: Double, position: Int, group: Int)?
        for (group, members) in groups {
            let probability = members.reduce(0) { $0 + scores[$1] } / (background + evidence)
            let latest = members.min { observation.candidates[fetched[$0]].delay < observation.candidates[fetched[$1]].delay } ?? members[0]
            // Ties go to the later click (then the earlier candidate), not to dictionary order.
            if let current = best {
                let currentDelay = observation.candidates[fetched[current.position]].delay
                let delay = observation.candidates[fetched[latest]].delay
                if (current.probability, -currentDelay, -current.position) >= (probability, -delay, -latest) { continue }
            }
            best = (probability, latest, group)
        }
        guard var best, best.probability.isFinite else { return nil }
        let bestCandidate = observation.candidates[fetched[best.position]]
        if bestCandidate.sameDevice, let share = observation.shares.deviceAndLocale {
            // Clicks outside the best group that agree on every device and locale signal are
            // probably the same person on another network (a re-click from cellular, another link
            // days earlier), with odds `otherClicksPerPerson` against the strangers expected to
            // share all of them: few at low density, many at high.
            let others = max(0, configuration.otherClicksPerPerson)
            let sameness = others / (others + total * share)
            var mass = 0.0
            for (position, index) in fetched.enumerated() {
                let candidate = observation.candidates[index]
                if candidate.group != best.group, candidate.sameDevice { mass += scores[position] * sameness }
            }
            best.probability += mass / (background + evidence)
        }
        let posterior = min(1, max(0, best.probability))
        var probability = configuration.calibration.calibrated(
            posterior, clickCount: Int(total), clickedShare: clickedPrior(observation.platform))
        if let labelled = configuration.labelledCalibration { probability = labelled.corrected(probability) }
        return Evaluation(
            index: fetched[best.position],
            probability: probability,
            posterior: posterior,
            clicked: min(1, max(0, evidence / (background + evidence))),
            matchedFactors: likelihoodRatio(bestCandidate, shares: observation.shares, window: observation.window).matched
        )
    }

    /// The weight of "the install came from none of these clicks": organic installs, plus every
    /// window click the indexes did not fetch.
    func background(_ observation: MatchObservation, fetchedCount: Int) -> Double {
        let total = Double(max(observation.clickCount, fetchedCount))
        let prior = clickedPrior(observation.platform)
        return total * (1 - prior) / prior + unfetchedWeight(observation, fetchedCount: fetchedCount)
    }

    /// How much the window's clicks the indexes did not fetch weigh, together, as the install's
    /// own: each by `unfetchedLikelihoodRatio`, the chance that an install's own click is among
    /// them.
    ///
    /// Once the app's model is learned, how many of them look like the install's device (its
    /// screen, time zone and language, on their joint count) says more. An installer's unfetched
    /// click mostly does (on Android, whose clicks seldom carry the OS version the signature index
    /// needs, nearly always): that part of the weight goes with how much likelier the count is
    /// with one of them the installer's than with strangers alone, as the app's own counts say
    /// (``AttributionConfiguration/unfetchedLookAlikeCountRatios``). With none, the installer's
    /// unfetched click cannot be a look-alike; with one where strangers seldom leave any, it
    /// likely is. The count is the joint one: a product of each value's share makes look-alikes
    /// far too rare where screens follow regions, and an unlabelled fit then takes organic
    /// installs for clicked ones.
    public func unfetchedWeight(_ observation: MatchObservation, fetchedCount: Int) -> Double {
        let total = Double(max(observation.clickCount, fetchedCount))
        let uniform = max(0, total - Double(fetchedCount)) * configuration.unfetchedLikelihoodRatio
        guard let share = configuration.unfetchedLookAlikeShare,
            let lookAlikes = Self.unfetchedLookAlikes(observation, fetchedCount: fetchedCount),
            let onLookAlikes = lookAlikeWeight(uniform: uniform, lookAlikes: lookAlikes)
        else { return uniform }
        return onLookAlikes + uniform * (1 - min(1, max(0, share)))
    }

    /// The part of `uniform`, the unfetched clicks' weight, that rests on the installer's click
    /// being one of `lookAlikes` look-alikes; nil unless the model weighs look-alike counts.
    func lookAlikeWeight(uniform: Double, lookAlikes: Int) -> Double? {
        guard let share = configuration.unfetchedLookAlikeShare, let ratios = configuration.unfetchedLookAlikeCountRatios,
            !ratios.isEmpty
        else { return nil }
        return uniform * min(1, max(0, share)) * ratios[min(lookAlikes, ratios.count - 1)]
    }

    /// How many of the window's unfetched clicks share the install's screen, time zone and
    /// language: the signature's count (its share is `(count + ½) / (clicks + 1)`, among the
    /// clicks carrying a signature where those were counted) less the fetched candidates that
    /// share them. Nil without the install's signature.
    public static func unfetchedLookAlikes(_ observation: MatchObservation, fetchedCount: Int) -> Int? {
        guard let signature = observation.shares.signature else { return nil }
        let among = observation.shares.signatureCarried ?? max(observation.clickCount, 1)
        let counted = Int((signature * (Double(among) + 1) - 0.5).rounded())
        var fetchedLookAlikes = 0
        for candidate in observation.candidates where candidate.fetched && candidate.looksAlike { fetchedLookAlikes += 1 }
        let unfetched = max(0, max(observation.clickCount, fetchedCount) - fetchedCount)
        return min(unfetched, max(0, counted - fetchedLookAlikes))
    }

    func clickedPrior(_ platform: DevicePlatform) -> Double {
        let share = configuration.clickedInstallShareByPlatform[platform] ?? configuration.clickedInstallShare
        return min(0.999, max(0.001, share))
    }

    /// How much more likely the candidate's agreements and delay are if it is the install's own
    /// click than a stranger's, and the factors it agrees on.
    ///
    /// A stranger agrees on a value as often as the value occurs among the app's recent clicks.
    /// OS version with screen and time zone with language are weighed on their joint frequency,
    /// and a click agreeing on all of them against the look-alike strangers that share its
    /// screen, time zone and language. The network prefix is weighed by how long ago the click
    /// was; on the same prefix a stranger shares the time zone nearly always.
    public func likelihoodRatio(
        _ candidate: MatchObservation.Candidate, shares: InstallShares, window: TimeInterval
    ) -> (ratio: Double, matched: [String]) {
        var matched: [String] = []
        let ratio = likelihoodRatio(candidate, shares: shares, window: window, persistence: PersistenceTable(configuration)) {
            matched.append($0)
        }
        return (ratio, matched)
    }

    /// The configuration's persistences, read once for many candidates.
    struct PersistenceTable {
        var ip, deviceModel, osVersion, screen, timezone, language: Double

        init(_ configuration: AttributionConfiguration) {
            ip = configuration.persistence(of: .ipPrefix)
            deviceModel = configuration.persistence(of: .deviceModel)
            osVersion = configuration.persistence(of: .osVersion)
            screen = configuration.persistence(of: .screen)
            timezone = configuration.persistence(of: .timezone)
            language = configuration.persistence(of: .language)
        }

        func of(_ factor: Factor) -> Double {
            switch factor {
            case .ipPrefix: ip
            case .deviceModel: deviceModel
            case .osVersion: osVersion
            case .screen: screen
            case .timezone: timezone
            default: language
            }
        }
    }

    /// The ratio alone, calling `matched` with each agreeing factor's name: the fit scores every
    /// candidate of thousands of installs per round and wants no arrays of names.
    func likelihoodRatio(
        _ candidate: MatchObservation.Candidate, shares: InstallShares, window: TimeInterval, persistence table: PersistenceTable,
        delayModel: DelayModel? = nil, matched: (String) -> Void = { _ in }
    ) -> Double {
        var ratio = 1.0
        let floor = shares.floor
        // The counts behind the shares include this click. Were it the installer's own, the
        // strangers agreeing with the install are one fewer: on a device or locale value only the
        // installer has (a rare screen in a small town) the count says one in the window where
        // strangers hold none, which understated such agreements threefold and left the engine
        // under-confident wherever clicks are sparse. One click is `2 × floor`.
        //
        // The network too. Kept in its count, a prefix only the installer used weighed a third of
        // what it says, and on the drawn worlds credits agreeing on the network were right 92 %
        // of the time where the engine stated 74 % (59-70 % where it stated 34 %), at every
        // organic share; credits on another network were the over-confident ones. (When this was
        // first measured, before the per-app models and today's curves, the click left out made
        // half-organic apps over-confident; docs/accuracy-journal.md, "The network counted like every
        // factor".)
        let oneClick = 2 * floor
        func strangers(_ share: Double) -> Double { max(floor, share - oneClick) }
        func single(_ factor: Factor, _ share: Double?, _ agreement: MatchObservation.Agreement, persistence: Double? = nil) {
            guard let share, let agrees = agreement.known else { return }
            let persistence = persistence ?? table.of(factor)
            ratio *= agrees ? persistence / strangers(share) : (1 - persistence) / (1 - share)
            if agrees { matched(factor.rawValue) }
        }
        func pair(
            _ first: (factor: Factor, share: Double?, agreement: MatchObservation.Agreement),
            _ second: (factor: Factor, share: Double?, agreement: MatchObservation.Agreement), joint: Double?
        ) {
            guard let a = first.share, let b = second.share, let both = joint else {
                single(first.factor, first.share, first.agreement)
                single(second.factor, second.share, second.agreement)
                return
            }
            let pa = table.of(first.factor)
            let pb = table.of(second.factor)
            switch (first.agreement.known, second.agreement.known) {
            case (true?, true?): ratio *= pa * pb / strangers(both)
            case (true?, false?): ratio *= pa * (1 - pb) / strangers(a - both)
            case (false?, true?): ratio *= (1 - pa) * pb / strangers(b - both)
            case (false?, false?): ratio *= (1 - pa) * (1 - pb) / max(floor, 1 - a - b + both)
            case (true?, nil): ratio *= pa / strangers(a)
            case (false?, nil): ratio *= (1 - pa) / (1 - a)
            case (nil, true?): ratio *= pb / strangers(b)
            case (nil, false?): ratio *= (1 - pb) / (1 - b)
            case (nil, nil): break
            }
            if first.agreement == .agrees { matched(first.factor.rawValue) }
            if second.agreement == .agrees { matched(second.factor.rawValue) }
        }

        let networkPersistence = ipPersistence(after: candidate.delay, long: table.ip)
        if candidate.ip == .agrees, let learned = configuration.networkStrangers, let count = NetworkStrangers.prefixCount(shares) {
            // The strangers a quiet network's count hides, as the app's own installs say.
            ratio *= networkPersistence / NetworkStrangers.share(strangers: count - 1, shares: shares, table: learned)
            matched(Factor.ipPrefix.rawValue)
        } else {
            single(.ipPrefix, shares.ip, candidate.ip, persistence: networkPersistence)
        }
        let sameNetwork = shares.ip != nil && candidate.ip == .agrees
        single(.deviceModel, shares.deviceModel, candidate.deviceModel)
        pair((.osVersion, shares.osVersion, candidate.osVersion), (.screen, shares.screen, candidate.screen), joint: shares.device)
        if sameNetwork, shares.locale != nil {
            // A prefix sits in one place: a stranger on it shares the install's time zone nearly always.
            let timezoneShare = shares.timezone.map { max($0, min(0.999, configuration.sameNetworkTimezoneShare)) }
            single(.timezone, timezoneShare, candidate.timezone)
            single(.language, shares.language, candidate.language)
        } else {
            pair((.timezone, shares.timezone, candidate.timezone), (.language, shares.language, candidate.language), joint: shares.locale)
            if candidate.agreesOnSignature, let lookAlikes = shares.signature, lookAlikes > floor, let locale = shares.locale,
                let screen = shares.screen, shares.device != nil
            {
                // The pairs' product counts strangers sharing screen, time zone and language as if
                // a screen were as common in every city; the joint count says how many there are.
                // The OS version keeps its share among that screen's clicks.
                ratio *= strangers(locale) * screen / strangers(lookAlikes)
            }
        }
        // The installer's click, like a stranger's, lies within the span: its delay is weighed
        // within it too.
        let delays = delayModel ?? configuration.delayModel
        let timeRatio = candidate.delay > 0 && window > 0 ? delays.density(candidate.delay, within: window) * window : 0
        ratio *= timeRatio
        if timeRatio > 1 { matched(Factor.time.rawValue) }
        return ratio
    }

    /// The network's persistence after `delay`: from `ipPersistenceShort` right after the click
    /// down to `persistence[.ipPrefix]` over `ipPersistenceDecay`.
    public func ipPersistence(after delay: TimeInterval, long: Double) -> Double {
        let short = min(0.999, max(long, configuration.ipPersistenceShort))
        return long + (short - long) * exp(-max(0, delay) / max(1, configuration.ipPersistenceDecay))
    }
}

extension InstallShares {
    /// How often a stranger's click shares the install's OS version, screen, time zone and
    /// language; nil unless the install has all four.
    var deviceAndLocale: Double? {
        guard let device, let locale else { return nil }
        return device * locale
    }
}
