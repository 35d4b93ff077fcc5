import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import LandfallServer
import LandfallStore
import Testing

/// The SKAdNetwork page's dev key: its prefix and date for every member, creation and rotation for
/// owners, the key itself on the answer that made it and nowhere else.
@Suite("Dashboard SKAdNetwork dev key")
struct DashboardSKANDevKeyTests {
    @Test(
        "an owner creates and rotates the dev key, seen whole once; editors and viewers see the prefix and get 403",
        arguments: DashboardRole.allCases)
    func createAndRotate(_ role: DashboardRole) async throws {
        try await AccountsWorld.run { world in
            var browser = try await world.browser(role)
            let path = "/dashboard/apps/\(world.tenant.app.id)/skan"
            let empty = try await browser.get(path)
            #expect(empty.text.contains("This app has no dev key yet."))
            #expect(empty.text.contains(#"id="rotate-dev-key""#) == (role == .owner))
            let created = try await browser.post("\(path)/dev-key", [:])
            let stored = try await world.server.storage.conversionDevKey(appId: world.tenant.app.id)
            guard role == .owner else {
                #expect(created.status == .forbidden)
                #expect(stored == nil)
                return
            }
            #expect(created.status == .ok)
            #expect(created.headers[.cacheControl] == "no-store")
            let first = try #require(stored)
            #expect(created.text.contains(#"<code id="dev-key-value">\#(first.devKey)</code>"#))
            // What the API shows is what the page shows.
            let api = try await world.server.admin(.get, "/api/apps/\(world.tenant.app.id)/skan-dev-key").jsonObject()
            let prefix = try #require(api["prefix"] as? String)
            let page = try await browser.get(path)
            #expect(page.text.contains(#"<code id="dev-key-prefix">\#(prefix)…</code>"#))
            #expect(!page.text.contains(first.devKey))
            #expect(page.text.contains("Rotate the dev key"))
            let rotated = try await browser.post("\(path)/dev-key", [:])
            let second = try #require(try await world.server.storage.conversionDevKey(appId: world.tenant.app.id))
            #expect(second.devKey != first.devKey)
            #expect(rotated.text.contains(#"<code id="dev-key-value">\#(second.devKey)</code>"#))
            #expect(!rotated.text.contains(first.devKey))
            #expect(!(try await browser.get(path).text.contains(second.devKey)))
        }
    }

    @Test("members see a key made through the API by its prefix and date, never the key")
    func membersSeeThePrefix() async throws {
        try await AccountsWorld.run { world in
            let made = try await world.server.admin(.post, "/api/apps/\(world.tenant.app.id)/skan-dev-key")
            #expect(made.status == .created)
            let key = try #require(try made.jsonObject()["devKey"] as? String)
            var browser = try await world.browser(.viewer)
            let page = try await browser.get("/dashboard/apps/\(world.tenant.app.id)/skan")
            #expect(page.text.contains(#"<code id="dev-key-prefix">\#(key.prefix(10))…</code>"#))
            #expect(page.text.contains(#"<span id="dev-key-created">"#))
            #expect(!page.text.contains(key))
        }
    }

    @Test("a dev key post without the session's CSRF token changes nothing (403)")
    func csrfRequired() async throws {
        try await AccountsWorld.run { world in
            var browser = try await world.browser(.owner)
            let path = "/dashboard/apps/\(world.tenant.app.id)/skan"
            _ = try await browser.get(path)
            #expect(try await browser.post("\(path)/dev-key", ["_csrf": "forged"]).status == .forbidden)
            #expect(try await world.server.storage.conversionDevKey(appId: world.tenant.app.id) == nil)
        }
    }
}
