import Foundation
import LandfallStore
import LandfallTestSupport
import Testing

extension StorageContractTests {
    @Test(arguments: TestEngine.allCases)
    func matchObservationsAreTheNewestOfOneAppAndPlatform(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = Fixtures.app()
            let other = Fixtures.app()
            try await storage.insertApp(app)
            try await storage.insertApp(other)
            for minute in 0..<5 {
                var install = Fixtures.install(appId: app.id, createdAt: Fixtures.date().addingTimeInterval(Double(minute) * 60))
                install.matchObservation = "observation \(minute)"
                try await storage.insertInstall(install)
            }
            // An install without one (an app whose iOS installs match by token only) and another app's.
            try await storage.insertInstall(Fixtures.install(appId: app.id, createdAt: Fixtures.date().addingTimeInterval(3600)))
            var foreign = Fixtures.install(appId: other.id)
            foreign.matchObservation = "foreign"
            try await storage.insertInstall(foreign)
            let newest = try await storage.matchObservations(appId: app.id, platform: "ios", limit: 3)
            #expect(newest == ["observation 4", "observation 3", "observation 2"])
            #expect(try await storage.matchObservations(appId: app.id, platform: "android", limit: 3).isEmpty)
            #expect(try await storage.installCounts() == [app.id: 6, other.id: 1])
            // The observation is the fit's: an install read back does not carry it.
            #expect(try await storage.install(id: foreign.id, appId: other.id)?.matchObservation == nil)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func anAttributionModelIsReplacedPerAppAndPlatform(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = Fixtures.app()
            try await storage.insertApp(app)
            let first = StoredAttributionModel(
                appId: app.id, platform: "ios", parameters: "{\"v\":1}", fittedAt: Fixtures.date(), installsAtFit: 40)
            try await storage.saveAttributionModel(first)
            var second = first
            second.parameters = "{\"v\":2}"
            second.installsAtFit = 80
            second.fittedAt = Fixtures.date().addingTimeInterval(60)
            try await storage.saveAttributionModel(second)
            let android = StoredAttributionModel(
                appId: app.id, platform: "android", parameters: "{}", fittedAt: Fixtures.date(), installsAtFit: 80)
            try await storage.saveAttributionModel(android)
            #expect(try await storage.attributionModels(appId: app.id) == [android, second])
            #expect(try await storage.allAttributionModels() == [android, second])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func aModelOfADeletedAppIsNeitherKeptNorSaved(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = Fixtures.app()
            try await storage.insertApp(app)
            let model = StoredAttributionModel(
                appId: app.id, platform: "ios", parameters: "{}", fittedAt: Fixtures.date(), installsAtFit: 1)
            try await storage.saveAttributionModel(model)
            #expect(try await storage.deleteApp(id: app.id))
            #expect(try await storage.allAttributionModels().isEmpty)
            // A fit that finishes after its app was deleted stores nothing.
            try await storage.saveAttributionModel(model)
            #expect(try await storage.allAttributionModels().isEmpty)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func anAppsFirstClickIsItsEarliestHumanOneOnThePlatform(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = Fixtures.app()
            let other = Fixtures.app()
            try await storage.insertApp(app)
            try await storage.insertApp(other)
            let link = Fixtures.link(appId: app.id)
            let otherLink = Fixtures.link(appId: other.id)
            try await storage.insertLink(link)
            try await storage.insertLink(otherLink)
            #expect(try await storage.firstClickAt(appId: app.id, platform: "ios") == nil)
            let start = Fixtures.date()
            var bot = Fixtures.click(appId: app.id, linkId: link.id, clickedAt: start.addingTimeInterval(-7200))
            bot.isBot = true
            try await storage.insertClicks([
                bot,
                Fixtures.click(appId: other.id, linkId: otherLink.id, clickedAt: start.addingTimeInterval(-3600)),
                Fixtures.click(appId: app.id, linkId: link.id, clickedAt: start.addingTimeInterval(-1800), platform: "android"),
                Fixtures.click(appId: app.id, linkId: link.id, clickedAt: start.addingTimeInterval(60)),
                Fixtures.click(appId: app.id, linkId: link.id, clickedAt: start),
            ])
            #expect(try await storage.firstClickAt(appId: app.id, platform: "ios") == start)
            #expect(try await storage.firstClickAt(appId: app.id, platform: "android") == start.addingTimeInterval(-1800))
        }
    }
}
