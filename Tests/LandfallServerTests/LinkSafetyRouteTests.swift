import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import LandfallLab
@testable import LandfallServer
import LandfallStore
import Testing

@Suite("Link safety: allow, warn and block, domain lists, destination schemes")
struct LinkSafetyRouteTests {
    static let desktop: HTTPFields = [.userAgent: RealUserAgents.desktopChrome]

    private func link(_ server: TestServer, _ tenant: Tenant, _ json: String) async throws -> [String: Any] {
        let response = try await server.send(.post, "/api/links", token: tenant.secretKey, body: .json(json))
        #expect(response.status == .created, "\(response.text)")
        return try response.jsonObject()
    }

    @Test("a blocked link answers byte for byte as a code that never existed, on GET and HEAD")
    func blockedLinkLooksUnknown() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let created = try await link(
                server, tenant, #"{"originalUrl": "https://example.com/a", "customCode": "blocked-one", "safety": "block"}"#)
            #expect(created["safety"] as? String == "block")
            for method in [HTTPRequest.Method.get, .head] {
                let blocked = try await server.send(method, "/blocked-one", headers: Self.desktop)
                let unknown = try await server.send(method, "/missing-one", headers: Self.desktop)
                #expect(blocked.status == .notFound)
                #expect(blocked.status == unknown.status)
                #expect(blocked.headers == unknown.headers)
                #expect(blocked.body == unknown.body)
            }
            let id = try #require(created["id"] as? String)
            #expect(try await server.clicks(linkId: id, appId: tenant.app.id).isEmpty, "a blocked link records no click")
            // The SDK's direct deep link lookup refuses it like an unknown code too.
            let resolved = try await server.send(.get, "/api/sdk/v1/resolve/blocked-one")
            let unresolved = try await server.send(.get, "/api/sdk/v1/resolve/missing-one")
            #expect(resolved.status == .notFound && resolved.text == unresolved.text)
        }
    }

    @Test("the owner's state is set on create, changed by PATCH, and a null puts it back to allow")
    func ownerStateThroughTheAPI() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let created = try await link(server, tenant, #"{"originalUrl": "https://example.com/a"}"#)
            let id = try #require(created["id"] as? String)
            let code = try #require(created["shortCode"] as? String)
            #expect(created["safety"] as? String == "allow" && created["domainSafety"] as? String == "allow")
            let warned = try await server.send(.patch, "/api/links/\(id)", token: tenant.secretKey, body: .json(#"{"safety": "warn"}"#))
            #expect(try warned.jsonObject()["safety"] as? String == "warn")
            #expect(try await server.send(.get, "/\(code)", headers: Self.desktop).status == .ok)
            let reset = try await server.send(.patch, "/api/links/\(id)", token: tenant.secretKey, body: .json(#"{"safety": null}"#))
            #expect(try reset.jsonObject()["safety"] as? String == "allow")
            #expect(try await server.send(.get, "/\(code)", headers: Self.desktop).status == .found)
            let refused = try await server.send(
                .patch, "/api/links/\(id)", token: tenant.secretKey, body: .json(#"{"domainSafety": "block"}"#))
            #expect(refused.status == .badRequest)
            let bad = try await server.send(
                .post, "/api/links", token: tenant.secretKey, body: .json(#"{"originalUrl": "https://example.com/a", "safety": "maybe"}"#))
            #expect(bad.status == .badRequest)
        }
    }

    @Test("a warned visitor gets a page with no script that names the host and links on, whatever the device")
    func warningPage() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant(#"{"name": "Acme", "uriScheme": "acme", "iosAppStoreId": "123456789"}"#)
            let warnedLink = try await link(
                server, tenant, #"{"originalUrl": "https://shop.example.net/item?x=1", "customCode": "warned", "safety": "warn"}"#)
            for agent in [
                RealUserAgents.desktopChrome, RealUserAgents.iPhoneSafari, RealUserAgents.androidChrome, RealUserAgents.facebookCrawler,
            ] {
                let page = try await server.send(.get, "/warned", headers: [.userAgent: agent])
                #expect(page.status == .ok)
                #expect(page.headers[.location] == nil)
                #expect(!page.text.lowercased().contains("<script"))
                #expect(page.text.contains("<strong>shop.example.net</strong>"))
                #expect(page.text.contains(#"href="https://shop.example.net/item?x=1""#))
                #expect(page.headers[.contentSecurityPolicy]?.contains("script-src 'none'") == true)
                #expect(ExecutableContextScanner.landfall.scan(page.text, nonce: nil).isEmpty)
            }
            // Each visit is still a click; the visitor decides on the page whether to go on.
            #expect(try await server.clicks(linkId: try #require(warnedLink["id"] as? String), appId: tenant.app.id).count == 4)
            let metrics = try await server.admin(.get, "/api/metrics")
            #expect(metrics.text.contains(#"landfall_redirects_total{outcome="warning"} 4"#))
        }
    }

    @Test("an app's list entry re-evaluates its links, matches subdomains only, and its removal lifts the verdict")
    func appDomainList() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let other = try await server.createTenant(#"{"name": "Other"}"#)
            _ = try await link(server, tenant, #"{"originalUrl": "https://a.evil.example/x", "customCode": "sub-evil"}"#)
            _ = try await link(
                server, tenant,
                #"{"originalUrl": "https://example.com/x", "webFallbackUrl": "https://evil.example/y", "customCode": "fallback-evil"}"#)
            _ = try await link(server, tenant, #"{"originalUrl": "https://notevil.example/x", "customCode": "not-evil"}"#)
            _ = try await link(server, other, #"{"originalUrl": "https://evil.example/x", "customCode": "other-app"}"#)

            // Visited first, so the redirect's cache holds the link with its old verdict.
            #expect(try await server.send(.get, "/sub-evil", headers: Self.desktop).status == .found)
            let put = try await server.send(
                .put, "/api/safety/domains/Evil.Example.", token: tenant.secretKey, body: .json(#"{"state": "block", "note": "phishing"}"#))
            #expect(put.status == .ok)
            let entry = try put.jsonObject()
            #expect(entry["domain"] as? String == "evil.example")
            #expect(entry["scope"] as? String == "app")
            #expect(entry["linksChanged"] as? Int == 2)
            #expect(try await server.send(.get, "/sub-evil", headers: Self.desktop).status == .notFound)
            #expect(try await server.send(.get, "/fallback-evil", headers: Self.desktop).status == .notFound)
            #expect(try await server.send(.get, "/not-evil", headers: Self.desktop).status == .found)
            #expect(try await server.send(.get, "/other-app", headers: Self.desktop).status == .found)

            // A link written after the entry gets the verdict when it is stored.
            let later = try await link(server, tenant, #"{"originalUrl": "https://deep.a.evil.example/", "safety": "warn"}"#)
            #expect(later["safety"] as? String == "warn" && later["domainSafety"] as? String == "block")

            let list = try await server.send(.get, "/api/safety/domains", token: tenant.secretKey)
            #expect((try list.jsonObject()["data"] as? [[String: Any]])?.map { $0["domain"] as? String } == ["evil.example"])
            #expect(
                (try await server.send(.get, "/api/safety/domains", token: other.secretKey).jsonObject()["data"] as? [Any])?.isEmpty == true
            )

            let removed = try await server.send(.delete, "/api/safety/domains/evil.example", token: tenant.secretKey)
            #expect(try removed.jsonObject()["linksChanged"] as? Int == 3)
            #expect(try await server.send(.get, "/sub-evil", headers: Self.desktop).status == .found)
            #expect(try await server.send(.delete, "/api/safety/domains/evil.example", token: tenant.secretKey).status == .notFound)
        }
    }

    @Test("the deployment-wide list needs the admin token and covers every app's links")
    func deploymentDomainList() async throws {
        try await TestServer.run { server in
            let first = try await server.createTenant()
            let second = try await server.createTenant(#"{"name": "Second"}"#)
            _ = try await link(server, first, #"{"originalUrl": "https://tracker.example/1", "customCode": "first-app"}"#)
            _ = try await link(server, second, #"{"originalUrl": "https://www.tracker.example/2", "customCode": "second-app"}"#)

            let byAppKey = try await server.send(
                .put, "/api/admin/safety/domains/tracker.example", token: first.secretKey, body: .json(#"{"state": "warn"}"#))
            #expect(byAppKey.status == .unauthorized)
            let put = try await server.admin(.put, "/api/admin/safety/domains/tracker.example", body: .json(#"{"state": "warn"}"#))
            #expect(try put.jsonObject()["linksChanged"] as? Int == 2)
            #expect(try put.jsonObject()["scope"] as? String == "deployment")
            for code in ["first-app", "second-app"] {
                let page = try await server.send(.get, "/\(code)", headers: Self.desktop)
                #expect(page.status == .ok && page.text.contains("tracker.example"))
            }
            // An app's own block wins over the deployment's warn: the stricter state holds.
            _ = try await server.send(
                .put, "/api/safety/domains/tracker.example", token: first.secretKey, body: .json(#"{"state": "block"}"#))
            #expect(try await server.send(.get, "/first-app", headers: Self.desktop).status == .notFound)
            #expect(try await server.send(.get, "/second-app", headers: Self.desktop).status == .ok)
            let entries = try await server.admin(.get, "/api/admin/safety/domains").jsonObject()["data"] as? [[String: Any]]
            #expect(entries?.count == 1)
        }
    }

    @Test(
        "list entries are refused with 400 for a bad domain, an allow state or a long note",
        arguments: [
            ("evil.example", #"{"state": "allow"}"#),
            ("evil.example", #"{"state": "nuke"}"#),
            ("evil.example", #"{}"#),
            ("evil.example", #"{"state": "warn", "note": "\#(String(repeating: "n", count: 301))"}"#),
            ("evil..example", #"{"state": "warn"}"#),
            ("-evil.example", #"{"state": "warn"}"#),
            ("evil_example", #"{"state": "warn"}"#),
        ])
    func badListEntries(domain: String, body: String) async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let response = try await server.send(.put, "/api/safety/domains/\(domain)", token: tenant.secretKey, body: .json(body))
            #expect(response.status == .badRequest, "\(response.text)")
            #expect(try response.jsonObject()["error"] != nil)
        }
    }

    @Test("the dashboard's link page says what visitors of a warned or blocked link get, and why")
    func dashboardShowsTheState() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let plain = try await link(server, tenant, #"{"originalUrl": "https://example.com/a"}"#)
            let warned = try await link(server, tenant, #"{"originalUrl": "https://example.com/b", "safety": "warn"}"#)
            var browser = DashboardRouteTests.Browser(server)
            _ = try await browser.signIn(TestServer.adminToken)
            let plainPage = try await browser.get("/dashboard/apps/\(tenant.app.id)/links/\(try #require(plain["id"] as? String))")
            #expect(!plainPage.text.contains(#"id="safety""#))
            let warnedPage = try await browser.get("/dashboard/apps/\(tenant.app.id)/links/\(try #require(warned["id"] as? String))")
            #expect(warnedPage.text.contains("Visitors get: <strong>warn</strong> (the link's own state: warn; the domain lists: allow)"))
        }
    }

    @Test("a publishable key cannot choose a link's safety")
    func publishableKeyCannotSetSafety() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let publishable = try await server.createKey(appId: tenant.app.id, kind: .publishable)
            let response = try await server.send(
                .post, "/api/links", token: publishable.token, body: .json(#"{"title": "x", "safety": "allow"}"#))
            #expect(response.status == .forbidden)
        }
    }

    @Test(
        "destinations other than http(s) and the app's own scheme are refused, however they are spelt",
        arguments: [
            "javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)", "java\u{AD}script:alert(1)",
            "\u{200B}javascript:alert(1)", "vbscript:msgbox(1)", "data:text/html,<script>alert(1)</script>", "file:///etc/passwd",
            "//evil.example/x", "\\\\evil.example\\x", "https:\\\\evil.example", "https://example.com\\@evil.example/",
            "https://bank.example@evil.example/", "https://user:pass@evil.example/", "https://evil.example\u{202E}/moc.elpmaxe",
            "https://exämple.com/", "https://example.com/\"onmouseover=alert(1)", "https://example.com/<script>", "ftp://example.com/x",
            "intent://x#Intent;end", "otherapp://open",
        ])
    func hostileDestinationsAreRefused(url: String) async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant(#"{"name": "Acme", "uriScheme": "acme"}"#)
            for field in ["originalUrl", "webFallbackUrl", "iosUniversalLink", "androidAppLink", "ogImageUrl"] {
                var fields = ["originalUrl": "https://example.com/ok"]
                fields[field] = url
                let body = try JSONSerialization.data(withJSONObject: fields)
                let response = try await server.send(
                    .post, "/api/links", token: tenant.secretKey, body: .json(String(decoding: body, as: UTF8.self)))
                #expect(response.status == .badRequest, "\(field) = \(url.debugDescription): \(response.text)")
            }
        }
    }

    @Test("the app's own scheme, punycode hosts, IP literals and percent-encoded text stay accepted")
    func legitimateDestinationsStayAccepted() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant(#"{"name": "Acme", "uriScheme": "acme"}"#)
            let bodies = [
                #"{"originalUrl": "https://xn--exmple-cua.com/caf%C3%A9?q=a%20b#top"}"#,
                #"{"originalUrl": "http://192.0.2.7:8080/x"}"#,
                #"{"originalUrl": "https://[2001:db8::1]/x"}"#,
                #"{"originalUrl": "https://example.com/x", "iosUniversalLink": "ACME://product/42?ref=a"}"#,
                #"{"originalUrl": "https://example.com/x", "androidAppLink": "https://app.example.com/p/1"}"#,
            ]
            for body in bodies {
                let response = try await server.send(.post, "/api/links", token: tenant.secretKey, body: .json(body))
                #expect(response.status == .created, "\(body): \(response.text)")
            }
        }
    }
}

@Suite("Domain lists match hosts and their subdomains")
struct SafetyDomainListTests {
    let list = SafetyDomainList([
        SafetyDomainRecord(scope: .deployment, domain: "evil.example", state: .warn, createdAt: Date()),
        SafetyDomainRecord(scope: .app("a"), domain: "very.evil.example", state: .block, createdAt: Date()),
    ])

    @Test func suffixMatchFollowsLabelBoundaries() {
        #expect(list.verdict(hosts: ["evil.example"]) == .warn)
        #expect(list.verdict(hosts: ["a.b.evil.example"]) == .warn)
        #expect(list.verdict(hosts: ["x.very.evil.example"]) == .block)
        #expect(list.verdict(hosts: ["notevil.example", "example", "evil.example.com"]) == .allow)
        #expect(list.verdict(hosts: ["good.example", "evil.example", "very.evil.example"]) == .block)
    }

    @Test func destinationHostsAreTheWebURLsOnly() {
        var content = LinkContent(originalUrl: "https://A.Example.COM./x")
        content.iosUniversalLink = "acme://evil.example/x"
        content.webFallbackUrl = "http://b.example/"
        content.ogImageUrl = "https://img.example/"
        #expect(SafetyDomainList.destinationHosts(of: content) == ["a.example.com", "b.example"])
    }
}
