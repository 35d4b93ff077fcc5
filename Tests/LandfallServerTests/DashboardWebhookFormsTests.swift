import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import LandfallServer
import LandfallStore
import Testing

/// The webhooks page's forms, posted as each role: results checked through the API and the store,
/// a viewer's post checked to change nothing.
@Suite("Dashboard webhook forms")
struct DashboardWebhookFormsTests {
    static func run(_ body: @Sendable @escaping (AccountsWorld) async throws -> Void) async throws {
        try await AccountsWorld.run(
            configure: {
                $0.webhooks = WebhookConfiguration(
                    allowLoopback: true, timeout: WebhookReceiver.attemptTimeout, deliversInBackground: false)
            }, body)
    }

    /// An endpoint made through the API with the app's secret key.
    static func endpoint(_ world: AccountsWorld, url: String = "http://127.0.0.1:9/hook") async throws -> WebhookEndpointRecord {
        let created = try await world.server.send(
            .post, "/api/webhooks", token: world.tenant.secretKey, body: .json(#"{"url": "\#(url)", "eventTypes": ["*"]}"#))
        let id = try #require(try created.jsonObject()["id"] as? String)
        return try #require(try await world.server.storage.webhookEndpoint(id: id, appId: world.tenant.app.id))
    }

    @Test(
        "adding an endpoint: an editor or owner sees its secret once; a viewer's post is 403 and adds nothing",
        arguments: DashboardRole.allCases)
    func addEndpoint(_ role: DashboardRole) async throws {
        try await Self.run { world in
            var browser = try await world.browser(role)
            let path = "/dashboard/apps/\(world.tenant.app.id)/webhooks"
            let page = try await browser.get(path)
            #expect(page.text.contains(#"id="add-endpoint""#) == (role != .viewer))
            let response = try await browser.post(
                path,
                ["url": "http://127.0.0.1:9/crm", "eventTypes": "install.*\nreferral.flagged", "description": "CRM", "enabled": "true"])
            let stored = try await world.server.storage.webhookEndpoints(appId: world.tenant.app.id)
            guard role != .viewer else {
                #expect(response.status == .forbidden)
                #expect(stored.isEmpty)
                return
            }
            #expect(response.status == .ok)
            #expect(response.headers[.cacheControl] == "no-store")
            let endpoint = try #require(stored.first)
            #expect(endpoint.eventTypes == ["install.*", "referral.flagged"] && endpoint.description == "CRM" && endpoint.isEnabled)
            #expect(response.text.contains(#"<code id="secret-value">\#(endpoint.secret)</code>"#))
            let api = try await world.server.send(.get, "/api/webhooks", token: world.tenant.secretKey)
            #expect(api.text.contains("http://127.0.0.1:9/crm"))
            // Shown once: the list never shows it again.
            #expect(!(try await browser.get(path).text.contains(endpoint.secret)))
        }
    }

    @Test(
        "editing an endpoint: an editor's post is what the API shows; a viewer's is 403 and changes nothing",
        arguments: DashboardRole.allCases)
    func editEndpoint(_ role: DashboardRole) async throws {
        try await Self.run { world in
            let endpoint = try await Self.endpoint(world)
            var browser = try await world.browser(role)
            let path = "/dashboard/apps/\(world.tenant.app.id)/webhooks"
            _ = try await browser.get(path)
            let response = try await browser.post(
                "\(path)/\(endpoint.id)", ["url": "http://127.0.0.1:9/changed", "eventTypes": "referral.*", "description": "Changed"])
            let api = try await world.server.send(.get, "/api/webhooks/\(endpoint.id)", token: world.tenant.secretKey).jsonObject()
            if role == .viewer {
                #expect(response.status == .forbidden)
                #expect(api["url"] as? String == endpoint.url && api["enabled"] as? Bool == true)
            } else {
                #expect(response.status == .seeOther)
                #expect(api["url"] as? String == "http://127.0.0.1:9/changed")
                #expect(api["eventTypes"] as? [String] == ["referral.*"] && api["description"] as? String == "Changed")
                // The Enabled box was left unticked.
                #expect(api["enabled"] as? Bool == false)
            }
        }
    }

    @Test("a refused endpoint shows the API's message beside its field and changes nothing")
    func refusedEndpoint() async throws {
        try await Self.run { world in
            let endpoint = try await Self.endpoint(world)
            let api = try await world.server.send(
                .patch, "/api/webhooks/\(endpoint.id)", token: world.tenant.secretKey, body: .json(#"{"eventTypes": ["nonsense"]}"#))
            #expect(api.status == .badRequest)
            let message = try #require(try api.jsonObject()["error"] as? [String: Any])["message"] as? String
            var browser = try await world.browser(.editor)
            let path = "/dashboard/apps/\(world.tenant.app.id)/webhooks"
            _ = try await browser.get(path)
            let response = try await browser.post(
                "\(path)/\(endpoint.id)", ["url": endpoint.url, "eventTypes": "nonsense", "enabled": "true"])
            #expect(response.status == .badRequest)
            let id = "ep-\(endpoint.id)-eventTypes"
            #expect(response.text.contains(#"<p class="field-error" id="\#(id)-error" role="alert">\#(HTML.escape(message ?? "?"))</p>"#))
            #expect(response.text.contains(">nonsense</textarea>"))
            let added = try await browser.post(path, ["url": "ftp://example.com/x", "eventTypes": "*"])
            #expect(added.status == .badRequest)
            #expect(added.text.contains(#"id="new-url-error""#))
            let stored = try await world.server.storage.webhookEndpoints(appId: world.tenant.app.id)
            #expect(stored.map(\.eventTypes) == [["*"]])
        }
    }

    @Test(
        "rotating a secret: an editor sees the new one once, the old keeps signing; a viewer's post is 403",
        arguments: DashboardRole.allCases)
    func rotateSecret(_ role: DashboardRole) async throws {
        try await Self.run { world in
            let endpoint = try await Self.endpoint(world)
            var browser = try await world.browser(role)
            let path = "/dashboard/apps/\(world.tenant.app.id)/webhooks"
            _ = try await browser.get(path)
            let response = try await browser.post("\(path)/\(endpoint.id)/rotate-secret", [:])
            let stored = try #require(try await world.server.storage.webhookEndpoint(id: endpoint.id, appId: world.tenant.app.id))
            if role == .viewer {
                #expect(response.status == .forbidden)
                #expect(stored.secret == endpoint.secret && stored.previousSecret == nil)
            } else {
                #expect(response.status == .ok)
                #expect(stored.secret != endpoint.secret && stored.previousSecret == endpoint.secret)
                #expect(response.text.contains(#"<code id="secret-value">\#(stored.secret)</code>"#))
                #expect(!response.text.contains(endpoint.secret))
            }
        }
    }

    @Test(
        "redelivering: an editor's post queues the delivery again with a new deadline; a viewer's is 403", arguments: DashboardRole.allCases
    )
    func redeliver(_ role: DashboardRole) async throws {
        try await Self.run { world in
            let endpoint = try await Self.endpoint(world)
            let message = WebhookMessageRecord(
                id: "msg_test", appId: world.tenant.app.id, type: WebhookEventType.test, payload: "{}", createdAt: world.server.clock.now)
            #expect(try await world.server.storage.enqueueWebhookMessages([message], retryWindow: 60) == 1)
            let delivery = try #require(
                try await world.server.storage.webhookDeliveries(
                    endpointId: endpoint.id, appId: world.tenant.app.id, status: nil, before: nil, limit: 1
                )
                .first)
            world.server.clock.advance(by: 3_600)
            var browser = try await world.browser(role)
            let path = "/dashboard/apps/\(world.tenant.app.id)/webhooks"
            let page = try await browser.get(path)
            #expect(page.text.contains("/deliveries/\(delivery.id)/redeliver") == (role != .viewer))
            let response = try await browser.post("\(path)/\(endpoint.id)/deliveries/\(delivery.id)/redeliver", [:])
            let after = try #require(try await world.server.storage.webhookDelivery(id: delivery.id, appId: world.tenant.app.id))
            if role == .viewer {
                #expect(response.status == .forbidden)
                #expect(after.deadlineAt == delivery.deadlineAt)
            } else {
                #expect(response.status == .seeOther)
                #expect(after.deadlineAt > delivery.deadlineAt.addingTimeInterval(3_600))
                #expect(after.status == .pending)
            }
        }
    }

    @Test("a webhook form without the session's CSRF token changes nothing (403)")
    func csrfRequired() async throws {
        try await Self.run { world in
            let endpoint = try await Self.endpoint(world)
            var browser = try await world.browser(.owner)
            let path = "/dashboard/apps/\(world.tenant.app.id)/webhooks"
            _ = try await browser.get(path)
            #expect(
                try await browser.post(path, ["_csrf": "forged", "url": "http://127.0.0.1:9/x", "eventTypes": "*"]).status == .forbidden)
            #expect(try await browser.post("\(path)/\(endpoint.id)/rotate-secret", ["_csrf": ""]).status == .forbidden)
            #expect(
                try await browser.post("\(path)/\(endpoint.id)", ["_csrf": "forged", "url": "http://127.0.0.1:9/y", "eventTypes": "*"])
                    .status
                    == .forbidden)
            let stored = try await world.server.storage.webhookEndpoints(appId: world.tenant.app.id)
            #expect(stored.count == 1 && stored[0].secret == endpoint.secret && stored[0].url == endpoint.url)
        }
    }
}
