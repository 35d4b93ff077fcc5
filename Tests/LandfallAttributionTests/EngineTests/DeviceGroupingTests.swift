import Foundation
import LandfallAttribution
import Testing

@Suite("Attribution engine: grouping clicks by device")
struct DeviceGroupingTests {
    typealias F = EngineFixtures

    /// A promotion shared in a French group chat: 150 clicks in 50 hours from different people on
    /// mobile data (carrier-grade NAT, so no network prefix), all with the most common signature.
    static let lookAlikes = (1...150).map { index in
        ClickEvidence(
            clickId: "person-\(index)", clickedAt: F.installedAt.addingTimeInterval(-Double(index) * 20 * F.minute),
            platform: .ios, osVersion: "17.4", screen: F.iPhone15, timezone: "Europe/Paris", language: "fr-FR"
        )
    }

    static let frenchCampaign = CountedPopulation(
        clickCount: 1_000,
        counts: [
            .osVersion: ["17.4": 400], .screen: ["1176x2560": 300], .timezone: ["Europe/Paris": 900], .language: ["fr": 850],
        ])

    @Test("Look-alike clicks without a network prefix are different people, not one device")
    func lookAlikesWithoutNetworkAreNotMerged() {
        var install = F.install
        install.ipPrefix = nil
        install.deviceModel = nil
        let decision = AttributionEngine().decide(
            install: install, candidates: Self.lookAlikes, population: Self.frenchCampaign, window: F.window
        )
        // The most likely single click has a posterior of about 27%; summing the 150 strangers as
        // one device would credit the latest with about 94%.
        #expect(decision.method == .organic)
        #expect(decision.confidence < 50)
    }

    @Test("Clicks of one device on different networks are scored separately")
    func differentNetworksAreNotMerged() {
        let home = F.sameDeviceClick("home", before: 30 * F.minute)
        var office = F.sameDeviceClick("office", before: 20 * F.minute)
        office.ipPrefix = "198.51.100.0/24"
        let engine = AttributionEngine()
        let both = engine.decide(install: F.install, candidates: [home, office], population: F.population, window: F.window)
        let homeAlone = engine.decide(install: F.install, candidates: [home], population: F.population, window: F.window)
        // The home click matches the install's network, so it wins although it is older; the
        // office click is scored on its own and only takes a little from it.
        #expect(both.clickId == "home")
        #expect(both.probability < homeAlone.probability)
    }
}
