import Foundation
import Testing

@testable import LandfallAttribution

/// Labelled installs scored as if they carried no token say how right the stated confidence is.
@Suite("The confidence corrected from labelled installs")
struct LabelledCalibrationTests {
    static let configuration = AttributionConfiguration()

    /// An install with uncommon values whose one candidate agrees on the network and every device
    /// and locale signal, a minute later: the engine is sure.
    static func sure(label: Int? = nil) -> MatchObservation {
        let own = MatchObservation.Candidate(
            delay: 60, ip: .agrees, deviceModel: .agrees, osVersion: .agrees, screen: .agrees, timezone: .agrees, language: .agrees)
        let shares = InstallShares(
            ip: 0.001, deviceModel: 0.05, osVersion: 0.2, screen: 0.1, timezone: 0.3, language: 0.3, device: 0.02, locale: 0.1,
            floor: 0.0005)
        return MatchObservation(platform: .ios, window: 7 * 86_400, clickCount: 2_000, shares: shares, candidates: [own], label: label)
    }

    /// An install whose one candidate agrees on the network two minutes before, and nothing else
    /// is known: a middling confidence.
    static func middling(label: Int? = nil) -> MatchObservation {
        let candidate = MatchObservation.Candidate(delay: 120, ip: .agrees)
        return MatchObservation(
            platform: .ios, window: 7 * 86_400, clickCount: 2_000, shares: InstallShares(floor: 0.0005), candidates: [candidate],
            label: label)
    }

    /// 400 sure installs and 1,000 middling token-less ones of which `rightShare` followed the
    /// candidate's click; a tenth of the clicked installs carried a token.
    static func app(rightShare: Double, anchorLabelled: Int = 40) -> [MatchObservation] {
        let middlingLabelled = Int((rightShare * 1_000 / 9).rounded())
        return Array(repeating: sure(), count: 360) + Array(repeating: sure(label: 0), count: anchorLabelled)
            + Array(repeating: middling(), count: 1_000) + Array(repeating: middling(label: 0), count: middlingLabelled)
    }

    static func stated(_ observation: MatchObservation) throws -> Double {
        var probing = configuration
        probing.threshold = 0
        return try #require(AttributionEngine(configuration: probing).evaluate(observation)).probability
    }

    @Test("A band stated too high is brought most of the way to what its labelled installs say")
    func overConfidentBand() throws {
        let stated = try Self.stated(Self.middling())
        let sure = try Self.stated(Self.sure())
        try #require(stated > 0.4 && stated < 0.9 && sure >= LabelledCalibration.anchor, "middling \(stated), sure \(sure)")
        let calibration = try #require(LabelledCalibration.fit(Self.app(rightShare: 0.25), configuration: Self.configuration))
        // About a tenth of the sure band is labelled, so each labelled install stands for nine.
        #expect(abs(calibration.tokenShare - 0.1) < 0.01, "\(calibration.tokenShare)")
        // 28 labelled installs against a pseudo-count of 10: (0.25 × 28 + stated × 10) / 38.
        let expected = (0.252 * 28 + stated * 10) / 38
        let corrected = calibration.corrected(stated)
        #expect(abs(corrected - expected) < 0.02, "stated \(stated), corrected \(corrected), expected \(expected)")
        #expect(calibration.corrected(0) == 0 && calibration.corrected(1) == 1)
    }

    @Test("Where the stated confidence is right, the correction leaves it about where it was")
    func calibratedBand() throws {
        let stated = try Self.stated(Self.middling())
        let calibration = try #require(LabelledCalibration.fit(Self.app(rightShare: stated), configuration: Self.configuration))
        #expect(abs(calibration.corrected(stated) - stated) < 0.02, "stated \(stated), corrected \(calibration.corrected(stated))")
    }

    @Test("Too few labelled installs where the engine is surest: no correction")
    func tooFewToAnchor() {
        let observations = Self.app(rightShare: 0.25, anchorLabelled: LabelledCalibration.minimumAnchorLabelled - 1)
        #expect(LabelledCalibration.fit(observations, configuration: Self.configuration) == nil)
        #expect(LabelledCalibration.fit(Array(repeating: Self.middling(), count: 500), configuration: Self.configuration) == nil)
    }

    @Test("The fit carries the correction into the engine, which states the corrected confidence")
    func appliedByTheFit() throws {
        let observations = Self.app(rightShare: 0.25)
        var fit = AttributionModelFit()
        let learned = fit.fit(observations, platform: .ios)
        let calibration = try #require(learned.labelledCalibration)
        #expect(learned.isUsable)
        var uncorrected = learned.applied(to: fit.base, platform: .ios)
        uncorrected.labelledCalibration = nil
        let stated = try #require(AttributionEngine(configuration: uncorrected).evaluate(Self.middling())).probability
        let engine = AttributionEngine(configuration: learned.applied(to: fit.base, platform: .ios))
        let probability = try #require(engine.evaluate(Self.middling())).probability
        #expect(probability == calibration.corrected(stated))
        #expect(calibration.labelled == observations.filter { $0.label != nil }.count)

        fit.learnsLabelledCalibration = false
        #expect(fit.fit(observations, platform: .ios).labelledCalibration == nil)
    }

    @Test("A credit is the installer's when it is the token's device group, or on the install's network and not contradicted")
    func whoClicked() {
        typealias C = MatchObservation.Candidate
        func judged(_ chosen: C, _ named: C) -> Bool {
            let observation = MatchObservation(
                platform: .ios, window: 86_400, clickCount: 100, shares: InstallShares(floor: 0.005), candidates: [chosen, named], label: 1)
            return LabelledCalibration.creditsTheInstaller(0, label: 1, in: observation)
        }
        let everything = C(
            delay: 600, ip: .agrees, deviceModel: .agrees, osVersion: .agrees, screen: .agrees, timezone: .agrees, language: .agrees)
        // The token's click from a page whose beacon never reported: no screen, time zone or
        // language, so a group of its own, on another network.
        let beaconless = C(delay: 7_200, ip: .differs, deviceModel: .agrees, osVersion: .agrees, group: 1)
        #expect(judged(everything, beaconless))
        // The same, but the token's click was a different phone model: someone else's click.
        var otherPhone = beaconless
        otherPhone.deviceModel = .differs
        #expect(!judged(everything, otherPhone))
        // A look-alike on another network agreeing on every signal is not taken for the person.
        var lookAlike = everything
        lookAlike.ip = .differs
        #expect(!judged(lookAlike, beaconless))
        // Another click of the token's own device group is the person's wherever it is.
        var sameGroup = lookAlike
        sameGroup.group = 1
        #expect(judged(sameGroup, beaconless))
    }

    @Test("Knots that are not probabilities or fall make the correction unusable")
    func usability() {
        func correction(_ knots: [(Double, Double)], tokenShare: Double = 0.1) -> LabelledCalibration {
            LabelledCalibration(knots: knots.map { .init(stated: $0.0, corrected: $0.1) }, labelled: 50, tokenShare: tokenShare)
        }
        let rising = correction([(0.3, 0.2), (0.6, 0.5)])
        #expect(rising.isUsable)
        let falling = correction([(0.3, 0.4), (0.6, 0.3)])
        #expect(!falling.isUsable)
        #expect(!correction([(0.3, 1.2)]).isUsable)
        #expect(!correction([], tokenShare: 0).isUsable)
    }
}
