import Foundation

/// How often an install's own click is among the candidates the indexes fetch: on the install's
/// network prefix, or else on its full device signature when the click carries one.
///
/// A clicked install whose click was not fetched looks organic, so a mixture fit alone learns
/// the share of installs whose click was *found*, and weighing every candidate against that
/// share leaves the engine under-confident by the reach. Where clicks carry no OS version (an
/// ad network's server-to-server click with a frozen or reduced user agent) only the network
/// finds them and the reach is about the network's persistence, 0.4-0.7; where they all carry
/// one the signature finds most of the rest. Every window click the indexes did not fetch then
/// weighs `1 - reach` against the install, as the chance that it was the install's own.
public enum OwnClickReach {
    /// The share of the app's clicks that carry a full device signature (OS version, screen,
    /// time zone, language), read off the candidates found on the install's network: the prefix
    /// finds clicks whether or not they carry one, so those are a fair sample. Nil without any.
    public static func signatureShare(_ observations: [MatchObservation]) -> (share: Double, clicks: Int)? {
        var keyed = 0
        var total = 0
        for observation in observations {
            for candidate in observation.candidates where candidate.fetched && candidate.ip == .agrees {
                total += 1
                let known = [candidate.osVersion, candidate.screen, candidate.timezone, candidate.language].allSatisfy { $0 != .unknown }
                if known { keyed += 1 }
            }
        }
        guard total > 0 else { return nil }
        return (Double(keyed) / Double(total), total)
    }

    /// Of the installs that carried a click token whose click lay in the window, how many had it
    /// fetched by the indexes (the probabilistic path would have weighed it): the reach, counted.
    /// Nil without any.
    public static func labelledReach(_ observations: [MatchObservation]) -> (found: Int, labelled: Int)? {
        var found = 0
        var labelled = 0
        for observation in observations {
            guard let label = observation.label, observation.candidates.indices.contains(label) else { continue }
            labelled += 1
            if observation.candidates[label].fetched { found += 1 }
        }
        return labelled > 0 ? (found, labelled) : nil
    }

    /// The network's persistence averaged over the delays: from `short` right after the click down
    /// to `long` over `decay`, weighed by the delay model (its log-normals integrated on a grid).
    public static func networkPersistence(delay: DelayModel, short: Double, long: Double, decay: TimeInterval) -> Double {
        let short = max(long, short)
        let steps = 64
        func meanDecay(median: TimeInterval, sigma: Double) -> Double {
            var sum = 0.0
            var weights = 0.0
            for step in 0...steps {
                let z = -4 + 8 * Double(step) / Double(steps)
                let weight = exp(-0.5 * z * z)
                let seconds = max(1, median) * exp(max(0.1, sigma) * z)
                sum += weight * exp(-seconds / max(1, decay))
                weights += weight
            }
            return sum / weights
        }
        let quick = min(1, max(0, delay.quickShare))
        let decayed =
            quick * meanDecay(median: delay.quickMedian, sigma: delay.quickLogSigma)
            + (1 - quick) * meanDecay(median: delay.slowMedian, sigma: delay.slowLogSigma)
        return long + (short - long) * decayed
    }

    /// How often one person keeps the whole device signature (OS version, screen, time zone and
    /// language) from click to install: the product of their persistences, a missing one kept.
    public static func signaturePersistence(_ persistence: (Factor) -> Double?) -> Double {
        [Factor.osVersion, .screen, .timezone, .language].reduce(1.0) { $0 * (persistence($1) ?? 1) }
    }

    /// Of an installer's clicks the indexes did not fetch, the share that still looks like the
    /// install's device (screen, time zone and language kept): the prefix missed them, and the
    /// signature index missed them because they carry no OS version or it changed. Where few
    /// clicks carry one (Android's reduced user agents) nearly all of them; where most do, the
    /// OS updates alone.
    public static func lookAlikeShare(signatureShare: Double, lookAlikePersistence: Double, osVersionPersistence: Double) -> Double {
        let keyed = min(1, max(0, signatureShare))
        let kept = min(1, max(0, lookAlikePersistence))
        let osKept = min(1, max(0, osVersionPersistence))
        let missed = 1 - keyed * kept * osKept
        guard missed > 0 else { return 0 }
        return kept * (1 - keyed * osKept) / missed
    }

    /// How often one person keeps the screen, time zone and language the look-alike count is
    /// taken on: the product of their persistences, a missing one kept.
    public static func lookAlikePersistence(_ persistence: (Factor) -> Double?) -> Double {
        [Factor.screen, .timezone, .language].reduce(1.0) { $0 * (persistence($1) ?? 1) }
    }

    /// The reach: found on the network, or else on the signature when the click carries one and
    /// the person's signals held.
    public static func reach(network: Double, signatureShare: Double, signaturePersistence: Double) -> Double {
        let network = min(1, max(0, network))
        return network + (1 - network) * min(1, max(0, signatureShare)) * min(1, max(0, signaturePersistence))
    }
}
