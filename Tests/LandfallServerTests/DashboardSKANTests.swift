import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import LandfallServer
import LandfallStore
import Testing

/// The SKAdNetwork schema page as each role: the bit layout, an owner's save checked through the
/// API, the API's validation message beside the schema, refusals changing nothing.
@Suite("Dashboard SKAdNetwork schema")
struct DashboardSKANTests {
    static let schema = #"""
        {"currency": "USD", "revenue": {"bit": 0, "thresholds": [0.99, 4.99, 19.99]},
         "events": [{"name": "signup", "bit": 2}], "days": {"bit": 4, "thresholds": [1, 2]}}
        """#

    static func stored(_ world: AccountsWorld) async throws -> TestResponse {
        try await world.server.admin(.get, "/api/apps/\(world.tenant.app.id)/skan-schema")
    }

    @Test("saving a schema: an owner's post is what the API shows, with its bit layout; others get 403", arguments: DashboardRole.allCases)
    func saveSchema(_ role: DashboardRole) async throws {
        try await AccountsWorld.run { world in
            var browser = try await world.browser(role)
            let path = "/dashboard/apps/\(world.tenant.app.id)/skan"
            let page = try await browser.get(path)
            #expect(page.status == .ok)
            #expect(page.text.contains("no conversion schema yet"))
            let response = try await browser.post(path, ["schema": Self.schema])
            let api = try await Self.stored(world)
            guard role == .owner else {
                #expect(response.status == .forbidden)
                #expect(api.status == .notFound)
                return
            }
            #expect(response.status == .seeOther)
            #expect(api.status == .ok)
            let events = try #require(try api.jsonObject()["events"] as? [[String: Any]])
            #expect(events.first?["name"] as? String == "signup")
            let layout = try await browser.get(path)
            let table = try #require(layout.text.firstMatch(of: /<table id="bit-layout">(.*?)<\/table>/.dotMatchesNewlines())?.1)
            #expect(table.contains(#"<tr><td>2</td><td class="event">event signup</td></tr>"#))
            #expect(table.contains(#"<tr><td>0</td><td class="revenue">revenue bucket: 3 thresholds (bit 1 of 2)</td></tr>"#))
            #expect(table.contains(#"<tr><td>4</td><td class="days">days since install: 2 thresholds (bit 1 of 2)</td></tr>"#))
        }
    }

    @Test("a refused schema shows the API's own message beside it, and the stored one stays")
    func refusedSchema() async throws {
        try await AccountsWorld.run { world in
            var browser = try await world.browser(.owner)
            let path = "/dashboard/apps/\(world.tenant.app.id)/skan"
            _ = try await browser.get(path)
            #expect(try await browser.post(path, ["schema": Self.schema]).status == .seeOther)
            let overlapping = #"{"revenue": {"bit": 0, "thresholds": [1, 2, 3]}, "events": [{"name": "signup", "bit": 1}]}"#
            for bad in [overlapping, "{not json", #"{"colour": "red"}"#] {
                let api = try await world.server.admin(
                    .put, "/api/apps/\(world.tenant.app.id)/skan-schema", body: .raw(bad, contentType: "application/json"))
                #expect(api.status == .badRequest, "\(bad)")
                let message = try #require(try api.jsonObject()["error"] as? [String: Any])["message"] as? String
                _ = try await browser.get(path)
                let response = try await browser.post(path, ["schema": bad])
                #expect(response.status == .badRequest)
                #expect(
                    response.text.contains(
                        #"<p class="field-error" id="field-schema-error" role="alert">\#(HTML.escape(message ?? "?"))</p>"#),
                    "\(bad)")
            }
            let events = try #require(try await Self.stored(world).jsonObject()["events"] as? [[String: Any]])
            #expect(events.first?["bit"] as? Int == 2)
        }
    }

    @Test("a schema post without the session's CSRF token changes nothing (403)")
    func csrfRequired() async throws {
        try await AccountsWorld.run { world in
            var browser = try await world.browser(.owner)
            let path = "/dashboard/apps/\(world.tenant.app.id)/skan"
            _ = try await browser.get(path)
            #expect(try await browser.post(path, ["_csrf": "forged", "schema": Self.schema]).status == .forbidden)
            #expect(try await Self.stored(world).status == .notFound)
        }
    }
}
