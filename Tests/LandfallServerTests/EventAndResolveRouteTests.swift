import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallServer
import LandfallStore
import Testing

@Suite("Events, revenue, resolution and analytics")
struct EventAndResolveRouteTests {
    /// A server with the attribution setup and one attributed install; hands the install id on.
    static func withInstall(_ body: @Sendable @escaping (TestServer, Tenant, String, LinkJSON, String) async throws -> Void) async throws {
        try await AttributionFlowTests.withSetup { server, tenant, publishable, link in
            let phone = AttributionFlowTests.Phone(address: "198.51.100.23")
            _ = try await AttributionFlowTests.click(server, phone)
            server.clock.advance(by: 600)
            let install = try await AttributionFlowTests.install(server, key: publishable, phone).decode(InstallResponse.self)
            #expect(install.attributed)
            try await body(server, tenant, publishable, link, install.installId)
        }
    }

    static func event(_ server: TestServer, _ json: String, key: String? = nil) async throws -> TestResponse {
        try await server.send(.post, "/api/sdk/v1/event", token: key, body: .json(json))
    }

    @Test func anEventIsStoredAgainstItsInstallLinkAndClick() async throws {
        try await Self.withInstall { server, _, _, link, installId in
            let response = try await Self.event(
                server,
                #"{"installId": "\#(installId)", "eventName": "signup", "eventData": {"plan": "pro"}, "timestamp": "2026-01-01T00:10:00Z"}"#
            )
            #expect(response.status == .created)
            let answer = try response.decode(EventResponse.self)
            #expect(answer.success && answer.acknowledged && !answer.duplicate)
            let stored = try #require(try await server.storage.events(installId: installId).first)
            #expect(stored.name == "signup")
            #expect(stored.linkId == link.id)
            #expect(stored.clickId != nil)
            #expect(stored.data == #"{"plan":"pro"}"#)
        }
    }

    @Test func aRetriedEventWithTheSameIdLandsOnce() async throws {
        try await Self.withInstall { server, _, _, _, installId in
            let json =
                #"{"installId": "\#(installId)", "eventName": "purchase", "eventId": "evt-1", "eventData": {"amount": 19.99, "currency": "usd"}}"#
            let first = try await Self.event(server, json).decode(EventResponse.self)
            let second = try await Self.event(server, json)
            #expect(second.status == .ok)
            let repeated = try second.decode(EventResponse.self)
            #expect(repeated.duplicate)
            #expect(repeated.eventId == first.eventId)
            #expect(try await server.storage.events(installId: installId).count == 1)
        }
    }

    @Test func revenueIsStoredExactlyWithItsCurrency() async throws {
        try await Self.withInstall { server, _, _, _, installId in
            _ = try await Self.event(
                server, #"{"installId": "\#(installId)", "eventName": "purchase", "eventData": {"amount": 0.1, "currency": "EUR"}}"#)
            _ = try await Self.event(
                server, #"{"installId": "\#(installId)", "eventName": "purchase", "eventData": {"amount": "0.2", "currency": "EUR"}}"#)
            let events = try await server.storage.events(installId: installId)
            #expect(events.compactMap(\.revenueMicros).reduce(0, +) == 300_000)
            #expect(Set(events.compactMap(\.revenueCurrency)) == ["EUR"])
        }
    }

    @Test(arguments: [
        (#"{"amount": 5}"#, "invalid_field"),
        (#"{"revenue": 4.99}"#, "invalid_field"),
        (#"{"amount": 5, "currency": "XYZ"}"#, "invalid_field"),
        (#"{"revenue": 5, "currency": "dollars"}"#, "invalid_field"),
        (#"{"amount": -5, "currency": "USD"}"#, "invalid_field"),
        (#"{"revenue": "-0.01", "currency": "USD"}"#, "invalid_field"),
        (#"{"amount": "0.0000001", "currency": "USD"}"#, "invalid_field"),
        (#"{"amount": "lots", "currency": "USD"}"#, "invalid_field"),
        (#"{"amount": true, "currency": "USD"}"#, "invalid_field"),
    ])
    func badRevenueIsRefused(eventData: String, code: String) async throws {
        try await Self.withInstall { server, _, _, _, installId in
            let response = try await Self.event(
                server, #"{"installId": "\#(installId)", "eventName": "purchase", "eventData": \#(eventData)}"#)
            expectAPIError(response, .badRequest, code: code)
            #expect(try await server.storage.events(installId: installId).isEmpty)
        }
    }

    @Test func anEventForAnUnknownInstallIs404() async throws {
        try await Self.withInstall { server, _, _, _, _ in
            expectAPIError(try await Self.event(server, #"{"installId": "nope", "eventName": "x"}"#), .notFound, code: "install_not_found")
        }
    }

    @Test func anotherAppsKeyCannotPostEventsForThisInstall() async throws {
        try await Self.withInstall { server, _, _, _, installId in
            let other = try await server.createTenant(#"{"name": "Other"}"#)
            let otherKey = try await server.createKey(appId: other.app.id, kind: .publishable).token
            let response = try await Self.event(server, #"{"installId": "\#(installId)", "eventName": "x"}"#, key: otherKey)
            expectAPIError(response, .notFound, code: "install_not_found")
        }
    }

    @Test func aBatchLandsEveryEventOnceAndRefusesAllOnOneBadEvent() async throws {
        try await Self.withInstall { server, _, _, _, installId in
            let good =
                #"{"events": [{"installId": "\#(installId)", "eventName": "a", "eventId": "1"}, {"installId": "\#(installId)", "eventName": "b", "eventId": "2", "eventData": {"amount": 3, "currency": "GBP"}}]}"#
            let response = try await server.send(.post, "/api/sdk/v1/events", body: .json(good))
            #expect(response.status == .ok)
            _ = try await server.send(.post, "/api/sdk/v1/events", body: .json(good))
            #expect(try await server.storage.events(installId: installId).count == 2)
            let bad =
                #"{"events": [{"installId": "\#(installId)", "eventName": "c", "eventId": "3"}, {"installId": "\#(installId)", "eventName": "d", "eventData": {"amount": 3}}]}"#
            expectAPIError(try await server.send(.post, "/api/sdk/v1/events", body: .json(bad)), .badRequest, code: "invalid_field")
            #expect(try await server.storage.events(installId: installId).count == 2)
        }
    }

    @Test func resolveAnswersTheLinksDeepLinkDataAndRecordsAnAppOpen() async throws {
        try await AttributionFlowTests.withSetup { server, tenant, _, link in
            let response = try await server.send(
                .get, "/api/sdk/v1/resolve/pasta?fp_tz=Europe%2FParis&fp_lang=fr-FR&fp_sw=1179&fp_sh=2556&fp_platform=iOS&fp_pv=17.4",
                host: "go.mealtime.test")
            #expect(response.status == .ok)
            let data = try response.decode(DeepLinkData.self)
            #expect(data.shortCode == "pasta")
            #expect(data.linkId == link.id)
            #expect(data.customParameters == ["recipe": "42"])
            let analytics = try await server.send(.get, "/api/analytics/links/\(link.id)", token: tenant.secretKey)
            #expect((try analytics.jsonObject()["appOpens"] as? Int) == 1)
            // An app open is never an install candidate: no clicks were recorded.
            #expect(try await server.clicks(linkId: link.id, appId: tenant.app.id).isEmpty)
        }
    }

    @Test func resolveFindsTemplatedLinksAndRefusesUnknownOrExpiredOnes() async throws {
        try await AttributionFlowTests.withSetup { server, tenant, _, link in
            let template = try await server.createTemplate(
                key: tenant.secretKey, body: #"{"name": "Recipes", "slug": "rc", "originalUrl": "https://mealtime.test/r"}"#)
            _ = try await server.createLink(key: tenant.secretKey, body: #"{"templateId": "\#(template.id)", "customCode": "soup"}"#)
            #expect(try await server.send(.get, "/api/sdk/v1/resolve/rc/soup", host: "go.mealtime.test").status == .ok)
            expectAPIError(
                try await server.send(.get, "/api/sdk/v1/resolve/xx/soup", host: "go.mealtime.test"), .notFound, code: "link_not_found")
            expectAPIError(
                try await server.send(.get, "/api/sdk/v1/resolve/nope", host: "go.mealtime.test"), .notFound, code: "link_not_found")
            _ = try await server.send(
                .patch, "/api/links/\(link.id)", token: tenant.secretKey, body: .json(#"{"expiresAt": "2026-01-01T00:01:00Z"}"#))
            server.clock.advance(by: 3600)
            expectAPIError(
                try await server.send(.get, "/api/sdk/v1/resolve/pasta", host: "go.mealtime.test"), .notFound, code: "link_not_found")
        }
    }

    @Test func analyticsCountClicksInstallsEventsAndRevenueInTheRange() async throws {
        try await Self.withInstall { server, tenant, _, link, installId in
            _ = try await server.send(.get, "/pasta", host: "go.mealtime.test", headers: [.userAgent: RealUserAgents.twitterbot])
            _ = try await Self.event(
                server, #"{"installId": "\#(installId)", "eventName": "purchase", "eventData": {"amount": 19.99, "currency": "USD"}}"#)
            _ = try await Self.event(
                server, #"{"installId": "\#(installId)", "eventName": "purchase", "eventData": {"amount": 5.01, "currency": "USD"}}"#)
            _ = try await server.clicks(linkId: link.id, appId: tenant.app.id)
            let report = try await server.send(.get, "/api/analytics/overview?from=2025-12-31&to=2026-01-02", token: tenant.secretKey)
            #expect(report.status == .ok)
            let object = try report.jsonObject()
            let clicks = try #require(object["clicks"] as? [String: Any])
            #expect(clicks["human"] as? Int == 1)
            #expect(clicks["bot"] as? Int == 1)
            let installs = try #require(object["installs"] as? [String: Any])
            #expect(installs["attributed"] as? Int == 1)
            #expect((object["events"] as? [String: Any])?["purchase"] as? Int == 2)
            let revenue = try #require((object["revenue"] as? [[String: Any]])?.first)
            #expect(revenue["currency"] as? String == "USD")
            #expect(revenue["amount"] as? String == "25")
            #expect(object["conversionRate"] as? Double == 1)
            let empty = try await server.send(.get, "/api/analytics/overview?from=2024-01-01&to=2024-02-01", token: tenant.secretKey)
            #expect((try empty.jsonObject()["clicks"] as? [String: Any])?["human"] as? Int == 0)
        }
    }

    @Test(arguments: ["from=yesterday", "from=2026-02-01&to=2026-01-01", "from=2020-01-01&to=2026-01-01"])
    func analyticsRefuseABadRange(query: String) async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            expectAPIError(
                try await server.send(.get, "/api/analytics/overview?\(query)", token: tenant.secretKey), .badRequest, code: "invalid_field"
            )
        }
    }
}
