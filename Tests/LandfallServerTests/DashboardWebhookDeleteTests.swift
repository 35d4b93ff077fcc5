import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import LandfallServer
import LandfallStore
import Testing

/// Deleting a webhook endpoint from the webhooks page, as each role.
@Suite("Dashboard webhook delete")
struct DashboardWebhookDeleteTests {
    @Test(
        "an editor or owner deletes an endpoint and the API no longer has it; a viewer has no button, gets 403 and the endpoint stays",
        arguments: DashboardRole.allCases)
    func deleteEndpoint(_ role: DashboardRole) async throws {
        try await DashboardWebhookFormsTests.run { world in
            let endpoint = try await DashboardWebhookFormsTests.endpoint(world)
            let path = "/dashboard/apps/\(world.tenant.app.id)/webhooks"
            var browser = try await world.browser(role)
            let page = try await browser.get(path)
            #expect(page.text.contains("/webhooks/\(endpoint.id)/delete") == (role != .viewer))
            let response = try await browser.post("\(path)/\(endpoint.id)/delete", [:])
            let stored = try await world.server.storage.webhookEndpoint(id: endpoint.id, appId: world.tenant.app.id)
            let api = try await world.server.send(.get, "/api/webhooks/\(endpoint.id)", token: world.tenant.secretKey)
            guard role != .viewer else {
                #expect(response.status == .forbidden)
                #expect(stored != nil)
                #expect(api.status == .ok)
                return
            }
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "\(path)?deleted=1")
            #expect(stored == nil)
            #expect(api.status == .notFound)
            let after = try await browser.get("\(path)?deleted=1")
            #expect(after.text.contains("Endpoint deleted: nothing more is sent to it."))
            #expect(!after.text.contains(endpoint.id))
        }
    }

    @Test("a delete without the session's CSRF token, or of another app's endpoint, deletes nothing")
    func csrfAndOtherApps() async throws {
        try await DashboardWebhookFormsTests.run { world in
            let endpoint = try await DashboardWebhookFormsTests.endpoint(world)
            let path = "/dashboard/apps/\(world.tenant.app.id)/webhooks"
            var browser = try await world.browser(.owner)
            _ = try await browser.get(path)
            #expect(try await browser.post("\(path)/\(endpoint.id)/delete", ["_csrf": "forged"]).status == .forbidden)
            let other = try await world.server.createTenant(#"{"name": "Elsewhere", "slug": "elsewhere"}"#)
            #expect(try await browser.post("/dashboard/apps/\(other.app.id)/webhooks/\(endpoint.id)/delete", [:]).status == .notFound)
            #expect(try await browser.post("\(path)/whep_unknown/delete", [:]).status == .notFound)
            #expect(try await world.server.storage.webhookEndpoint(id: endpoint.id, appId: world.tenant.app.id) != nil)
        }
    }
}
