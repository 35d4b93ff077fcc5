import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import LandfallServer
import LandfallStore
import Testing

/// The app's settings page and its keys page, posted as each role: the result checked through the
/// API, a refused post checked to change nothing.
@Suite("Dashboard app settings and keys")
struct DashboardSettingsKeysTests {
    static let fingerprint = String(repeating: "AB:", count: 31) + "AB"

    /// Every field of the settings form, filled validly.
    static func settingsForm(action: String = "save") -> [String: String] {
        [
            "action": action, "name": "Acme Two", "slug": "acme-two", "domains": "go.acme.test\nlinks.acme.test",
            "uriScheme": "acme", "webFallbackUrl": "https://acme.test/app", "iosTeamId": "ABCDE12345",
            "iosBundleIds": "com.acme.app\ncom.acme.beta", "iosAppStoreUrl": "https://apps.apple.com/app/id123456",
            "iosAppStoreId": "123456", "androidPackageName": "com.acme.android", "androidSha256CertFingerprints": fingerprint,
            "androidPlayStoreUrl": "https://play.google.com/store/apps/details?id=com.acme.android",
            "attributionWindowHours": "48", "attributionThreshold": "60", "attributionTargetPrecision": "0.9",
        ]
    }

    @Test("the settings page: every role reads it; only an owner gets the buttons", arguments: DashboardRole.allCases)
    func settingsPage(_ role: DashboardRole) async throws {
        try await AccountsWorld.run { world in
            var browser = try await world.browser(role)
            let page = try await browser.get("/dashboard/apps/\(world.tenant.app.id)/settings")
            #expect(page.status == .ok)
            #expect(page.text.contains(#"id="field-name""#))
            #expect(page.text.contains(#"id="save""#) == (role == .owner))
            #expect(page.text.contains(#"id="field-name" name="name" value="Acme" disabled"#) == (role != .owner))
            #expect(page.headers[.contentSecurityPolicy]?.contains("nonce-") == true)
        }
    }

    @Test("every page an owner opens is whole: the template text leaves no stray escapes and every input has a label")
    func everyPageIsWhole() async throws {
        try await AccountsWorld.run { world in
            let link = try await world.server.createLink(key: world.tenant.secretKey)
            var browser = try await world.browser(.owner)
            let base = "/dashboard/apps/\(world.tenant.app.id)"
            let pages =
                DashboardRoleTests.appPages(world.tenant.app.id, linkId: link.id).filter { !$0.contains("/qr") } + [
                    "/dashboard/apps", "/dashboard/account", "\(base)/members", "\(base)/settings", "\(base)/keys", "\(base)/skan",
                    "\(base)/installs",
                ]
            for path in pages {
                let page = try await browser.get(path)
                #expect(page.status == .ok, "\(path)")
                #expect(!page.text.contains("\\\n") && !page.text.contains("{{"), "\(path)")
                // Every visible input, select and textarea is named by a <label for=…>.
                let fields = page.text.matches(of: /<(?:input|select|textarea)\b[^>]*>/).map { String($0.0) }.filter {
                    !$0.contains(#"type="hidden""#)
                }
                for field in fields {
                    let id = field.firstMatch(of: /\sid="([^"]+)"/).map { String($0.1) }
                    #expect(id.map { page.text.contains(#"<label for="\#($0)""#) } == true, "\(path): \(field)")
                }
            }
        }
    }

    @Test(
        "saving the settings: an owner's post is what the API then shows; an editor's or viewer's is 403", arguments: DashboardRole.allCases
    )
    func saveSettings(_ role: DashboardRole) async throws {
        try await AccountsWorld.run { world in
            var browser = try await world.browser(role)
            let path = "/dashboard/apps/\(world.tenant.app.id)/settings"
            _ = try await browser.get(path)
            let response = try await browser.post(path, Self.settingsForm())
            let app = try await world.server.admin(.get, "/api/apps/\(world.tenant.app.id)").decode(AppJSON.self)
            guard role == .owner else {
                #expect(response.status == .forbidden)
                #expect(app.name == "Acme" && app.domains.isEmpty && app.iosTeamId == nil)
                return
            }
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "\(path)?saved=1")
            #expect(app.name == "Acme Two" && app.slug == "acme-two")
            #expect(app.domains == ["go.acme.test", "links.acme.test"])
            #expect(app.iosTeamId == "ABCDE12345" && app.iosBundleIds == ["com.acme.app", "com.acme.beta"])
            #expect(app.androidSha256CertFingerprints == [Self.fingerprint])
            #expect(app.attributionWindowHours == 48)
            // The files the page previews are the ones the server now sends for the app's domain.
            let page = try await browser.get("\(path)?saved=1")
            #expect(page.text.contains("Settings saved."))
            #expect(page.text.contains("ABCDE12345.com.acme.beta"))
            let served = try await world.server.send(.get, "/.well-known/apple-app-site-association", host: "go.acme.test")
            #expect(served.status == .ok && served.text.contains("ABCDE12345.com.acme.beta"))
            #expect(page.text.contains(Self.fingerprint))
        }
    }

    @Test("a refused setting shows the API's own message beside its field, and nothing is saved")
    func refusedSettingShowsTheAPIMessage() async throws {
        try await AccountsWorld.run { world in
            var browser = try await world.browser(.owner)
            let path = "/dashboard/apps/\(world.tenant.app.id)/settings"
            let cases: [(field: String, form: [String: String], json: String)] = [
                ("iosTeamId", ["iosTeamId": "", "iosBundleIds": "com.acme.app"], #"{"iosBundleIds": ["com.acme.app"]}"#),
                ("domains", ["domains": "go.acme.test\nnot a host"], #"{"domains": ["go.acme.test", "not a host"]}"#),
                ("attributionWindowHours", ["attributionWindowHours": "9999"], #"{"attributionWindowHours": 9999}"#),
                ("slug", ["slug": "api"], #"{"slug": "api"}"#),
            ]
            for item in cases {
                let api = try await world.server.admin(.patch, "/api/apps/\(world.tenant.app.id)", body: .json(item.json))
                #expect(api.status == .badRequest, "\(item.field)")
                let message = try #require(try api.jsonObject()["error"] as? [String: Any])["message"] as? String
                _ = try await browser.get(path)
                var form = ["action": "save", "name": "Acme", "attributionWindowHours": "168"]
                form.merge(item.form) { $1 }
                let response = try await browser.post(path, form)
                #expect(response.status == .badRequest, "\(item.field)")
                let beside = #"<p class="field-error" id="field-\#(item.field)-error" role="alert">\#(HTML.escape(message ?? "?"))</p>"#
                #expect(response.text.contains(beside), "\(item.field): \(message ?? "")")
                #expect(response.text.contains(#"aria-describedby="field-\#(item.field)-error""#))
            }
            let app = try await world.server.admin(.get, "/api/apps/\(world.tenant.app.id)").decode(AppJSON.self)
            #expect(app.domains.isEmpty && app.iosBundleIds.isEmpty && app.attributionWindowHours == 168 && app.slug == "acme")
        }
    }

    @Test("preview shows the files the form would make and saves nothing")
    func previewSavesNothing() async throws {
        try await AccountsWorld.run { world in
            var browser = try await world.browser(.owner)
            let path = "/dashboard/apps/\(world.tenant.app.id)/settings"
            _ = try await browser.get(path)
            let response = try await browser.post(path, Self.settingsForm(action: "preview"))
            #expect(response.status == .ok)
            #expect(response.text.contains("Preview only: nothing was saved."))
            #expect(response.text.contains(#""ABCDE12345.com.acme.app""#.replacingOccurrences(of: "\"", with: "&quot;")))
            #expect(response.text.contains("com.acme.android"))
            let app = try await world.server.admin(.get, "/api/apps/\(world.tenant.app.id)").decode(AppJSON.self)
            #expect(app.name == "Acme" && app.iosTeamId == nil)
        }
    }

    @Test("a settings or key post without the session's CSRF token changes nothing (403)")
    func csrfRequired() async throws {
        try await AccountsWorld.run { world in
            var browser = try await world.browser(.owner)
            let base = "/dashboard/apps/\(world.tenant.app.id)"
            _ = try await browser.get("\(base)/settings")
            var form = Self.settingsForm()
            form["_csrf"] = "forged"
            #expect(try await browser.post("\(base)/settings", form).status == .forbidden)
            #expect(try await world.server.admin(.get, "/api/apps/\(world.tenant.app.id)").decode(AppJSON.self).name == "Acme")
            let keys = try await world.server.storage.keys(appId: world.tenant.app.id)
            #expect(try await browser.post("\(base)/keys", ["_csrf": "", "name": "forged"]).status == .forbidden)
            #expect(try await browser.post("\(base)/keys/\(keys[0].id)/revoke", ["_csrf": "forged"]).status == .forbidden)
            let after = try await world.server.storage.keys(appId: world.tenant.app.id)
            #expect(after.count == keys.count && after.allSatisfy { $0.revokedAt == nil })
        }
    }

    @Test("issuing a key: an owner sees it once and it works on the API; others get 403 and no key", arguments: DashboardRole.allCases)
    func issueKey(_ role: DashboardRole) async throws {
        try await AccountsWorld.run { world in
            var browser = try await world.browser(role)
            let path = "/dashboard/apps/\(world.tenant.app.id)/keys"
            let before = try await world.server.storage.keys(appId: world.tenant.app.id).count
            let page = try await browser.get(path)
            guard role == .owner else {
                #expect(page.status == .forbidden)
                _ = try await browser.get("/dashboard/apps/\(world.tenant.app.id)/links")
                #expect(try await browser.post(path, ["name": "sneaky", "kind": "secret"]).status == .forbidden)
                #expect(try await world.server.storage.keys(appId: world.tenant.app.id).count == before)
                return
            }
            #expect(page.status == .ok)
            let response = try await browser.post(path, ["name": "CI deploys", "kind": "secret"])
            #expect(response.status == .ok)
            #expect(response.headers[.cacheControl] == "no-store")
            let key = String(try #require(response.text.firstMatch(of: /<code id="new-key-value">([^<]+)<\/code>/)?.1))
            #expect(try await world.server.send(.get, "/api/links", token: key).status == .ok)
            let stored = try await world.server.storage.keys(appId: world.tenant.app.id)
            #expect(stored.count == before + 1 && stored.contains { $0.name == "CI deploys" && $0.kind == .secret })
            #expect(!stored.contains { $0.keyHash.contains(key) })
            // Shown once: the list shows the prefix only.
            let list = try await browser.get(path)
            #expect(!list.text.contains(key) && list.text.contains("CI deploys"))
        }
    }

    @Test("a refused key name is shown beside the field with the API's message")
    func refusedKeyName() async throws {
        try await AccountsWorld.run { world in
            var browser = try await world.browser(.owner)
            let path = "/dashboard/apps/\(world.tenant.app.id)/keys"
            let long = String(repeating: "n", count: 101)
            let api = try await world.server.admin(.post, "/api/apps/\(world.tenant.app.id)/keys", body: .json(#"{"name": "\#(long)"}"#))
            let message = try #require(try api.jsonObject()["error"] as? [String: Any])["message"] as? String
            _ = try await browser.get(path)
            let response = try await browser.post(path, ["name": long, "kind": "secret"])
            #expect(response.status == .badRequest)
            #expect(response.text.contains(#"id="field-name-error" role="alert">\#(HTML.escape(message ?? "?"))<"#))
        }
    }

    @Test("revoking a key: an owner's post stops the key on the API; others get 403 and it stays live", arguments: DashboardRole.allCases)
    func revokeKey(_ role: DashboardRole) async throws {
        try await AccountsWorld.run { world in
            let issued = try await world.server.createKey(appId: world.tenant.app.id)
            var browser = try await world.browser(role)
            _ = try await browser.get("/dashboard/apps/\(world.tenant.app.id)/links")
            let response = try await browser.post("/dashboard/apps/\(world.tenant.app.id)/keys/\(issued.id)/revoke", [:])
            let api = try await world.server.send(.get, "/api/links", token: issued.token)
            if role == .owner {
                #expect(response.status == .seeOther)
                #expect(api.status == .unauthorized)
            } else {
                #expect(response.status == .forbidden)
                #expect(api.status == .ok)
            }
        }
    }
}
