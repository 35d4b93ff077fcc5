import Foundation
import LandfallAttribution
import Testing

/// The counts behind a stranger's share include the candidate click itself; weighed as the
/// installer's own, a network, device or locale value leaves one fewer stranger agreeing.
struct StrangerCountTests {
    typealias F = EngineFixtures

    /// The likelihood ratio of the installing iPhone's click, weighed on one factor alone, with
    /// `clicks` of the window's clicks carrying the install's value of it.
    func ratio(_ factor: Factor, clicks: Int, agrees: Bool = true) -> Double {
        var population = F.population
        let value = factor == .ipPrefix ? F.homeNetwork : "iPhone"
        population.counts[factor] = [value: clicks]
        let shares = InstallShares(install: F.install, population: population)
        var candidate = AttributionEngine.candidate(F.sameDeviceClick("c1", before: 3 * F.day), against: F.install, group: 0)
        for other in [Factor.ipPrefix, .deviceModel] where other != factor {
            if other == .ipPrefix { candidate.ip = .unknown } else { candidate.deviceModel = .unknown }
        }
        candidate.osVersion = .unknown
        candidate.screen = .unknown
        candidate.timezone = .unknown
        candidate.language = .unknown
        if !agrees {
            if factor == .ipPrefix { candidate.ip = .differs } else { candidate.deviceModel = .differs }
        }
        return AttributionEngine().likelihoodRatio(candidate, shares: shares, window: F.window).ratio
    }

    @Test func aDeviceValueOnlyTheCandidateCarriesHasNoStrangersBehindIt() {
        // Counted 1 (the click itself): strangers hold none, weighed as the smoothing's half click.
        // Counted 2: one stranger and a half. Counting the click among strangers made this 5/3.
        #expect(abs(ratio(.deviceModel, clicks: 1) / ratio(.deviceModel, clicks: 2) - 3) < 1e-9)
    }

    @Test func aNetworkOnlyTheCandidateUsedHasNoStrangersBehindIt() {
        // As for a device value: counted 1 is half a stranger, counted 2 one and a half. Keeping
        // the click in the network's count made this 5/3.
        #expect(abs(ratio(.ipPrefix, clicks: 1) / ratio(.ipPrefix, clicks: 2) - 3) < 1e-9)
    }

    @Test func onCommonValuesTheOneClickBarelyMatters() {
        let busy = ratio(.deviceModel, clicks: 400) / ratio(.deviceModel, clicks: 401)
        #expect(busy > 1 && busy < 1.003)
    }

    @Test func aDisagreementWeighsTheInstallsValueAmongEveryClick() {
        // (1 - persistence) / (1 - share): the share with the click in it, the click not being the value.
        let one = ratio(.deviceModel, clicks: 1, agrees: false)
        let many = ratio(.deviceModel, clicks: 500, agrees: false)
        let shareOne = 1.5 / 1_001.0
        let shareMany = 500.5 / 1_001.0
        #expect(abs(one / many - (1 - shareMany) / (1 - shareOne)) < 1e-9)
    }
}
