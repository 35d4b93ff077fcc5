import Foundation
import LandfallStore
import LandfallTestSupport
import Testing

extension StorageContractTests {
    @Test(arguments: TestEngine.allCases)
    func clickIsFoundByTokenWithEveryField(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let click = ClickRecord(
                id: Fixtures.uniqueId("click"), appId: app.id, linkId: link.id, clickedAt: Fixtures.date(42),
                clickToken: Fixtures.uniqueId("tok"), ipAddress: "203.0.113.7",
                userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)", platform: "ios", osVersion: "17.4",
                deviceClass: "phone", deviceModel: "iPhone", browser: "Safari", inAppBrowser: "Instagram",
                acceptLanguage: "pt-PT,pt;q=0.9,en;q=0.8", referrer: "https://instagram.com/", country: "PT",
                isBot: true, botName: "SomeBot",
                signals: ClickSignals(screenWidth: 1179, screenHeight: 2556, timezone: "Europe/Lisbon", language: "pt-PT")
            )
            try await storage.insertClicks([click])
            #expect(try await storage.click(token: click.clickToken) == click)
            #expect(try await storage.click(token: "no-such-token") == nil)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func batchSpanningSeveralChunksIsReadable(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            // 1,200 rows: more than two of the 500-row chunks insertClicks writes per statement.
            let clicks = (0..<1_200).map { index in
                Fixtures.click(appId: app.id, linkId: link.id, clickedAt: Fixtures.date(Int64(index)))
            }
            try await storage.insertClicks(clicks)
            #expect(try await storage.clicks(linkId: link.id, appId: app.id) == clicks)
            #expect(try await storage.clickCount(appId: app.id) == 1_200)
        }
    }

    /// A batch is stored whole or not at all, so the recorder can put a failed one back and write it
    /// again: one statement on SQLite (its own transaction) and several (one transaction around them).
    @Test(arguments: TestEngine.allCases, [3, 2_001])
    func failedBatchStoresNoneOfItsClicks(_ engine: TestEngine, size: Int) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let stored = Fixtures.click(appId: app.id, linkId: link.id)
            try await storage.insertClicks([stored])
            let batch =
                (1..<size).map { index in Fixtures.click(appId: app.id, linkId: link.id, clickedAt: Fixtures.date(Int64(index))) }
                + [Fixtures.click(appId: app.id, linkId: link.id, token: stored.clickToken)]
            await #expect(throws: (any Error).self) { try await storage.insertClicks(batch) }
            #expect(try await storage.clickCount(appId: app.id) == 1)
            try await storage.insertClicks(Array(batch.dropLast()))
            #expect(try await storage.clickCount(appId: app.id) == size)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func clickCountCountsOnlyThatApp(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let otherLink = try await Self.insertLink(storage, appId: other.id)
            try await storage.insertClicks(
                (0..<3).map { _ in Fixtures.click(appId: app.id, linkId: link.id) }
                    + [Fixtures.click(appId: other.id, linkId: otherLink.id)]
            )
            #expect(try await storage.clickCount(appId: app.id) == 3)
            #expect(try await storage.clickCount(appId: other.id) == 1)
            #expect(try await storage.clickCount(appId: "no-such-app") == 0)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func applySignalsRecordsWhatThePageLearned(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let click = Fixtures.click(appId: app.id, linkId: link.id, platform: "macos")
            try await storage.insertClicks([click])
            let signals = ClickSignals(
                screenWidth: 2048, screenHeight: 2732, timezone: "America/New_York", language: "en-US", platformOverride: "ios"
            )
            let returned = try #require(try await storage.applySignals(signals, clickToken: click.clickToken))
            #expect(returned.platform == "ios")
            let updated = try #require(try await storage.click(token: click.clickToken))
            #expect(updated.signals == ClickSignals(screenWidth: 2048, screenHeight: 2732, timezone: "America/New_York", language: "en-US"))
            #expect(updated.platform == "ios")
        }
    }

    @Test(arguments: TestEngine.allCases)
    func applySignalsKeepsValuesItDoesNotReport(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            var click = Fixtures.click(appId: app.id, linkId: link.id, platform: "android")
            click.signals = ClickSignals(screenWidth: 1080, screenHeight: 2400, timezone: "Europe/Berlin", language: "de-DE")
            try await storage.insertClicks([click])
            // A platform correction only applies to a click that claimed to be a Mac.
            #expect(
                try await storage.applySignals(
                    ClickSignals(timezone: "Europe/Paris", platformOverride: "ios"), clickToken: click.clickToken) != nil)
            let updated = try #require(try await storage.click(token: click.clickToken))
            #expect(updated.signals == ClickSignals(screenWidth: 1080, screenHeight: 2400, timezone: "Europe/Paris", language: "de-DE"))
            #expect(updated.platform == "android")
        }
    }

    @Test(arguments: TestEngine.allCases)
    func applySignalsForUnknownTokenReturnsFalse(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ async throws in
            #expect(try await storage.applySignals(ClickSignals(screenWidth: 390), clickToken: "no-such-token") == nil)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func batchWithDuplicateTokenLandsNoRow(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let earlier = Fixtures.click(appId: app.id, linkId: link.id)
            try await storage.insertClicks([earlier])
            // The duplicate sits in the second chunk, after a first chunk of 500 rows was written.
            var batch = (0..<700).map { _ in Fixtures.click(appId: app.id, linkId: link.id) }
            batch[650].clickToken = batch[10].clickToken
            await #expect(throws: (any Error).self) { try await storage.insertClicks(batch) }
            #expect(try await storage.clickCount(appId: app.id) == 1)
            #expect(try await storage.click(token: batch[0].clickToken) == nil)
            #expect(try await storage.click(token: earlier.clickToken) == earlier)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func batchReusingStoredTokenLandsNoRow(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let earlier = Fixtures.click(appId: app.id, linkId: link.id)
            try await storage.insertClicks([earlier])
            let fresh = Fixtures.click(appId: app.id, linkId: link.id)
            let reused = Fixtures.click(appId: app.id, linkId: link.id, token: earlier.clickToken)
            await #expect(throws: (any Error).self) { try await storage.insertClicks([fresh, reused]) }
            #expect(try await storage.click(token: fresh.clickToken) == nil)
            #expect(try await storage.clicks(linkId: link.id, appId: app.id) == [earlier])
        }
    }
}
