import Foundation
import LandfallAttribution
import LandfallSimulator
import Testing

@Suite("Sliding population statistics")
struct SlidingPopulationTests {
    @Test("counts the platform's clicks inside the window and forgets older ones")
    func window() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var population = SlidingPopulation(window: 3600)
        // Clicks arrive in time order, as on a server.
        population.insert(ClickEvidence(clickId: "a", clickedAt: start, platform: .android, timezone: "America/Chicago"))
        for (minute, timezone) in [(0, "America/Chicago"), (30, "America/Chicago"), (50, "Europe/Paris")] {
            population.insert(
                ClickEvidence(
                    clickId: "c\(minute)", clickedAt: start.addingTimeInterval(Double(minute) * 60), platform: .ios, timezone: timezone
                ))
        }
        let install = InstallEvidence(reportedAt: start.addingTimeInterval(3600), platform: .ios, timezone: "America/Chicago")
        population.advance(to: install.reportedAt)
        var statistics = population.statistics(for: install)
        #expect(statistics.clickCount == 3)
        #expect(statistics.count(of: .timezone, value: "America/Chicago") == 2)
        population.advance(to: start.addingTimeInterval(3600 + 10 * 60))
        statistics = population.statistics(for: install)
        #expect(statistics.clickCount == 2)
        #expect(statistics.count(of: .timezone, value: "America/Chicago") == 1)
        #expect(statistics.count(of: .timezone, value: "Europe/Paris") == 1)
        #expect(population.clickCount(.android) == 0)
    }
}
