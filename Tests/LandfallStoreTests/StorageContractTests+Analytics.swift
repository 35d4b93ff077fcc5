import Foundation
import LandfallModels
import LandfallStore
import LandfallTestSupport
import Testing

extension StorageContractTests {
    /// The range every analytics test asks about: `[from, to)`.
    private static let from = Fixtures.date(1_000)
    private static let to = Fixtures.date(2_000)
    /// Instants at the range's edges: the first two inside it, the last two outside.
    private static let inside = [Fixtures.date(1_000), Fixtures.date(1_999)]
    private static let outside = [Fixtures.date(999), Fixtures.date(2_000)]

    private static func analytics(_ storage: SQLStorage, appId: String, linkId: String? = nil) async throws -> AnalyticsSummary {
        try await storage.analytics(appId: appId, linkId: linkId, from: from, to: to)
    }

    @Test(arguments: TestEngine.allCases)
    func analyticsCountsHumanAndBotClicksInsideTheRange(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            for clickedAt in Self.inside + Self.outside {
                try await Self.insertKeyedClick(storage, link: link, clickedAt: clickedAt)
            }
            for clickedAt in [Self.inside[1]] + Self.outside {
                try await Self.insertKeyedClick(storage, link: link, clickedAt: clickedAt, isBot: true)
            }
            #expect(try await Self.analytics(storage, appId: app.id) == AnalyticsSummary(humanClicks: 2, botClicks: 1))
        }
    }

    @Test(arguments: TestEngine.allCases)
    func analyticsCountsAppOpensInsideTheRange(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            for openedAt in Self.inside + Self.outside {
                try await storage.insertAppOpen(Fixtures.appOpen(appId: app.id, linkId: link.id, openedAt: openedAt))
            }
            #expect(try await Self.analytics(storage, appId: app.id) == AnalyticsSummary(appOpens: 2))
        }
    }

    @Test(arguments: TestEngine.allCases)
    func analyticsCountsInstallsByMethodInsideTheRange(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            for createdAt in Self.inside {
                try await Self.insertInstall(storage, appId: app.id, createdAt: createdAt, method: .probabilistic)
            }
            try await Self.insertInstall(storage, appId: app.id, createdAt: Self.inside[0], method: .deterministic)
            for createdAt in Self.outside {
                try await Self.insertInstall(storage, appId: app.id, createdAt: createdAt, method: .organic)
            }
            let summary = try await Self.analytics(storage, appId: app.id)
            #expect(summary == AnalyticsSummary(installsByMethod: ["probabilistic": 2, "deterministic": 1]))
        }
    }

    @Test(arguments: TestEngine.allCases)
    func analyticsCountsEventsByNameReceivedInsideTheRange(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            // Outside the range, so only the events are counted.
            let install = try await Self.insertInstall(storage, appId: app.id, createdAt: Fixtures.date(0))
            var events = Self.inside.map { receivedAt in
                Fixtures.event(appId: app.id, installId: install.id, name: "level_up", occurredAt: Fixtures.date(0), receivedAt: receivedAt)
            }
            events.append(Fixtures.event(appId: app.id, installId: install.id, name: "tutorial_done", receivedAt: Self.inside[1]))
            // Happened inside the range but arrived after it: counted by arrival.
            events += Self.outside.map { receivedAt in
                Fixtures.event(
                    appId: app.id, installId: install.id, name: "tutorial_done", occurredAt: Self.inside[0], receivedAt: receivedAt)
            }
            _ = try await storage.insertEvents(events)
            let summary = try await Self.analytics(storage, appId: app.id)
            #expect(summary == AnalyticsSummary(eventsByName: ["level_up": 2, "tutorial_done": 1]))
        }
    }

    @Test(arguments: TestEngine.allCases)
    func analyticsSumsRevenueMicrosByCurrencyInsideTheRange(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let install = try await Self.insertInstall(storage, appId: app.id, createdAt: Fixtures.date(0))
            func purchase(_ micros: Int64?, _ currency: String?, at receivedAt: Date) -> EventRecord {
                Fixtures.event(
                    appId: app.id, installId: install.id, name: "purchase", receivedAt: receivedAt,
                    revenueMicros: micros, revenueCurrency: currency
                )
            }
            _ = try await storage.insertEvents([
                purchase(19_990_000, "EUR", at: Self.inside[0]),
                purchase(10_000, "EUR", at: Self.inside[1]),
                purchase(9_000_000_000_000_000, "USD", at: Self.inside[1]),
                purchase(nil, nil, at: Self.inside[0]),
                purchase(5_000_000, "EUR", at: Self.outside[0]),
                purchase(7_000_000, "USD", at: Self.outside[1]),
            ])
            let summary = try await Self.analytics(storage, appId: app.id)
            #expect(
                summary
                    == AnalyticsSummary(
                        eventsByName: ["purchase": 4],
                        revenueMicrosByCurrency: ["EUR": 20_000_000, "USD": 9_000_000_000_000_000]
                    ))
        }
    }

    @Test(arguments: TestEngine.allCases)
    func analyticsOfALinkCountsOnlyThatLink(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let otherLink = try await Self.insertLink(storage, appId: app.id)
            try await Self.insertActivity(storage, link: link, copies: 1)
            try await Self.insertActivity(storage, link: otherLink, copies: 3)
            #expect(try await Self.analytics(storage, appId: app.id, linkId: link.id) == Self.activitySummary(copies: 1))
            #expect(try await Self.analytics(storage, appId: app.id, linkId: otherLink.id) == Self.activitySummary(copies: 3))
            #expect(try await Self.analytics(storage, appId: app.id) == Self.activitySummary(copies: 4))
        }
    }

    @Test(arguments: TestEngine.allCases)
    func analyticsNeverIncludesAnotherAppsData(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            let otherLink = try await Self.insertLink(storage, appId: other.id)
            try await Self.insertActivity(storage, link: otherLink, copies: 2)
            #expect(try await Self.analytics(storage, appId: app.id) == AnalyticsSummary())
            // Naming the other app's link does not reach its data either.
            #expect(try await Self.analytics(storage, appId: app.id, linkId: otherLink.id) == AnalyticsSummary())
            #expect(try await Self.analytics(storage, appId: other.id) == Self.activitySummary(copies: 2))
        }
    }

    /// Inserts, `copies` times, one of everything analytics counts for `link` inside the range:
    /// a human and a bot click, an app open, a deterministic install and a purchase event of 1 EUR.
    private static func insertActivity(_ storage: SQLStorage, link: LinkRecord, copies: Int) async throws {
        for _ in 0..<copies {
            let click = try await insertKeyedClick(storage, link: link, clickedAt: inside[0])
            try await insertKeyedClick(storage, link: link, clickedAt: inside[0], isBot: true)
            try await storage.insertAppOpen(Fixtures.appOpen(appId: link.appId, linkId: link.id, openedAt: inside[0]))
            let install = try await insertInstall(
                storage, appId: link.appId, createdAt: inside[0], method: .deterministic, clickId: click.id, linkId: link.id
            )
            _ = try await storage.insertEvent(
                Fixtures.event(
                    appId: link.appId, installId: install.id, receivedAt: inside[0], revenueMicros: 1_000_000, revenueCurrency: "EUR",
                    linkId: link.id
                ))
        }
    }

    /// What ``insertActivity(_:link:copies:)`` adds up to.
    private static func activitySummary(copies: Int) -> AnalyticsSummary {
        AnalyticsSummary(
            humanClicks: copies, botClicks: copies, appOpens: copies, installsByMethod: ["deterministic": copies],
            eventsByName: ["purchase": copies], revenueMicrosByCurrency: ["EUR": Int64(copies) * 1_000_000]
        )
    }
}
