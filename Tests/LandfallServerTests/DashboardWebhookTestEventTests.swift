import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import LandfallServer
import LandfallStore
import Testing

/// The webhooks page's **Send test event** button, posted as each role against a live receiver.
@Suite("Dashboard webhook test event")
struct DashboardWebhookTestEventTests {
    /// An endpoint at a live receiver on loopback, and the page's path.
    static func run(_ body: @Sendable @escaping (AccountsWorld, WebhookReceiver, WebhookEndpointRecord, String) async throws -> Void)
        async throws
    {
        try await WebhookReceiver.run { receiver, port in
            try await AccountsWorld.run(
                configure: {
                    $0.webhooks = WebhookConfiguration(
                        allowLoopback: true, timeout: WebhookReceiver.attemptTimeout, deliversInBackground: false)
                }
            ) { world in
                let endpoint = try await DashboardWebhookFormsTests.endpoint(world, url: "http://127.0.0.1:\(port)/hook")
                try await body(world, receiver, endpoint, "/dashboard/apps/\(world.tenant.app.id)/webhooks")
            }
        }
    }

    @Test(
        "an editor or owner sends a signed test event and sees its outcome and delivery; a viewer has no button and gets 403",
        arguments: DashboardRole.allCases)
    func sendTestEvent(_ role: DashboardRole) async throws {
        try await Self.run { world, receiver, endpoint, path in
            var browser = try await world.browser(role)
            let page = try await browser.get(path)
            #expect(page.text.contains("/webhooks/\(endpoint.id)/test") == (role != .viewer))
            let response = try await browser.post("\(path)/\(endpoint.id)/test", [:])
            guard role != .viewer else {
                #expect(response.status == .forbidden)
                #expect(receiver.arrivals.isEmpty)
                return
            }
            #expect(response.status == .ok)
            let arrival = try #require(receiver.arrivals.first)
            #expect(arrival.isSigned(with: endpoint.secret))
            #expect(arrival.json["type"] as? String == "webhook.test")
            let result = try #require(
                response.text.firstMatch(of: /<p class="notice test-result" id="test-result-([^"]+)" role="status">([^<]*)<\/p>/))
            #expect(String(result.1) == endpoint.id)
            #expect(result.2.hasPrefix("Test event delivered: the receiver answered 200 in "))
            #expect(response.text.contains("<td>webhook.test</td><td class=\"status\">succeeded</td>"))
        }
    }

    @Test("a receiver's refusal is shown as the test's failure beside its endpoint")
    func refusedTestEvent() async throws {
        try await Self.run { world, receiver, endpoint, path in
            receiver.script([.status(500)])
            var browser = try await world.browser(.editor)
            _ = try await browser.get(path)
            let response = try await browser.post("\(path)/\(endpoint.id)/test", [:])
            #expect(response.status == .ok)
            #expect(
                response.text.contains(
                    #"<p class="error test-result" id="test-result-\#(endpoint.id)" role="status">Test event not delivered in "#))
            #expect(response.text.contains(": answered 500.</p>"))
            #expect(response.text.contains("<td>webhook.test</td><td class=\"status\">failed</td>"))
        }
    }

    @Test("a test post without the session's CSRF token, or for another app's endpoint, sends nothing")
    func csrfAndOtherApps() async throws {
        try await Self.run { world, receiver, endpoint, path in
            var browser = try await world.browser(.owner)
            _ = try await browser.get(path)
            #expect(try await browser.post("\(path)/\(endpoint.id)/test", ["_csrf": "forged"]).status == .forbidden)
            #expect(try await browser.post("\(path)/whep_unknown/test", [:]).status == .notFound)
            let other = try await world.server.createTenant(#"{"name": "Elsewhere", "slug": "elsewhere"}"#)
            let otherPath = "/dashboard/apps/\(other.app.id)/webhooks/\(endpoint.id)/test"
            #expect(try await browser.post(otherPath, [:]).status == .notFound)
            #expect(receiver.arrivals.isEmpty)
            let deliveries = try await world.server.storage.webhookDeliveries(
                endpointId: endpoint.id, appId: world.tenant.app.id, status: nil, before: nil, limit: 5)
            #expect(deliveries.isEmpty)
        }
    }
}
