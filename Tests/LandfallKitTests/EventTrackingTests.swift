import Foundation
import Testing
@testable import LandfallKit

@Suite("Event and revenue tracking (LinkForty SDK specification §5, §6)")
struct EventTrackingTests {
    private func sentEvents(_ harness: Harness) async throws -> [EventRequest] {
        try await harness.transport.requests(to: "/api/sdk/v1/events").flatMap {
            try harness.transport.body(EventBatchBody.self, of: $0).events
        }
    }

    @Test func anEventIsSentWithTheInstallIdTimestampAndAClientEventId() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        await harness.transport.on("POST", "/api/sdk/v1/events", .json(200, ["events": [Harness.eventAccepted]]))
        try await client.track("signup", properties: ["plan": "pro", "seats": 3])
        try await client.flush()
        let event = try #require(try await sentEvents(harness).first)
        #expect(event.installId == "I0")
        #expect(event.eventName == "signup")
        #expect(event.eventData == ["plan": "pro", "seats": 3])
        #expect(event.timestamp == harness.clock.now())
        #expect(event.eventId?.isEmpty == false)
        #expect(await client.queueCount == 0)
    }

    @Test func revenueCarriesAnExactAmountAndTheCurrencyAsDistinctFields() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        await harness.transport.on("POST", "/api/sdk/v1/events", .json(200, ["events": [Harness.eventAccepted]]))
        try await client.trackRevenue(amount: Decimal(string: "19.99")!, currency: "eur", properties: ["sku": "pro"])
        try await client.flush()
        let event = try #require(try await sentEvents(harness).first)
        #expect(event.eventName == "revenue")
        #expect(event.eventData?["amount"] == "19.99")
        #expect(event.eventData?["currency"] == "EUR")
        #expect(event.eventData?["sku"] == "pro")
    }

    @Test func revenueCanUseItsOwnEventName() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        await harness.transport.on("POST", "/api/sdk/v1/events", .json(200, ["events": [Harness.eventAccepted]]))
        try await client.trackRevenue(amount: 5, currency: "USD", eventName: "purchase")
        try await client.flush()
        #expect(try await sentEvents(harness).first?.eventName == "purchase")
    }

    @Test(arguments: ["US", "US1", "dollars", "", "ABC"])
    func revenueWithAMalformedCurrencyIsRefused(currency: String) async throws {
        let client = try await Harness().startedClient()
        #expect(await landfallError { try await client.trackRevenue(amount: 1, currency: currency) }?.code == .invalidArgument)
        #expect(await client.queueCount == 0)
    }

    @Test func revenueWithMoreThanSixDecimalPlacesIsRefused() async throws {
        let client = try await Harness().startedClient()
        let amount = Decimal(string: "0.0000001")!
        #expect(await landfallError { try await client.trackRevenue(amount: amount, currency: "USD") }?.code == .invalidArgument)
    }

    @Test func anEmptyEventNameIsRefused() async throws {
        let client = try await Harness().startedClient()
        #expect(await landfallError { try await client.track("  ") }?.code == .invalidArgument)
    }

    @Test func eventsTrackedBeforeTheInstallIsReportedWaitForTheReport() async throws {
        let harness = Harness()
        await harness.transport.on("POST", "/api/sdk/v1/install", .offline, .offline, .offline, .offline, .json(200, Harness.attributed))
        await harness.transport.on("POST", "/api/sdk/v1/events", .json(200, ["events": [Harness.eventAccepted]]))
        let client = harness.makeClient()
        try await client.start(with: Harness.configuration())
        try await client.track("tutorial_done")
        #expect(await landfallError { try await client.flush() }?.code == .installNotReported)
        #expect(await client.queueCount == 1)
        try await client.checkDeferredDeepLink()
        try await client.flush()
        #expect(try await sentEvents(harness).map(\.installId) == ["I1"])
        #expect(await client.queueCount == 0)
    }

    @Test func exactAmountsAreWrittenWithoutBinaryRounding() {
        #expect(LandfallClient.exactAmount(Decimal(string: "0.1")! + Decimal(string: "0.2")!) == "0.3")
        #expect(LandfallClient.exactAmount(Decimal(string: "1234567.891011")!) == "1234567.891011")
        #expect(LandfallClient.exactAmount(Decimal.nan) == nil)
    }
}
