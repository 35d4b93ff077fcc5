import Foundation
import LandfallAttribution
import Testing

/// Platforms an app matches only by click tokens (`AttributionConfiguration.deterministicOnlyPlatforms`).
@Suite("Attribution engine: deterministic-only platforms")
struct DeterministicOnlyPlatformTests {
    typealias F = EngineFixtures

    @Test("An iOS install is organic, however well a click agrees, when iOS is deterministic-only")
    func iosIsOrganic() {
        let engine = AttributionEngine(configuration: AttributionConfiguration(deterministicOnlyPlatforms: [.ios]))
        let decision = engine.decide(
            install: F.install, candidates: [F.sameDeviceClick("c1", before: 5 * F.minute)], population: F.population, window: F.window)
        #expect(F.install.platform == .ios)
        #expect(decision == .organic)
    }

    @Test("Another platform still matches on signals")
    func otherPlatformsMatch() {
        let engine = AttributionEngine(configuration: AttributionConfiguration(deterministicOnlyPlatforms: [.android]))
        let decision = engine.decide(
            install: F.install, candidates: [F.sameDeviceClick("c1", before: 5 * F.minute)], population: F.population, window: F.window)
        #expect(decision.method == .probabilistic)
        #expect(decision.clickId == "c1")
    }
}
