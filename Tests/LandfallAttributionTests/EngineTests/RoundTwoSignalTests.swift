import Foundation
import LandfallAttribution
import Testing

private typealias F = EngineFixtures

/// What the signals really carry: in-app browsers' iOS versions, languages by primary subtag,
/// joint frequencies, and never a match across apps.
@Suite("Round-two signals")
struct RoundTwoSignalTests {
    let engine = AttributionEngine()

    static let frozenWebKit = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)"

    static func clickOS(_ userAgent: String) -> String? {
        EvidenceBuilder.click(
            id: "c", clickedAt: F.installedAt, userAgent: userAgent, ipAddress: nil, screenWidth: 1179, screenHeight: 2556,
            timezone: "America/Chicago", language: "en-US", acceptLanguage: nil, platformOverride: nil
        ).osVersion
    }

    @Test(
        "In-app browsers' own tokens give the real iOS behind a frozen 18_6; without one the version is unknown",
        arguments: [
            (
                frozenWebKit + " Mobile/15E148 [FBAN/FBIOS;FBAV/530.0.0.41.106;FBDV/iPhone16,2;FBMD/iPhone;FBSN/iOS;FBSV/26.1;FBSS/3]",
                "26.1"
            ),
            (
                frozenWebKit + " Mobile/15E148 Instagram 400.0.0.26.89 (iPhone16,2; iOS 26_2; en_US; en; scale=3.00; 1179x2556; 812345678)",
                "26.2"
            ),
            (frozenWebKit + " Version/26.3 Mobile/15E148 Safari/604.1", "26.3"),
            (frozenWebKit + " CriOS/141.0.7390.96 Mobile/15E148 Safari/604.1", nil),
            (frozenWebKit + " Mobile/15E148 musical_ly_41.5.0 JsSdk/2.0 NetType/WIFI", nil),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1",
                "18.6"
            ),
        ] as [(String, String?)])
    func inAppIOSVersion(_ userAgent: String, _ expected: String?) {
        #expect(Self.clickOS(userAgent) == expected)
    }

    @Test("A browser's es-MX and the iPhone's es_US locale agree on language and share a signature")
    func languageRegionTolerance() throws {
        let click = EvidenceBuilder.click(
            id: "c", clickedAt: F.installedAt, userAgent: SignalSamples.iPhoneSafari, ipAddress: nil, screenWidth: 1179,
            screenHeight: 2556, timezone: "America/Chicago", language: "es-MX", acceptLanguage: nil, platformOverride: nil
        )
        let install = EvidenceBuilder.install(
            reportedAt: F.installedAt, userAgent: SignalSamples.linkFortyIOS, ipAddress: nil, screenWidth: 1179, screenHeight: 2556,
            timezone: "America/Chicago", language: "es_US", platform: "iOS", platformVersion: "17.4", deviceModel: nil
        )
        #expect(Factor.language.value(of: click) == "es")
        #expect(Factor.language.value(of: install) == "es")
        let signature = try #require(EvidenceBuilder.signature(click))
        #expect(signature == EvidenceBuilder.signature(install))
        let score = engine.score(click, against: install, population: F.population, window: F.window)
        #expect(score.matchedFactors.contains("language"))
    }

    @Test("OS version and screen that always go together weigh as one agreement, not two")
    func jointFrequencies() {
        let install = InstallEvidence(reportedAt: F.installedAt, platform: .ios, osVersion: "26.1", screen: F.iPhone15)
        let click = ClickEvidence(
            clickId: "c", clickedAt: F.installedAt.addingTimeInterval(-3 * F.minute), platform: .ios, osVersion: "26.1", screen: F.iPhone15
        )
        let independent = CountedPopulation(
            clickCount: 1_000,
            counts: [
                .osVersion: ["26.1": 100], .screen: ["1176x2560": 100],
            ])
        var correlated = independent
        correlated.counts[.device] = ["26.1|1176x2560": 100]
        let asIndependent = engine.score(click, against: install, population: independent, window: F.window)
        let asJoint = engine.score(click, against: install, population: correlated, window: F.window)
        // 100 of 1,000 share both: a tenth, not a hundredth.
        #expect(asJoint.likelihoodRatio < asIndependent.likelihoodRatio / 5)
        #expect(asJoint.matchedFactors.contains("os_version") && asJoint.matchedFactors.contains("screen"))
    }

    @Test("Two apps sharing devices and networks never match each other's clicks")
    func neverAcrossApps() {
        var random = SystemRandomNumberGenerator()
        for round in 0..<200 {
            var candidates: [ClickEvidence] = []
            for index in 0..<6 {
                var click = F.sameDeviceClick(
                    "c\(round)-\(index)", before: Double(Int.random(in: 1...3_000, using: &random)) * F.minute / 10)
                click.appId = Bool.random(using: &random) ? "app-a" : "app-b"
                candidates.append(click)
            }
            var install = F.install
            install.appId = Bool.random(using: &random) ? "app-a" : "app-b"
            let decision = engine.decide(install: install, candidates: candidates, population: F.population, window: F.window)
            if let clickId = decision.clickId {
                #expect(candidates.first { $0.clickId == clickId }?.appId == install.appId)
            } else {
                #expect(!candidates.contains { $0.appId == install.appId && $0.clickedAt < install.reportedAt } || decision.confidence < 80)
            }
        }
        var onlyOther = F.sameDeviceClick("other-app", before: 5 * F.minute)
        onlyOther.appId = "app-b"
        var install = F.install
        install.appId = "app-a"
        let decision = engine.decide(install: install, candidates: [onlyOther], population: F.population, window: F.window)
        #expect(decision.method == .organic)
        #expect(decision.confidence == 0)
    }

    @Test("The deterministic answer is certain")
    func deterministic() {
        let decision = AttributionDecision.deterministic(clickId: "c1")
        #expect(decision.method == .deterministic && decision.confidence == 100 && decision.probability == 1)
    }

    @Test("A calibration curve is monotone, interpolates between knots and keeps 0 and 1")
    func calibrationCurve() {
        let curve = ConfidenceCalibration.Band(clickCount: 100, knots: [.init(0.5, 0.4), .init(0.2, 0.25), .init(0.8, 0.3)])
        #expect(curve.knots.map(\.calibrated) == [0.25, 0.4, 0.4])
        #expect(curve.calibrated(0) == 0)
        #expect(curve.calibrated(1) == 1)
        #expect(abs(curve.calibrated(0.35) - 0.325) < 1e-9)
        #expect(ConfidenceCalibration.identity.calibrated(0.42) == 0.42)
        for clickCount in [10, 3_000, 30_000, 300_000, 3_000_000] {
            var previous = 0.0
            for step in 0...100 {
                let value = ConfidenceCalibration.standard.calibrated(Double(step) / 100, clickCount: clickCount)
                #expect(value >= previous && value <= 1)
                previous = value
            }
        }
    }

    @Test("Between two density bands the curve is interpolated in the logarithm of the click count")
    func calibrationBands() {
        let bands = ConfidenceCalibration(bands: [
            .init(clickCount: 1_000, knots: [.init(0.5, 0.6)]), .init(clickCount: 100_000, knots: [.init(0.5, 0.4)]),
        ])
        #expect(abs(bands.calibrated(0.5, clickCount: 10) - 0.6) < 1e-9)
        #expect(abs(bands.calibrated(0.5, clickCount: 10_000) - 0.5) < 1e-9)
        #expect(abs(bands.calibrated(0.5, clickCount: 10_000_000) - 0.4) < 1e-9)
    }

    @Test("Within a density the curves keyed on the learned clicked share are interpolated in the share")
    func shareKeyedCurvesInterpolate() {
        let bands = ConfidenceCalibration(bands: [
            .init(clickCount: 100, clickedShare: 0.9, knots: [.init(0.5, 0.7)]),
            .init(clickCount: 100, clickedShare: 0.5, knots: [.init(0.5, 0.3)]),
            .init(clickCount: 10_000, knots: [.init(0.5, 0.5)]),
        ])
        #expect(abs(bands.calibrated(0.5, clickCount: 100, clickedShare: 0.7) - 0.5) < 1e-9)
        #expect(abs(bands.calibrated(0.5, clickCount: 100, clickedShare: 0.6) - 0.4) < 1e-9)
        // Outside the keyed shares, the nearest curve.
        #expect(abs(bands.calibrated(0.5, clickCount: 100, clickedShare: 0.2) - 0.3) < 1e-9)
        #expect(abs(bands.calibrated(0.5, clickCount: 100, clickedShare: 0.99) - 0.7) < 1e-9)
        // A share not known: the middle curve.
        #expect(abs(bands.calibrated(0.5, clickCount: 100) - 0.7) < 1e-9)
        // Between densities, each density's answer at the share, interpolated in log(clicks).
        #expect(abs(bands.calibrated(0.5, clickCount: 1000, clickedShare: 0.6) - 0.45) < 1e-9)
        // A density without keys serves every share.
        #expect(abs(bands.calibrated(0.5, clickCount: 10_000, clickedShare: 0.6) - 0.5) < 1e-9)
    }

    @Test("A re-click of the same phone from another network adds to the confidence when strangers with that phone are few")
    func sameDeviceElsewhere() {
        // On mobile data (no network prefix) the two clicks cannot be grouped as one device.
        var install = F.install
        install.ipPrefix = nil
        var home = F.sameDeviceClick("recent", before: 20 * F.minute)
        home.ipPrefix = nil
        var earlier = F.sameDeviceClick("earlier", before: 2 * F.day)
        earlier.ipPrefix = nil
        var sparse = F.population
        sparse.counts[.device] = ["17.4|1176x2560": 2]
        sparse.counts[.locale] = ["Europe/Paris|fr": 2]
        var crowded = sparse
        crowded.clickCount = 1_000_000
        crowded.counts[.device] = ["17.4|1176x2560": 100_000]
        crowded.counts[.locale] = ["Europe/Paris|fr": 200_000]
        var noCredit = AttributionConfiguration()
        noCredit.otherClicksPerPerson = 0
        let withoutCredit = AttributionEngine(configuration: noCredit)
            .decide(install: install, candidates: [home, earlier], population: sparse, window: F.window)
        let withReclick = engine.decide(install: install, candidates: [home, earlier], population: sparse, window: F.window)
        #expect(withReclick.clickId == "recent")
        #expect(withReclick.probability > withoutCredit.probability)
        let crowdedReclick = engine.decide(install: install, candidates: [home, earlier], population: crowded, window: F.window)
        #expect(crowdedReclick.probability < withReclick.probability)
    }
}
