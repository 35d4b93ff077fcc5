import Foundation
import LandfallAttribution
import Testing

@Suite("Attribution engine")
struct AttributionEngineTests {
    let engine = AttributionEngine()
    typealias F = EngineFixtures

    func decide(_ candidates: [ClickEvidence], population: CountedPopulation = F.population) -> AttributionDecision {
        engine.decide(install: F.install, candidates: candidates, population: population, window: F.window)
    }

    @Test("The same device minutes later on the same network is attributed with high confidence")
    func sameDeviceSameNetwork() {
        let decision = decide([F.sameDeviceClick("c1", before: 5 * F.minute)])
        #expect(decision.method == .probabilistic)
        #expect(decision.clickId == "c1")
        #expect(decision.confidence >= 95)
        #expect(Set(decision.matchedFactors).isSuperset(of: ["ip", "screen", "timezone", "language", "time"]))
    }

    /// Another iPhone on the install's network minutes before it: another screen, OS version and time zone.
    static func otherPhoneOnTheNetwork() -> ClickEvidence {
        var click = F.sameDeviceClick("c1", before: 5 * F.minute)
        click.screen = ScreenSize(width: 1290, height: 2796)
        click.osVersion = "18.1"
        click.timezone = "America/New_York"
        return click
    }

    @Test("A different device on a network others click from too is organic")
    func differentDeviceIsOrganic() {
        let stranger = Self.otherPhoneOnTheNetwork()
        var shared = F.population
        shared.counts[.ipPrefix] = [F.homeNetwork: 3]
        let decision = decide([stranger], population: shared)
        #expect(decision.method == .organic)
        #expect(decision.clickId == nil)
        #expect(decision.matchedFactors.isEmpty)
    }

    @Test("On a network only its click used, a different device still weighs far less than the same one")
    func differentDeviceOnALoneNetworkWeighsLess() {
        let stranger = Self.otherPhoneOnTheNetwork()
        func ratio(_ click: ClickEvidence) -> Double {
            engine.score(click, against: F.install, population: F.population, window: F.window).likelihoodRatio
        }
        #expect(ratio(stranger) * 1_000 < ratio(F.sameDeviceClick("c1", before: 5 * F.minute)))
    }

    @Test("Agreeing on a rare time zone counts for more than agreeing on a common language")
    func rareValuesWeighMore() {
        let install = InstallEvidence(
            reportedAt: F.installedAt, platform: .ios, timezone: "Pacific/Chatham", language: "en-US"
        )
        let clickedAt = F.installedAt.addingTimeInterval(-30 * F.minute)
        let sameZone = ClickEvidence(clickId: "tz", clickedAt: clickedAt, platform: .ios, timezone: "Pacific/Chatham")
        let sameLanguage = ClickEvidence(clickId: "lang", clickedAt: clickedAt, platform: .ios, language: "en-US")
        let zoneScore = engine.score(sameZone, against: install, population: F.population, window: F.window)
        let languageScore = engine.score(sameLanguage, against: install, population: F.population, window: F.window)
        #expect(zoneScore.likelihoodRatio > 10 * languageScore.likelihoodRatio)
        #expect(zoneScore.matchedFactors.contains("timezone"))
        #expect(languageScore.matchedFactors.contains("language"))
    }

    @Test("Signals shared by 100,000 clicks without a network match are organic, not a guess")
    func commonSignalsWithoutNetworkAreOrganic() {
        let crowd = CountedPopulation(
            clickCount: 100_000,
            counts: [
                .osVersion: ["17.4": 100_000], .deviceModel: ["iPhone": 100_000], .screen: ["1176x2560": 100_000],
                .timezone: ["Europe/Paris": 100_000], .language: ["fr": 100_000],
            ])
        var cellular = F.sameDeviceClick("c1", before: 10 * F.minute)
        cellular.ipPrefix = nil
        let decision = decide([cellular], population: crowd)
        #expect(decision.method == .organic)
        #expect(decision.clickId == nil)
        #expect(decision.confidence < 5)
    }

    @Test("Two clicks by one device are one candidate: the later gets the credit and the confidence adds up")
    func sameDeviceClicksAreGrouped() throws {
        let campus = CountedPopulation(
            clickCount: 1_000,
            counts: [
                .ipPrefix: [F.homeNetwork: 250], .osVersion: ["17.4": 600], .deviceModel: ["iPhone": 950],
                .screen: ["1176x2560": 400], .timezone: ["Europe/Paris": 500], .language: ["fr-FR": 600],
            ])
        let earlier = F.sameDeviceClick("earlier", before: 60 * F.minute)
        let later = F.sameDeviceClick("later", before: 30 * F.minute)
        let both = decide([earlier, later], population: campus)
        let laterAlone = decide([later], population: campus)
        #expect(both.method == .probabilistic)
        #expect(both.clickId == "later")
        #expect(both.probability > laterAlone.probability)
    }

    @Test(
        "Clicks after the install or older than the window never match",
        arguments: [
            -1 * EngineFixtures.minute,
            EngineFixtures.window + EngineFixtures.minute,
            30 * EngineFixtures.day,
        ])
    func clicksOutsideTheWindow(_ delay: TimeInterval) {
        let decision = decide([F.sameDeviceClick("c1", before: delay)])
        #expect(decision.method == .organic)
        #expect(decision.clickId == nil)
        #expect(decision.confidence == 0)
    }

    @Test("A click on another platform never matches")
    func wrongPlatform() {
        var android = F.sameDeviceClick("c1", before: 5 * F.minute)
        android.platform = .android
        let decision = decide([android])
        #expect(decision.method == .organic)
        #expect(decision.clickId == nil)
        #expect(decision.confidence == 0)
    }

    @Test("Below the threshold the answer is organic with the best candidate's confidence")
    func thresholdIsRespected() throws {
        var cellular = F.sameDeviceClick("c1", before: 30 * F.minute)
        cellular.ipPrefix = nil
        let base = decide([cellular])
        let confidence = base.confidence
        try #require((1...99).contains(confidence))

        let strict = AttributionEngine(configuration: AttributionConfiguration(threshold: confidence + 1))
        let organic = strict.decide(install: F.install, candidates: [cellular], population: F.population, window: F.window)
        #expect(organic.method == .organic)
        #expect(organic.clickId == nil)
        #expect(organic.confidence == confidence)
        #expect(organic.probability == base.probability)
        #expect(organic.matchedFactors.isEmpty)

        let exact = AttributionEngine(configuration: AttributionConfiguration(threshold: confidence))
        let matched = exact.decide(install: F.install, candidates: [cellular], population: F.population, window: F.window)
        #expect(matched.method == .probabilistic)
        #expect(matched.clickId == "c1")
    }

    static let scenarios: [(String, [ClickEvidence])] = [
        ("strong match", [EngineFixtures.sameDeviceClick("c1", before: 60)]),
        ("match one second after the click", [EngineFixtures.sameDeviceClick("c1", before: 1)]),
        (
            "weak match",
            [ClickEvidence(clickId: "w", clickedAt: EngineFixtures.installedAt.addingTimeInterval(-3 * EngineFixtures.day), platform: .ios)]
        ),
        ("same instant", [EngineFixtures.sameDeviceClick("c0", before: 0)]),
        ("many candidates", (1...50).map { EngineFixtures.sameDeviceClick("c\($0)", before: Double($0) * 600) }),
        ("no candidates", []),
    ]

    @Test("Confidence is a whole percentage of a probability in 0...1", arguments: scenarios)
    func confidenceBounds(_ name: String, _ candidates: [ClickEvidence]) {
        let decision = decide(candidates)
        #expect((0...100).contains(decision.confidence))
        #expect((0...1).contains(decision.probability))
        #expect(decision.confidence == Int((decision.probability * 100).rounded(.down)))
    }

    @Test("A ten-minute delay is far more likely for the same person than a six-day one")
    func delayRatio() {
        let install = InstallEvidence(reportedAt: F.installedAt, platform: .ios)
        func score(before delay: TimeInterval) -> AttributionEngine.Score {
            let click = ClickEvidence(clickId: "c", clickedAt: F.installedAt.addingTimeInterval(-delay), platform: .ios)
            return engine.score(click, against: install, population: F.population, window: F.window)
        }
        let tenMinutes = score(before: 10 * F.minute)
        let sixDays = score(before: 6 * F.day)
        #expect(tenMinutes.likelihoodRatio > 1)
        #expect(sixDays.likelihoodRatio < 1)
        #expect(tenMinutes.matchedFactors == ["time"])
        #expect(sixDays.matchedFactors.isEmpty)
    }
}
