import Foundation
import LandfallStore
import LandfallTestSupport
import Testing

extension StorageContractTests {
    /// A database counted before carried counts were kept gets them summed from its values, day by
    /// day, for every factor; a value stored empty is dropped, not taken for one.
    @Test(arguments: TestEngine.allCases)
    func upgradingCountsTheClicksCarryingEachFactorFromItsValues(_ engine: TestEngine) async throws {
        try await TestDatabases.withFreshStorage(engine) { storage, provider in
            let carriedCounts = try #require(Migration.all.firstIndex { $0.name == "0024_click_stats_carried_counts" })
            try await Migrator(provider: provider, migrations: Array(Migration.all[..<carriedCounts])).migrate()
            let app = try await Self.insertApp(storage)
            let day: Int64 = 20_500
            func row(_ day: Int64, _ factor: String?, _ value: String?, _ clicks: Int, platform: String = "android") -> ClickStatDelta {
                ClickStatDelta(appId: app.id, platform: platform, day: day, factor: factor, value: value, clicks: clicks)
            }
            let deltas = [
                row(day, nil, nil, 10), row(day, "os_version", "14", 3), row(day, "os_version", "13", 1),
                row(day, "ip", "203.0.113.0/24", 10), row(day, "timezone", "Europe/Lisbon", 7), row(day, "language", "", 2),
                row(day + 1, nil, nil, 5), row(day + 1, "os_version", "14", 2),
                row(day, "os_version", "18.1", 9, platform: "ios"),
            ]
            #expect(try await storage.recordStatistics(deltas, watermarkFrom: 0, to: 1_000))
            try await Migrator(provider: provider).migrate()

            let carried = ["os_version", "timezone", "language", "ip"].map { (factor: $0, value: ClickStatDelta.carriedValue) }
            let both = try await storage.population(appId: app.id, platform: "android", fromDay: day, toDay: day + 1, values: carried)
            #expect(both.clickCount == 15)
            #expect(both.counts["os_version"]?[""] == 6)
            #expect(both.counts["timezone"]?[""] == 7)
            #expect(both.counts["language"]?[""] == 0)
            #expect(both.counts["ip"]?[""] == 10)
            let second = try await storage.population(appId: app.id, platform: "android", fromDay: day + 1, toDay: day + 1, values: carried)
            #expect(second.counts["os_version"]?[""] == 2)
            let ios = try await storage.population(appId: app.id, platform: "ios", fromDay: day, toDay: day, values: carried)
            #expect(ios.counts["os_version"]?[""] == 9)
        }
    }
}
