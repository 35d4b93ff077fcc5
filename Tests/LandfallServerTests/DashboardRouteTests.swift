import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
@testable import LandfallServer
import LandfallStore
import Testing

/// The dashboard through Hummingbird's in-process client: sessions, CSRF, app scoping, link forms,
/// QR codes, charts and installs.
@Suite("Dashboard routes")
struct DashboardRouteTests {
    /// Keeps cookies like a browser and fills in each form's CSRF token from the last page.
    struct Browser {
        let server: TestServer
        var cookies: [String: String] = [:]
        var lastPage = ""

        init(_ server: TestServer) { self.server = server }

        mutating func get(_ path: String) async throws -> TestResponse {
            let response = try await server.send(.get, path, headers: cookieHeader())
            remember(response)
            return response
        }

        /// Posts the fields, with the `_csrf` value of the last page unless the fields give one.
        mutating func post(_ path: String, _ fields: [String: String]) async throws -> TestResponse {
            var fields = fields
            if fields["_csrf"] == nil, let token = lastPage.firstMatch(of: /name="_csrf" value="([^"]*)"/)?.1 {
                fields["_csrf"] = String(token)
            }
            let body = fields.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }.joined(
                separator: "&")
            let response = try await server.send(
                .post, path, body: .raw(body, contentType: "application/x-www-form-urlencoded"), headers: cookieHeader())
            remember(response)
            return response
        }

        mutating func signIn(_ token: String) async throws -> TestResponse {
            _ = try await get("/dashboard/login")
            return try await post("/dashboard/login", ["token": token])
        }

        private func cookieHeader() -> HTTPFields {
            guard !cookies.isEmpty else { return [:] }
            return [.cookie: cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")]
        }

        private mutating func remember(_ response: TestResponse) {
            for header in response.headers[values: .setCookie] {
                let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
                let name = String(pair[0]), value = pair.count > 1 ? String(pair[1]) : ""
                if value.isEmpty || header.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = value }
            }
            if response.headers[.contentType]?.hasPrefix("text/html") == true { lastPage = response.text }
        }
    }

    @Test("without a session every page sends the browser to the sign-in page")
    func signInRequired() async throws {
        try await TestServer.run { server in
            var browser = Browser(server)
            for path in ["/dashboard", "/dashboard/apps", "/dashboard/apps/x/links", "/dashboard/apps/x/links/y"] {
                let response = try await browser.get(path)
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/dashboard/login")
            }
        }
    }

    @Test("the sign-in page has a nonce CSP that lets forms post only here, and a SameSite=Strict login cookie")
    func signInPage() async throws {
        try await TestServer.run { server in
            var browser = Browser(server)
            let page = try await browser.get("/dashboard/login")
            #expect(page.status == .ok)
            let csp = try #require(page.headers[.contentSecurityPolicy])
            #expect(csp.contains("script-src 'nonce-") && csp.contains("form-action 'self'") && csp.contains("default-src 'none'"))
            let nonce = try #require(csp.firstMatch(of: /'nonce-([A-Za-z0-9]+)'/)?.1)
            #expect(page.text.contains("<style nonce=\"\(nonce)\">"))
            let cookie = try #require(page.headers[values: .setCookie].first { $0.hasPrefix("lf_dashboard_login=") })
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/dashboard"))
        }
    }

    @Test("the admin token signs in with an HttpOnly, Secure (https public URL), SameSite=Strict session cookie")
    func adminSignIn() async throws {
        try await TestServer.run { server in
            var browser = Browser(server)
            let response = try await browser.signIn(TestServer.adminToken)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/dashboard")
            let cookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("lf_dashboard=") })
            #expect(cookie.contains("HttpOnly") && cookie.contains("Secure") && cookie.contains("SameSite=Strict"))
            #expect(!cookie.contains(TestServer.adminToken))
            #expect(try await browser.get("/dashboard").headers[.location] == "/dashboard/apps")
        }
    }

    @Test("a wrong token is refused with 401, a sign-in without the form's token with 403")
    func refusedSignIn() async throws {
        try await TestServer.run { server in
            var browser = Browser(server)
            let wrong = try await browser.signIn("lf_admin_wrong")
            #expect(wrong.status == .unauthorized)
            #expect(wrong.text.contains("neither the admin token nor a live secret key"))
            _ = try await browser.get("/dashboard/login")
            let forged = try await browser.post("/dashboard/login", ["token": TestServer.adminToken, "_csrf": "forged"])
            #expect(forged.status == .forbidden)
            #expect(browser.cookies["lf_dashboard"] == nil)
        }
    }

    @Test("a publishable key cannot sign in")
    func publishableKeyRefused() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let publishable = try await server.createKey(appId: tenant.app.id, kind: .publishable)
            var browser = Browser(server)
            #expect(try await browser.signIn(publishable.token).status == .unauthorized)
        }
    }

    @Test("the admin creates an app, then a link through the form, and sees its QR code and short URL")
    func adminCreatesAppAndLink() async throws {
        try await TestServer.run { server in
            var browser = Browser(server)
            _ = try await browser.signIn(TestServer.adminToken)
            _ = try await browser.get("/dashboard/apps")
            let created = try await browser.post("/dashboard/apps", ["name": "Mealtime"])
            #expect(created.status == .seeOther)
            let appLinks = try #require(created.headers[.location])
            #expect(try await browser.get(appLinks).text.contains("Mealtime: links"))
            let link = try await browser.post(
                appLinks, ["originalUrl": "https://mealtime.test/r/1", "title": "Pasta", "customCode": "pasta"])
            #expect(link.status == .seeOther)
            let page = try await browser.get(try #require(link.headers[.location]))
            #expect(page.status == .ok)
            #expect(page.text.contains("Link created."))
            #expect(page.text.contains("<code id=\"short-url\">https://links.test/pasta</code>"))
            #expect(page.text.contains("aria-label=\"QR code\""))
            #expect(page.text.contains("id=\"clicks-chart\"") && page.text.contains("id=\"installs-chart\""))
            let stored = try await server.storage.listApps()
            #expect(stored.map(\.name) == ["Mealtime"])
        }
    }

    @Test("a form posted without the session's CSRF token changes nothing (403)")
    func csrfRequired() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            var browser = Browser(server)
            _ = try await browser.signIn(tenant.secretKey)
            let response = try await browser.post(
                "/dashboard/apps/\(tenant.app.id)/links", ["originalUrl": "https://example.com/x", "_csrf": "nope"])
            #expect(response.status == .forbidden)
            #expect(try await server.storage.listLinks(appId: tenant.app.id, query: LinkQuery()).links.isEmpty)
        }
    }

    @Test("an invalid link is shown back on the form with the API's message, not a 500")
    func invalidLinkShownOnForm() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            var browser = Browser(server)
            _ = try await browser.signIn(tenant.secretKey)
            _ = try await browser.get("/dashboard/apps/\(tenant.app.id)/links")
            let response = try await browser.post(
                "/dashboard/apps/\(tenant.app.id)/links", ["originalUrl": "javascript:alert(1)", "title": "<b>x</b>"])
            #expect(response.status == .badRequest)
            #expect(response.text.contains("class=\"error\""))
            #expect(response.text.contains("value=\"&lt;b&gt;x&lt;/b&gt;\""))
        }
    }

    @Test("an app key's session sees its own app only: another app's pages are 404")
    func appScoping() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let other = try await server.createTenant(#"{"name": "Other"}"#)
            let otherLink = try await server.createLink(key: other.secretKey)
            var browser = Browser(server)
            _ = try await browser.signIn(tenant.secretKey)
            #expect(try await browser.get("/dashboard").headers[.location] == "/dashboard/apps/\(tenant.app.id)/links")
            let apps = try await browser.get("/dashboard/apps")
            #expect(apps.text.contains("Acme") && !apps.text.contains("Other"))
            #expect(!apps.text.contains("create-app"))
            #expect(try await browser.get("/dashboard/apps/\(other.app.id)/links").status == .notFound)
            #expect(try await browser.get("/dashboard/apps/\(other.app.id)/links/\(otherLink.id)").status == .notFound)
            #expect(try await browser.post("/dashboard/apps", ["name": "Sneaky"]).status == .forbidden)
        }
    }

    @Test("editing a link through the form saves it; unchecking Active switches it off")
    func editLink() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let link = try await server.createLink(key: tenant.secretKey)
            var browser = Browser(server)
            _ = try await browser.signIn(tenant.secretKey)
            let path = "/dashboard/apps/\(tenant.app.id)/links/\(link.id)"
            _ = try await browser.get(path)
            let saved = try await browser.post(path, ["originalUrl": "https://example.com/new", "title": "New title"])
            #expect(saved.headers[.location] == "\(path)?saved=1")
            let stored = try #require(try await server.storage.link(id: link.id, appId: tenant.app.id))
            #expect(stored.content.originalUrl == "https://example.com/new")
            #expect(stored.content.title == "New title")
            #expect(stored.isActive == false)
        }
    }

    @Test("the QR download is the link's short URL, for the session only")
    func qrDownload() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let link = try await server.createLink(key: tenant.secretKey)
            var browser = Browser(server)
            let path = "/dashboard/apps/\(tenant.app.id)/links/\(link.id)/qr?format=png&size=256&ecc=Q"
            expectAPIError(try await browser.get(path), .unauthorized, code: "unauthorized")
            _ = try await browser.signIn(tenant.secretKey)
            let png = try await browser.get(path)
            #expect(png.headers[.contentType] == "image/png")
            #expect(try await QRCodeDecodeTests.decode(Array(png.body.readableBytesView)) == link.url)
        }
    }

    @Test("revoking the key or signing out ends the session")
    func sessionEnds() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let key = try await server.createKey(appId: tenant.app.id)
            var browser = Browser(server)
            _ = try await browser.signIn(key.token)
            #expect(try await browser.get("/dashboard/apps").status == .ok)
            _ = try await server.admin(.delete, "/api/apps/\(tenant.app.id)/keys/\(key.id)")
            #expect(try await browser.get("/dashboard/apps").headers[.location] == "/dashboard/login")

            _ = try await browser.signIn(tenant.secretKey)
            _ = try await browser.get("/dashboard/apps")
            #expect(try await browser.post("/dashboard/logout", [:]).headers[.location] == "/dashboard/login")
            #expect(try await browser.get("/dashboard/apps").status == .seeOther)
        }
    }

    @Test("a tampered or expired session cookie is not accepted")
    func tamperedCookie() async throws {
        let clock = TestClock()
        try await TestServer.run(clock: clock) { server in
            var browser = Browser(server)
            _ = try await browser.signIn(TestServer.adminToken)
            let cookie = try #require(browser.cookies["lf_dashboard"])
            browser.cookies["lf_dashboard"] = "x" + cookie.dropFirst()
            #expect(try await browser.get("/dashboard/apps").status == .seeOther)
            browser.cookies["lf_dashboard"] = cookie
            #expect(try await browser.get("/dashboard/apps").status == .ok)
            clock.advance(by: DashboardSessions.lifetime + 1)
            #expect(try await browser.get("/dashboard/apps").status == .seeOther)
        }
    }

    @Test("a click and its attributed install show on the link's chart and installs table")
    func clickAndInstallCharted() async throws {
        try await AttributionFlowTests.withSetup { server, tenant, publishable, link in
            let phone = AttributionFlowTests.Phone(address: "198.51.100.23")
            _ = try await AttributionFlowTests.click(server, phone)
            server.clock.advance(by: 300)
            try await server.landfall.statistics.catchUp()
            #expect(try await AttributionFlowTests.install(server, key: publishable, phone).status == .ok)
            try await server.landfall.clicks.flush()
            var browser = Browser(server)
            _ = try await browser.signIn(tenant.secretKey)
            let page = try await browser.get("/dashboard/apps/\(tenant.app.id)/links/\(link.id)")
            #expect(page.text.contains("<p id=\"totals\">1 clicks"))
            #expect(page.text.contains("data-value=\"1\""))
            #expect(
                page.text.contains("<td class=\"method\">deterministic</td>")
                    || page.text.contains("<td class=\"method\">probabilistic</td>"))
        }
    }
}
