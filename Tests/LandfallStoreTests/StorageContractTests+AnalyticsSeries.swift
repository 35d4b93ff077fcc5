import Foundation
import LandfallModels
import LandfallStore
import LandfallTestSupport
import Testing

extension StorageContractTests {
    /// Two hours starting at `Fixtures.epoch` rounded down to an hour.
    private static let hour: Int64 = 3_600_000
    private static var seriesOrigin: Int64 { Fixtures.epoch - Fixtures.epoch % hour }

    private static func at(_ hourIndex: Int64, plus offset: Int64 = 0) -> Date {
        Date(epochMilliseconds: seriesOrigin + hourIndex * hour + offset)
    }

    private static func seriesQuery(appId: String, dimension: AnalyticsSeriesQuery.Dimension, linkId: String? = nil) -> AnalyticsSeriesQuery
    {
        AnalyticsSeriesQuery(
            appId: appId, linkId: linkId, from: at(0), to: at(2), origin: at(0), bucketMilliseconds: hour, dimension: dimension
        )
    }

    /// Clicks on an iOS and an Android link, an attributed and an organic install, and events with revenue.
    private static func seedSeries(_ storage: SQLStorage) async throws -> (app: AppRecord, ios: LinkRecord, android: LinkRecord) {
        let app = try await insertApp(storage)
        let ios = Fixtures.link(
            appId: app.id, content: LinkContent(originalUrl: "https://example.com/a", utmParameters: UTMParameters(campaign: "spring")))
        let android = Fixtures.link(appId: app.id)
        try await storage.insertLink(ios)
        try await storage.insertLink(android)
        var first = Fixtures.click(appId: app.id, linkId: ios.id, clickedAt: at(0, plus: 10), platform: "ios")
        first.country = "PT"
        var bot = Fixtures.click(appId: app.id, linkId: ios.id, clickedAt: at(0, plus: 20), platform: "ios")
        bot.isBot = true
        let late = Fixtures.click(appId: app.id, linkId: android.id, clickedAt: at(1, plus: 5), platform: "android")
        let outside = Fixtures.click(appId: app.id, linkId: android.id, clickedAt: at(2), platform: "android")
        try await storage.insertClicks([first, bot, late, outside])
        let attributed = Fixtures.install(
            appId: app.id, createdAt: at(0, plus: 30), method: .deterministic, confidence: 100, clickId: first.id, linkId: ios.id
        )
        let organic = Fixtures.install(appId: app.id, createdAt: at(1, plus: 30))
        try await storage.insertInstall(attributed)
        try await storage.insertInstall(organic)
        var purchase = Fixtures.event(
            appId: app.id, installId: attributed.id, receivedAt: at(1), revenueMicros: 19_990_000, revenueCurrency: "USD")
        purchase.clickId = first.id
        purchase.linkId = ios.id
        _ = try await storage.insertEvent(purchase)
        _ = try await storage.insertEvent(Fixtures.event(appId: app.id, installId: organic.id, name: "open", receivedAt: at(1, plus: 1)))
        return (app, ios, android)
    }

    @Test(arguments: TestEngine.allCases)
    func seriesCountsEachMetricPerBucket(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let (app, _, _) = try await Self.seedSeries(storage)
            let rows = try await storage.analyticsSeries(Self.seriesQuery(appId: app.id, dimension: .none))
            #expect(
                rows == [
                    AnalyticsSeriesRow(bucket: Self.at(0), key: nil, humanClicks: 1, botClicks: 1, installsByMethod: ["deterministic": 1]),
                    AnalyticsSeriesRow(
                        bucket: Self.at(1), key: nil, humanClicks: 1, installsByMethod: ["organic": 1], events: 2,
                        revenueMicrosByCurrency: ["USD": 19_990_000]
                    ),
                ])
            #expect(try await storage.analyticsCurrencies(appId: app.id, linkId: nil, from: Self.at(0), to: Self.at(2)) == ["USD"])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func seriesGroupsByPlatformCountryAndLink(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let (app, ios, android) = try await Self.seedSeries(storage)
            let byPlatform = try await storage.analyticsSeries(Self.seriesQuery(appId: app.id, dimension: .platform))
            #expect(byPlatform.filter { $0.key == "android" }.map(\.humanClicks) == [1])
            // Events take their install's platform: the fixture installs are iOS.
            #expect(byPlatform.filter { $0.key == "ios" }.map(\.events) == [0, 2])
            let byCountry = try await storage.analyticsSeries(Self.seriesQuery(appId: app.id, dimension: .country))
            // Installs and events take the country of the click they came from; organic ones have none.
            #expect(byCountry.first { $0.key == "PT" && $0.bucket == Self.at(0) }?.installsByMethod == ["deterministic": 1])
            #expect(byCountry.first { $0.key == "PT" && $0.bucket == Self.at(1) }?.revenueMicrosByCurrency == ["USD": 19_990_000])
            #expect(byCountry.first { $0.key == nil && $0.bucket == Self.at(1) }?.installsByMethod == ["organic": 1])
            let byLink = try await storage.analyticsSeries(Self.seriesQuery(appId: app.id, dimension: .link, linkId: android.id))
            #expect(byLink.map(\.key) == [android.id])
            #expect(byLink.map(\.humanClicks) == [1])
            let labels = try await storage.analyticsLinkLabels(ids: [ios.id, android.id, "missing"], appId: app.id)
            #expect(labels.first { $0.id == ios.id }?.campaign == "spring")
            #expect(labels.first { $0.id == android.id }?.shortCode == android.shortCode)
            #expect(labels.count == 2)
        }
    }
}
