import Foundation
import LandfallStore
import LandfallSynthetic
import LandfallTestSupport
import Testing

extension StorageContractTests {
    private static let syntheticProfile = SyntheticData.DeviceProfile(
        platform: "ios", userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X)", osVersion: "18.6", deviceClass: "phone",
        screenWidth: 1179, screenHeight: 2556, timezone: "Europe/Berlin", language: "de-DE", acceptLanguage: "de-DE,de;q=0.9",
        signature: "ios|18.6|1184x2560|Europe/Berlin|de-DE"
    )

    /// The benchmark builds requests from the Swift formulas, so the database must generate exactly the same rows.
    @Test(arguments: TestEngine.allCases)
    func syntheticLinksHaveTheCodesAndDestinationsTheirFormulasGive(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            try await SyntheticData(storage: storage).insertLinks(appId: app.id, range: 1..<301, createdAt: Fixtures.date())
            for index in [1, 2, 77, 300] {
                let link = try #require(try await storage.link(shortCode: SyntheticData.shortCode(index), appId: app.id))
                #expect(link.id == SyntheticData.linkId(index))
                #expect(link.content.originalUrl == SyntheticData.destination(index))
                #expect(link.isActive)
            }
            #expect(try await storage.link(shortCode: SyntheticData.shortCode(301), appId: app.id) == nil)
            #expect(Set((1...300).map(SyntheticData.shortCode)).count == 300)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func syntheticClicksComeFromTheAddressesTheirFormulaGivesAndCarryTheirKeys(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let synthetic = SyntheticData(storage: storage)
            try await synthetic.insertLinks(appId: app.id, range: 1..<11, createdAt: Fixtures.date())
            let period = Fixtures.date(-600_000)...Fixtures.date()
            try await synthetic.insertClicks(
                appId: app.id, range: 1..<201, linkCount: 10, period: period, networks: 1000, profiles: [Self.syntheticProfile]
            )
            #expect(try await storage.clickCount(appId: app.id) == 200)
            for index in [1, 99, 200] {
                let click = try #require(try await storage.click(token: SyntheticData.clickToken(index)))
                let address = SyntheticData.ipAddress(click: index, networks: 1000)
                #expect(click.ipAddress == address)
                #expect(click.ipPrefix == address.split(separator: ".").prefix(3).joined(separator: ".") + ".0/24")
                #expect(click.signature == Self.syntheticProfile.signature)
                #expect(period.contains(click.clickedAt))
                #expect(click.linkId.hasPrefix("synthetic-link-"))
            }
            #expect(try await synthetic.countRows("clicks", excludingSynthetic: true) == 0)
            #expect(try await synthetic.countRows("clicks", excludingSynthetic: false) == 200)
            let groups = try await synthetic.deviceGroups(appId: app.id)
            #expect(groups.map(\.clicks).reduce(0, +) == 200)
            let later = try await synthetic.deviceGroups(appId: app.id, range: 151..<201)
            #expect(later.map(\.clicks).reduce(0, +) == 50)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func aBatchOfEventsStoresEachOnceAndRecognisesARetryInsideTheBatch(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let install = try await Self.insertInstall(storage, appId: app.id)
            let first = Fixtures.event(appId: app.id, installId: install.id, clientEventId: "evt-1", name: "purchase")
            let other = Fixtures.event(appId: app.id, installId: install.id, clientEventId: "evt-2", name: "open")
            let retry = Fixtures.event(appId: app.id, installId: install.id, clientEventId: "evt-1", name: "purchase")
            let results = try await storage.insertEvents([first, other, retry])
            #expect(results.map(\.duplicate) == [false, false, true])
            #expect(results[2].event == first)
            #expect(try await storage.events(installId: install.id).count == 2)
        }
    }
}
