import Foundation
import LandfallAttribution
import Testing

/// A young app's strangers clicked within its short history, not across the whole window.
struct StrangerSpanTests {
    typealias F = EngineFixtures

    func observation(historyDays: Double?) -> MatchObservation {
        var population = F.population
        population.firstClickAt = historyDays.map { F.installedAt.addingTimeInterval(-$0 * F.day) }
        return AttributionEngine.observe(
            install: F.install, eligible: [F.sameDeviceClick("c1", before: 20 * 3600)], population: population, window: F.window
        )
    }

    @Test func theSpanIsTheWindowOrTheAppsHistoryWhicheverIsShorter() {
        #expect(observation(historyDays: nil).window == F.window)
        #expect(observation(historyDays: 30).window == F.window)
        #expect(observation(historyDays: 2).window == 2 * F.day)
        // An install moments after a busy app's first click is not weighed against a vanishing span.
        #expect(observation(historyDays: 0.001).window == AttributionEngine.minimumStrangerSpan)
    }

    @Test func countsThatIncludeABackfillsLaterClicksCoverTheHistoryUpToThem() {
        var population = F.population
        population.firstClickAt = F.installedAt.addingTimeInterval(-3600)
        population.countedThrough = F.installedAt.addingTimeInterval(F.day)
        let observation = AttributionEngine.observe(
            install: F.install, eligible: [F.sameDeviceClick("c1", before: 600)], population: population, window: F.window
        )
        #expect(observation.window == F.day + 3600)
    }

    @Test func aHistoryOfAFewClicksSaysLittleAboutTheirRate() {
        var population = F.population
        population.firstClickAt = F.installedAt.addingTimeInterval(-60)
        population.clickCount = 1
        let observation = AttributionEngine.observe(
            install: F.install, eligible: [F.sameDeviceClick("c1", before: 60)], population: population, window: F.window
        )
        // One click a minute ago is not a click a minute: the span stays near the window.
        #expect(observation.window > 0.9 * F.window)
    }

    @Test func aDelayIsLessTellingWhenStrangersClickedInAShortHistory() throws {
        let engine = AttributionEngine()
        let mature = try #require(engine.evaluate(observation(historyDays: nil)))
        let young = try #require(engine.evaluate(observation(historyDays: 2)))
        #expect(young.posterior < mature.posterior)
        // The time factor's ratio scales with the span over the share of delays it holds (an
        // installer's click can be no older than the history either); nothing else moves.
        let share = F.population
        let shares = InstallShares(install: F.install, population: share)
        let candidate = observation(historyDays: nil).candidates[0]
        let full = engine.likelihoodRatio(candidate, shares: shares, window: F.window).ratio
        let short = engine.likelihoodRatio(candidate, shares: shares, window: 2 * F.day).ratio
        let delays = engine.configuration.delayModel
        #expect(abs(full / short - 3.5 * delays.cumulative(2 * F.day) / delays.cumulative(F.window)) < 1e-9)
    }
}
