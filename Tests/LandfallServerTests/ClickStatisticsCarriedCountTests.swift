import Foundation
import LandfallAttribution
@testable import LandfallServer
import LandfallStore
import LandfallTestSupport
import Logging
import Testing

/// Beside each value's count the statistics keep how many clicks carry the factor at all, which
/// the engine takes a value's share among, and the install's match reads them with its values.
@Suite("Click statistics: carried counts")
struct ClickStatisticsCarriedCountTests {
    @Test func eachFactorsCarriedCountIsItsClicksWithAValue() async throws {
        try await TestDatabases.withMigratedStorage(.sqlite) { storage, _ in
            let (app, link) = try await IPRetentionSweepTests.app(storage)
            var beaconed = IPRetentionSweepTests.click(app, link, hoursAgo: 1, ip: "203.0.113.9")
            beaconed.signals = ClickSignals(screenWidth: 1179, screenHeight: 2556, timezone: "Europe/Lisbon", language: "pt-PT")
            var otherBeaconed = IPRetentionSweepTests.click(app, link, hoursAgo: 1, ip: "198.51.100.7")
            otherBeaconed.signals = ClickSignals(screenWidth: 1290, screenHeight: 2796, timezone: "Europe/Paris", language: "fr-FR")
            let bare = IPRetentionSweepTests.click(app, link, hoursAgo: 1, ip: "192.0.2.44")
            try await storage.insertClicks([beaconed, otherBeaconed, bare])
            let statistics = ClickStatistics(storage: storage, logger: Logger(label: "test"), now: { IPRetentionSweepTests.now })
            #expect(try await statistics.catchUp() == 3)

            let day = ClickStatistics.day(of: beaconed.clickedAt)
            let factors = ["timezone", "language", "screen", "signature", "locale", "ip"]
            let population = try await storage.population(
                appId: app.id, platform: "ios", fromDay: day, toDay: day,
                values: factors.map { (factor: $0, value: ClickStatDelta.carriedValue) } + [(factor: "timezone", value: "Europe/Lisbon")]
            )
            #expect(population.clickCount == 3)
            for factor in factors.dropLast() { #expect(population.counts[factor]?[""] == 2, "\(factor)") }
            #expect(population.counts["ip"]?[""] == 3)
            #expect(population.counts["timezone"]?["Europe/Lisbon"] == 1)
        }
    }

    @Test func theEngineSeesACarriedCountOnlyWhereOneWasRead() {
        let read = StoredPopulation(
            population: ClickPopulation(clickCount: 50, counts: ["timezone": ["Europe/Lisbon": 4, "": 20], "language": ["pt": 4]]),
            firstClickAt: nil, countedThrough: nil
        )
        #expect(read.carried(.timezone) == 20)
        #expect(read.carried(.language) == nil)
        #expect(read.count(of: .timezone, value: "Europe/Lisbon") == 4)
    }
}
