import Foundation
import Testing

@testable import LandfallAttribution

/// Installs that carried a click token say how often the indexes find an installer's own click.
@Suite("The reach counted on labelled installs")
struct LabelledReachTests {
    static func labelled(fetched: Bool) -> MatchObservation {
        let own = MatchObservation.Candidate(delay: 600, ip: .agrees, fetched: fetched)
        let stranger = MatchObservation.Candidate(delay: 3_600, ip: .differs, screen: .agrees)
        return MatchObservation(
            platform: .android, window: 7 * 86_400, clickCount: 100, shares: InstallShares(floor: 0.005), candidates: [stranger, own],
            label: 1)
    }

    @Test("Counted over the labelled installs only, found or not; nil without any")
    func counted() throws {
        let tokenless = MatchObservation(
            platform: .android, window: 86_400, clickCount: 10, shares: InstallShares(floor: 0.01),
            candidates: [MatchObservation.Candidate(delay: 60, ip: .agrees)])
        let observations = Array(repeating: Self.labelled(fetched: true), count: 9) + [Self.labelled(fetched: false), tokenless]
        let reach = try #require(OwnClickReach.labelledReach(observations))
        #expect(reach.found == 9 && reach.labelled == 10)
        #expect(OwnClickReach.labelledReach([tokenless]) == nil)
    }

    @Test("The labelled installs' reach leads the computed one: 200 installs outweigh it tenfold")
    func labelledReachLeads() throws {
        let fit = AttributionModelFit()
        let defaults = LearnedParameters(defaults: fit.base, platform: .android)
        // Clicks seldom carry a signature: the computed reach is about the network's persistence.
        let signatures = (share: 0.1, clicks: 5_000)
        let computed = try #require(fit.unfetchedLikelihoodRatio(defaults, signatures: signatures, installs: 5_000, defaults: defaults))
        let found = try #require(
            fit.unfetchedLikelihoodRatio(
                defaults, signatures: signatures, labelledReach: (found: 190, labelled: 200), installs: 5_000, defaults: defaults))
        let missed = try #require(
            fit.unfetchedLikelihoodRatio(
                defaults, signatures: signatures, labelledReach: (found: 20, labelled: 200), installs: 5_000, defaults: defaults))
        // One less the reach, shrunk a little toward the default: 95 % found leaves about 0.1 of
        // the weight on the unfetched clicks, 10 % found about 0.85.
        #expect(found < computed && computed < missed, "found \(found), computed \(computed), missed \(missed)")
        #expect(found < 0.15, "\(found)")
        #expect(missed > 0.75, "\(missed)")
    }
}
