import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallServer
import LandfallStore
import Testing

/// Revenue in every shape clients send it (issue 20): LinkForty's SDKs put a JSON number under
/// `eventData.revenue`; others send `amount` as a number or a decimal string. Stored exactly.
@Suite("Event revenue")
struct EventRevenueTests {
    /// Sends one event with `eventData` for a fresh attributed install and checks what was stored.
    static func expectStored(
        _ eventData: String, eventName: String = "revenue", micros: Int64?, currency: String?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await EventAndResolveRouteTests.withInstall { server, _, _, _, installId in
            let response = try await EventAndResolveRouteTests.event(
                server, #"{"installId": "\#(installId)", "eventName": "\#(eventName)", "eventData": \#(eventData)}"#
            )
            #expect(response.status == .created, "\(response.text)", sourceLocation: sourceLocation)
            let event = try #require(try await server.storage.events(installId: installId).first, sourceLocation: sourceLocation)
            #expect(event.revenueMicros == micros, sourceLocation: sourceLocation)
            #expect(event.revenueCurrency == currency, sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [
        // LinkForty iOS/Android trackRevenue: the caller's properties beside revenue and currency.
        (#"{"revenue": 4.99, "currency": "USD", "sku": "pro"}"#, Int64(4_990_000), "USD"),
        // A double printed with 17 significant digits is the same double as 4.99.
        (#"{"revenue": 4.9900000000000002, "currency": "USD"}"#, 4_990_000, "USD"),
        (#"{"revenue": 0.1, "currency": "eur"}"#, 100_000, "EUR"),
        (#"{"revenue": 1999, "currency": "JPY"}"#, 1_999_000_000, "JPY"),
        (#"{"amount": 19.99, "currency": "USD"}"#, 19_990_000, "USD"),
        (#"{"amount": "19.990000", "currency": "USD"}"#, 19_990_000, "USD"),
        // A double that has no 6-place decimal is rounded to micros rather than refused: it came from
        // a client's arithmetic, and refusing it would lose the event.
        (#"{"revenue": 0.3333333333333333, "currency": "USD"}"#, 333_333, "USD"),
        (#"{"revenue": 0, "currency": "USD"}"#, 0, "USD"),
    ])
    func revenueIsStoredExactly(eventData: String, micros: Int64, currency: String) async throws {
        try await Self.expectStored(eventData, micros: micros, currency: currency)
    }

    @Test func revenueWinsOverAnAmountPropertyAndWorksUnderAnyEventName() async throws {
        try await Self.expectStored(
            #"{"revenue": 12.5, "amount": 3, "currency": "GBP"}"#, eventName: "subscription_renewed", micros: 12_500_000, currency: "GBP"
        )
    }

    @Test func aCurrencyAloneIsAPropertyNotRevenue() async throws {
        try await Self.expectStored(
            #"{"currency": "EUR", "screen": "settings"}"#, eventName: "currency_changed", micros: nil, currency: nil)
    }

    @Test func linkFortyRevenueShowsInTheOverviewWithItsExactAmount() async throws {
        try await EventAndResolveRouteTests.withInstall { server, tenant, _, _, installId in
            for body in [
                #"{"revenue": 4.99, "currency": "USD"}"#, #"{"revenue": 4.9900000000000002, "currency": "USD"}"#,
                #"{"revenue": 0.02, "currency": "USD"}"#,
            ] {
                let response = try await EventAndResolveRouteTests.event(
                    server,
                    #"{"installId": "\#(installId)", "eventName": "revenue", "eventData": \#(body), "timestamp": "2026-01-01T00:20:00Z"}"#
                )
                #expect(response.status == .created)
            }
            let report = try await server.send(.get, "/api/analytics/overview?from=2025-12-31&to=2026-01-02", token: tenant.secretKey)
            let revenue = try #require((try report.jsonObject()["revenue"] as? [[String: Any]])?.first)
            #expect(revenue["currency"] as? String == "USD")
            #expect(revenue["amount"] as? String == "10")
        }
    }

    @Test func aBatchReadsRevenueOfEachEvent() async throws {
        try await EventAndResolveRouteTests.withInstall { server, _, _, _, installId in
            let body =
                #"{"events": [{"installId": "\#(installId)", "eventName": "revenue", "eventId": "r1", "eventData": {"revenue": 4.99, "currency": "USD"}}, {"installId": "\#(installId)", "eventName": "open", "eventId": "o1"}]}"#
            let response = try await server.send(.post, "/api/sdk/v1/events", body: .json(body))
            #expect(response.status == .ok, "\(response.text)")
            let events = try await server.storage.events(installId: installId)
            #expect(events.compactMap(\.revenueMicros) == [4_990_000])
        }
    }
}
