import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import LandfallLab
@testable import LandfallServer
import Testing

/// Every route the router answers is called (GET, and the dashboard's form posts) with every kind
/// of credential and, for short links, every kind of visitor; every HTML answer must carry a
/// Content-Security-Policy, and no script or style may run on it without that response's nonce.
@Suite("A Content-Security-Policy on every HTML page")
struct ContentSecurityPolicyCoverageTests {
    struct Fixture {
        var values: [String: String]
        var credentials: [(name: String, headers: HTTPFields)]
    }

    static let visitors = [
        RealUserAgents.iPhoneSafari, RealUserAgents.androidChrome, RealUserAgents.facebookCrawler, RealUserAgents.desktopChrome,
        RealUserAgents.iPadDesktopSafari,
    ]

    @Test("every HTML answer of every route has a CSP, and every script and style on it the response's nonce")
    func everyHTMLPageHasAPolicy() async throws {
        let (htmlRoutes, htmlAnswers) = try await TestServer.run { server in
            let fixture = try await Self.fixture(server)
            var htmlRoutes: Set<String> = []
            var htmlAnswers = 0
            let routes = server.landfall.routes.filter { $0.hasPrefix("GET ") || ($0.hasPrefix("POST /dashboard")) }
            #expect(routes.count > 20)
            for route in routes {
                let parts = route.split(separator: " ", maxSplits: 1)
                let method = HTTPRequest.Method(String(parts[0]))!
                for path in Self.paths(for: String(parts[1]), values: fixture.values) {
                    for (name, credential) in fixture.credentials {
                        let visitors: [String?] = path.hasPrefix("/api") || path.hasPrefix("/dashboard") ? [nil] : Self.visitors
                        for visitor in visitors {
                            var headers = credential
                            if let visitor { headers[.userAgent] = visitor }
                            let body: TestBody? = method == .post ? .raw("", contentType: "application/x-www-form-urlencoded") : nil
                            let response = try await server.send(method, path, body: body, headers: headers)
                            guard response.headers[.contentType]?.hasPrefix("text/html") == true else { continue }
                            htmlRoutes.insert(String(parts[1]))
                            htmlAnswers += 1
                            let where_ = "\(method) \(path) (\(name), \(visitor?.prefix(20) ?? "-"))"
                            let policy = response.headers[.contentSecurityPolicy]
                            #expect(policy != nil, "no CSP on \(where_)")
                            guard let policy else { continue }
                            #expect(
                                policy.contains("default-src 'none'") && policy.contains("frame-ancestors 'none'"), "\(where_): \(policy)")
                            #expect(!policy.contains("'unsafe-inline'") && !policy.contains("'unsafe-eval'"), "\(where_): \(policy)")
                            let nonce = ContentSecurityPolicyNonce.scriptNonce(in: policy)
                            let findings = ExecutableContextScanner.landfall.scan(response.text, nonce: nonce)
                            #expect(findings.isEmpty, "\(where_): \(findings)")
                            if nonce == nil {
                                #expect(!response.text.lowercased().contains("<script"), "\(where_) has a script but no nonce")
                            }
                        }
                    }
                }
            }
            return (htmlRoutes, htmlAnswers)
        }
        // 169 when written: six short links of every kind, five visitors, four credentials, and the dashboard.
        #expect(htmlAnswers > 100)
        // The check covered the pages it is about: short links (message, interstitial, preview,
        // warning) in both shapes, and the dashboard.
        for expected in [
            "/{segment}", "/{segment}/{code}", "/dashboard/login", "/dashboard/apps", "/dashboard/apps/{appId}/links",
            "/dashboard/apps/{appId}/links/{linkId}", "/dashboard/apps/{appId}/referrals", "/dashboard/apps/{appId}/webhooks",
        ] {
            #expect(htmlRoutes.contains(expected), "no HTML seen from \(expected)")
        }
    }

    @Test("the pages without script share one fixed policy that allows exactly the shared style")
    func staticPolicyMatchesTheStyle() {
        let policy = HTML.staticContentSecurityPolicy
        #expect(policy.contains("script-src 'none'"))
        #expect(policy.contains("style-src '\(HTML.styleHash)'"))
        #expect(MessagePage.render(title: "t", message: "m").contains("<style>\(HTML.style)</style>"))
        #expect(WarningPage.render(destination: "https://example.com/").contains("<style>\(HTML.style)</style>"))
    }

    /// Concrete paths for a route pattern: each `{name}` filled with a real id where one exists.
    static func paths(for pattern: String, values: [String: String]) -> [String] {
        var paths = [""]
        for component in pattern.split(separator: "/") {
            let choices: [String]
            if component.hasPrefix("{"), component.hasSuffix("}") {
                let name = String(component.dropFirst().dropLast())
                if name == "segment" {
                    // Alone, a short code of each kind; before a code, the template slug.
                    choices =
                        pattern.hasSuffix("{code}")
                        ? [values["templateSlug"]!] : ["plain", "warned", "blocked", "expired", "off", "missing"]
                } else if name == "code" {
                    choices = ["in-template", "missing"]
                } else {
                    choices = [values[name] ?? "unknown-\(name)"]
                }
            } else if component == "*" || component == "**" {
                choices = ["anything"]
            } else {
                choices = [String(component)]
            }
            paths = paths.flatMap { prefix in choices.map { "\(prefix)/\($0)" } }
        }
        return paths.isEmpty || paths == [""] ? ["/"] : paths
    }

    static func fixture(_ server: TestServer) async throws -> Fixture {
        let tenant = try await server.createTenant(
            #"{"name": "Acme", "uriScheme": "acme", "iosAppStoreId": "123456789", "androidPackageName": "com.example.acme"}"#
        )
        let key = tenant.secretKey
        let template = try await server.createTemplate(key: key, body: #"{"name": "Promo", "slug": "promo"}"#)
        let links = [
            #"{"originalUrl": "https://example.com/a", "customCode": "plain", "title": "Plain", "ogImageUrl": "https://img.example.com/a.png"}"#,
            #"{"originalUrl": "https://example.com/w", "customCode": "warned", "safety": "warn"}"#,
            #"{"originalUrl": "https://example.com/b", "customCode": "blocked", "safety": "block"}"#,
            #"{"originalUrl": "https://example.com/e", "customCode": "expired", "expiresAt": "2020-01-01T00:00:00Z"}"#,
            #"{"originalUrl": "https://example.com/o", "customCode": "off", "isActive": false}"#,
            #"{"originalUrl": "https://example.com/t", "customCode": "in-template", "templateId": "\#(template.id)"}"#,
        ]
        var linkId = ""
        for body in links {
            let created = try await server.createLink(key: key, body: body)
            if linkId.isEmpty { linkId = created.id }
        }
        var browser = DashboardRouteTests.Browser(server)
        _ = try await browser.signIn(TestServer.adminToken)
        let session = browser.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        return Fixture(
            values: [
                "appId": tenant.app.id, "linkId": linkId, "templateId": template.id, "templateSlug": template.slug, "userId": "user-1",
            ],
            credentials: [
                ("no credentials", [:]),
                ("admin token", [.authorization: "Bearer \(TestServer.adminToken)"]),
                ("secret key", [.authorization: "Bearer \(key)"]),
                ("dashboard session", [.cookie: session]),
            ]
        )
    }
}
