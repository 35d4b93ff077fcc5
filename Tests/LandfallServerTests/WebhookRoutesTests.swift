import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallServer
import LandfallStore
import Testing

@Suite("Webhook endpoint routes")
struct WebhookRoutesTests {
    /// A server that may deliver to loopback, with a tenant; endpoints point at a closed loopback port.
    static func withTenant(allowLoopback: Bool = true, _ body: @Sendable @escaping (TestServer, Tenant) async throws -> Void) async throws {
        try await TestServer.run(configure: {
            $0.webhooks = WebhookConfiguration(allowLoopback: allowLoopback, deliversInBackground: false)
        }) { server in
            try await body(server, try await server.createTenant())
        }
    }

    static func create(_ server: TestServer, _ tenant: Tenant, _ json: String) async throws -> TestResponse {
        try await server.send(.post, "/api/webhooks", token: tenant.secretKey, body: .json(json))
    }

    static let valid = #"{"url": "http://127.0.0.1:9/hook", "eventTypes": ["install.*", "event.created"], "description": "CRM"}"#

    @Test func anEndpointIsCreatedWithItsSecretShownOnce() async throws {
        try await Self.withTenant { server, tenant in
            let created = try await Self.create(server, tenant, Self.valid)
            #expect(created.status == .created)
            let endpoint = try created.jsonObject()
            let id = try #require(endpoint["id"] as? String)
            #expect((endpoint["secret"] as? String)?.hasPrefix("whsec_") == true)
            #expect(endpoint["eventTypes"] as? [String] == ["install.*", "event.created"])
            #expect(endpoint["enabled"] as? Bool == true)
            let shown = try await server.send(.get, "/api/webhooks/\(id)", token: tenant.secretKey).jsonObject()
            #expect(shown["secret"] == nil)
            #expect(shown["description"] as? String == "CRM")
            let list = try await server.send(.get, "/api/webhooks", token: tenant.secretKey).jsonObject()
            let items = try #require(list["data"] as? [[String: Any]])
            #expect(items.map { $0["id"] as? String } == [id])
            #expect(items.allSatisfy { $0["secret"] == nil })
        }
    }

    @Test func anEndpointIsUpdatedByMergePatchAndDeleted() async throws {
        try await Self.withTenant { server, tenant in
            let id = try #require(try await Self.create(server, tenant, Self.valid).jsonObject()["id"] as? String)
            let patched = try await server.send(
                .patch, "/api/webhooks/\(id)", token: tenant.secretKey,
                body: .json(#"{"eventTypes": ["*"], "enabled": false, "description": null}"#)
            )
            #expect(patched.status == .ok)
            let endpoint = try patched.jsonObject()
            #expect(endpoint["eventTypes"] as? [String] == ["*"])
            #expect(endpoint["enabled"] as? Bool == false)
            #expect(endpoint["description"] == nil)
            expectAPIError(
                try await server.send(.patch, "/api/webhooks/\(id)", token: tenant.secretKey, body: .json(#"{"secret": "whsec_AAAA"}"#)),
                .badRequest, code: "invalid_field"
            )
            #expect(try await server.send(.delete, "/api/webhooks/\(id)", token: tenant.secretKey).status == .noContent)
            expectAPIError(
                try await server.send(.get, "/api/webhooks/\(id)", token: tenant.secretKey), .notFound, code: "webhook_not_found")
        }
    }

    @Test func anotherAppsEndpointIsInvisible() async throws {
        try await Self.withTenant { server, tenant in
            let id = try #require(try await Self.create(server, tenant, Self.valid).jsonObject()["id"] as? String)
            let other = try await server.createTenant(#"{"name": "Other"}"#)
            expectAPIError(try await server.send(.get, "/api/webhooks/\(id)", token: other.secretKey), .notFound, code: "webhook_not_found")
            expectAPIError(
                try await server.send(.delete, "/api/webhooks/\(id)", token: other.secretKey), .notFound, code: "webhook_not_found")
            expectAPIError(
                try await server.send(.post, "/api/webhooks/\(id)/rotate-secret", token: other.secretKey), .notFound,
                code: "webhook_not_found"
            )
        }
    }

    @Test(arguments: [
        (#"{"eventTypes": ["*"]}"#, "invalid_field"),
        (#"{"url": "ftp://example.com/x", "eventTypes": ["*"]}"#, "invalid_field"),
        (#"{"url": "http://user:pw@127.0.0.1/x", "eventTypes": ["*"]}"#, "invalid_field"),
        (#"{"url": "http://127.0.0.1/x", "eventTypes": []}"#, "invalid_field"),
        (#"{"url": "http://127.0.0.1/x", "eventTypes": ["install.created.extra"]}"#, "invalid_field"),
        (#"{"url": "http://127.0.0.1/x", "eventTypes": ["payment.*"]}"#, "invalid_field"),
        (#"{"url": "http://127.0.0.1/x", "eventTypes": "*"}"#, "invalid_field"),
        (#"{"url": 5, "eventTypes": ["*"]}"#, "invalid_field"),
        (#"{"url": "http://127.0.0.1/x", "eventTypes": ["*"], "description": "\#(String(repeating: "d", count: 300))"}"#, "invalid_field"),
        ("[]", "invalid_json"),
        ("{", "invalid_json"),
    ])
    func badEndpointDefinitionsAreRefused(_ json: String, _ code: String) async throws {
        try await Self.withTenant { server, tenant in
            expectAPIError(try await Self.create(server, tenant, json), .badRequest, code: code)
        }
    }

    @Test(arguments: [
        "http://169.254.169.254/latest/meta-data/", "http://10.0.0.5/hook", "http://192.168.1.10/hook", "http://100.64.1.1/hook",
        "http://127.0.0.1:8080/hook", "http://localhost/hook", "http://[::1]/hook", "http://[::ffff:127.0.0.1]/hook",
        "http://2130706433/hook",
        "http://[fd00:ec2::254]/hook", "http://0.0.0.0/hook", "http://no-such-host.invalid/hook",
    ])
    func internalAddressesAreRefusedWhenTheEndpointIsCreated(_ url: String) async throws {
        try await Self.withTenant(allowLoopback: false) { server, tenant in
            expectAPIError(
                try await Self.create(server, tenant, #"{"url": "\#(url)", "eventTypes": ["*"]}"#), .badRequest, code: "webhook_url_refused"
            )
        }
    }

    @Test func endpointRoutesNeedASecretKey() async throws {
        try await Self.withTenant { server, tenant in
            expectAPIError(try await server.send(.get, "/api/webhooks"), .unauthorized, code: "unauthorized")
            let publishable = try await server.createKey(appId: tenant.app.id, kind: .publishable).token
            expectAPIError(try await server.send(.get, "/api/webhooks", token: publishable), .forbidden, code: "forbidden")
        }
    }

    @Test func deliveryLogQueriesAreValidated() async throws {
        try await Self.withTenant { server, tenant in
            let id = try #require(try await Self.create(server, tenant, Self.valid).jsonObject()["id"] as? String)
            expectAPIError(
                try await server.send(.get, "/api/webhooks/\(id)/deliveries?status=lost", token: tenant.secretKey), .badRequest,
                code: "invalid_field"
            )
            expectAPIError(
                try await server.send(.get, "/api/webhooks/\(id)/deliveries?limit=0", token: tenant.secretKey), .badRequest,
                code: "invalid_field"
            )
            expectAPIError(
                try await server.send(.post, "/api/webhooks/\(id)/deliveries/dlv_nope/redeliver", token: tenant.secretKey),
                .notFound, code: "webhook_delivery_not_found"
            )
            let empty = try await server.send(.get, "/api/webhooks/\(id)/deliveries", token: tenant.secretKey)
            #expect(try empty.decode(PageJSON<DeliveryJSON>.self).data.isEmpty)
        }
    }
}
