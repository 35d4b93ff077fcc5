import Foundation
import Testing
@testable import LandfallAttribution

/// A value's share is taken among the clicks that carry its factor, where those were counted: a
/// stranger agrees on a signal only where both sides carry it.
@Suite("Install shares among the clicks carrying each factor")
struct InstallSharesCarriedTests {
    static let install = InstallEvidence(
        reportedAt: EngineFixtures.installedAt, platform: .android, osVersion: "14", deviceModel: "SM-S911B",
        ipPrefix: EngineFixtures.homeNetwork, screen: ScreenSize(width: 1080, height: 2340), timezone: "Europe/Lisbon", language: "pt-PT"
    )

    static func population(carried: [Factor: Int]) -> CountedPopulation {
        var population = CountedPopulation(clickCount: 999)
        for factor in Factor.counted { if let value = factor.value(of: install) { population.counts[factor] = [value: 49] } }
        population.carriedCounts = carried
        return population
    }

    @Test func aFactorCarriedByAFifthOfTheClicksIsFiveTimesCommonerAmongThem() throws {
        let shares = InstallShares(install: Self.install, population: Self.population(carried: [.osVersion: 199, .deviceModel: 199]))
        #expect(try #require(shares.osVersion) == 49.5 / 200)
        #expect(try #require(shares.deviceModel) == 49.5 / 200)
        // Factors whose carried count was not read stay shares among every click.
        #expect(try #require(shares.timezone) == 49.5 / 1000)
        #expect(try #require(shares.ip) == 49.5 / 1000)
        #expect(shares.floor == 0.5 / 1000)
        #expect(shares.signatureCarried == nil)
    }

    @Test func withoutCarriedCountsTheSharesAreAmongEveryClick() {
        let without = InstallShares(install: Self.install, population: Self.population(carried: [:]))
        let zero = InstallShares(install: Self.install, population: Self.population(carried: [.osVersion: 0, .signature: 0]))
        #expect(without.osVersion == 49.5 / 1000)
        #expect(zero == InstallShares(install: Self.install, population: Self.population(carried: [.signature: 0])))
        #expect(zero.osVersion == without.osVersion)
    }

    @Test func theSignaturesCarriedCountConvertsItsShareBackToLookAlikes() throws {
        let carried: [Factor: Int] = [.signature: 99, .screen: 99, .timezone: 99, .language: 99, .locale: 99]
        let shares = InstallShares(install: Self.install, population: Self.population(carried: carried))
        #expect(shares.signatureCarried == 99)
        #expect(try #require(shares.signature) == 49.5 / 100)
        let observation = MatchObservation(platform: .android, window: 86_400, clickCount: 999, shares: shares, candidates: [])
        // Read back among the 99 carrying clicks, the count is the 49 counted; among every click
        // it would have been ten times that.
        #expect(AttributionEngine.unfetchedLookAlikes(observation, fetchedCount: 0) == 49)
        #expect(MatchObservation(text: observation.text) == observation)
    }

    @Test func anEmptyValueIsNoValue() {
        var install = Self.install
        install.timezone = ""
        #expect(Factor.timezone.value(of: install) == nil)
        #expect(Factor.locale.value(of: install) == nil)
    }
}
