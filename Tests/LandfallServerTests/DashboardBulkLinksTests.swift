import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import LandfallServer
import LandfallStore
import Testing

/// Pausing and resuming links in bulk from the links page, as each role.
@Suite("Dashboard bulk pause")
struct DashboardBulkLinksTests {
    static func active(_ world: AccountsWorld, _ id: String) async throws -> Bool? {
        try await world.server.send(.get, "/api/links/\(id)", token: world.tenant.secretKey).jsonObject()["isActive"] as? Bool
    }

    @Test(
        "pausing the ticked links: editors and owners may (the API then shows them off); a viewer's post is 403",
        arguments: DashboardRole.allCases)
    func pauseSelected(_ role: DashboardRole) async throws {
        try await AccountsWorld.run { world in
            var links: [LinkJSON] = []
            for code in ["one", "two", "three"] {
                links.append(
                    try await world.server.createLink(
                        key: world.tenant.secretKey, body: #"{"originalUrl": "https://example.com/\#(code)", "customCode": "\#(code)"}"#))
            }
            var browser = try await world.browser(role)
            let path = "/dashboard/apps/\(world.tenant.app.id)/links"
            let page = try await browser.get(path)
            #expect(page.text.contains(#"id="pause-selected""#) == (role != .viewer))
            let response = try await browser.post(
                "\(path)/bulk", ["action": "pause", "select-\(links[0].id)": "true", "select-\(links[2].id)": "true"])
            var states: [Bool?] = []
            for link in links { states.append(try await Self.active(world, link.id)) }
            if role == .viewer {
                #expect(response.status == .forbidden)
                #expect(states == [true, true, true])
                return
            }
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "\(path)?paused=2")
            #expect(states == [false, true, false])
            #expect(try await browser.get("\(path)?paused=2").text.contains("2 links paused."))
            let resumed = try await browser.post("\(path)/bulk", ["action": "resume", "select-\(links[0].id)": "true"])
            #expect(resumed.status == .seeOther)
            #expect(try await Self.active(world, links[0].id) == true)
        }
    }

    @Test("a bulk post with nothing ticked is refused on the page; one without the CSRF token changes nothing (403)")
    func refusals() async throws {
        try await AccountsWorld.run { world in
            let link = try await world.server.createLink(key: world.tenant.secretKey)
            var browser = try await world.browser(.editor)
            let path = "/dashboard/apps/\(world.tenant.app.id)/links"
            _ = try await browser.get(path)
            let empty = try await browser.post("\(path)/bulk", ["action": "pause"])
            #expect(empty.status == .badRequest && empty.text.contains("Tick at least one link first."))
            let forged = try await browser.post("\(path)/bulk", ["_csrf": "forged", "action": "pause", "select-\(link.id)": "true"])
            #expect(forged.status == .forbidden)
            #expect(try await Self.active(world, link.id) == true)
        }
    }
}
