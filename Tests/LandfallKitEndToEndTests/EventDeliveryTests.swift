import Foundation
import LandfallKit
import LandfallStore
import Testing

/// Events and revenue tracked by the app reach the live server's database exactly once, whatever
/// the network did to the answers.
@Suite("Events and revenue against a live server")
struct EventDeliveryTests {
    static let eventsPath = "/api/sdk/v1/events"

    /// A started client of the Mealtime app on the clicking iPhone, over `transport`.
    static func startedClient(
        _ server: LiveServer, transport: any HTTPTransport = URLSessionTransport(), retryPolicy: RetryPolicy = .quick
    ) async throws -> (client: LandfallClient, installID: String) {
        let mealtime = try await server.setUpMealtime()
        let client = try AppSandbox(beside: server.database, phone: .iPhone).launch(transport: transport)
        let attribution = try await client.start(with: server.configuration(apiKey: mealtime.publishableKey, retryPolicy: retryPolicy))
        return (client, try #require(attribution?.installId))
    }

    // `track` starts sending in the background at once, so how the events are split into requests
    // depends on timing; the tests check what only the server can show: each event stored once.

    @Test func anEventAndRevenueAreStoredOnceWithTheExactAmountAndCurrency() async throws {
        try await LiveServer.run { server in
            let (client, installID) = try await Self.startedClient(server)
            try await client.track("signup", properties: ["plan": "pro", "seats": 3])
            try await client.trackRevenue(
                amount: try #require(Decimal(string: "19.99")), currency: "eur", properties: ["sku": "pro-monthly"])

            try await client.flush()

            #expect(await client.queueCount == 0)
            let events = try await server.storage.events(installId: installID)
            #expect(events.map(\.name) == ["signup", "revenue"])
            #expect(events.map(\.revenueMicros) == [nil, 19_990_000])
            #expect(events.map(\.revenueCurrency) == [nil, "EUR"])
            #expect(Set(events.compactMap(\.clientEventId)).count == 2)
            let signup = try #require(events.first)
            let properties = try JSONSerialization.jsonObject(with: Data(signup.data.utf8)) as? [String: Any]
            #expect(properties?["plan"] as? String == "pro")
            #expect(properties?["seats"] as? Int == 3)
        }
    }

    @Test func aSecondFlushSendsNothingMore() async throws {
        try await LiveServer.run { server in
            let transport = RecordingTransport()
            let (client, installID) = try await Self.startedClient(server, transport: transport)
            try await client.track("recipe_viewed", properties: ["recipe": "42"])
            try await client.flush()

            let again = try await client.flush()

            #expect(again == FlushReport(sent: 0, dropped: 0, remaining: 0))
            #expect(await transport.log.count(of: Self.eventsPath) == 1)
            #expect(try await server.storage.events(installId: installID).map(\.name) == ["recipe_viewed"])
        }
    }

    @Test func anEventWhoseAnswerWasLostIsStoredOnceWhenTheAppFlushesAgain() async throws {
        try await LiveServer.run { server in
            let transport = LosingAnswers(path: Self.eventsPath)
            let (client, installID) = try await Self.startedClient(server, transport: transport, retryPolicy: .none)
            try await client.trackRevenue(amount: 5, currency: "USD", eventName: "tip")

            // The server stored the event, but the app never heard so: it stays queued.
            let lost = await #expect(throws: LandfallError.self) { try await client.flush() }
            #expect(lost?.code == .network)
            #expect(await client.queueCount == 1)
            #expect(try await server.storage.events(installId: installID).count == 1)

            await transport.restore()
            let report = try await client.flush()

            #expect(report == FlushReport(sent: 1, dropped: 0, remaining: 0))
            #expect(await client.queueCount == 0)
            #expect(await transport.log.count(of: Self.eventsPath) >= 2)
            let events = try await server.storage.events(installId: installID)
            #expect(events.map(\.name) == ["tip"])
            #expect(events.map(\.revenueMicros) == [5_000_000])
            #expect(events.map(\.revenueCurrency) == ["USD"])
        }
    }

    @Test func aBatchRetriedByTheSDKAfterALostAnswerIsStoredOnce() async throws {
        try await LiveServer.run { server in
            let transport = LosingAnswers(path: Self.eventsPath, count: 1)
            let (client, installID) = try await Self.startedClient(server, transport: transport, retryPolicy: .quick)
            try await client.track("signup")
            try await client.track("first_recipe")

            try await client.flush()

            #expect(await client.queueCount == 0)
            #expect(await transport.log.count(of: Self.eventsPath) >= 2)
            #expect(try await server.storage.events(installId: installID).map(\.name) == ["signup", "first_recipe"])
        }
    }
}
