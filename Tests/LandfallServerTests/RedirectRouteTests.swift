import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallServer
import LandfallStore
import NIOCore
import Testing

@Suite("Redirects, the interstitial and click capture")
struct RedirectRouteTests {
    static let appJSON = """
        {"name": "Mealtime", "domains": ["go.mealtime.test"], "uriScheme": "mealtime",
         "iosAppStoreUrl": "https://apps.apple.com/app/id123456789", "androidPackageName": "com.example.mealtime",
         "webFallbackUrl": "https://mealtime.test/fallback"}
        """
    static let linkJSON = """
        {"originalUrl": "https://mealtime.test/recipes/42", "deepLinkPath": "/recipes/42",
         "deepLinkParameters": {"recipe": "42"}, "utmParameters": {"source": "newsletter"},
         "customCode": "pasta", "ogTitle": "Pasta night"}
        """

    /// A tenant with the link above, then the test.
    static func withLink(_ linkJSON: String = linkJSON, _ body: @Sendable @escaping (TestServer, Tenant, LinkJSON) async throws -> Void)
        async throws
    {
        try await TestServer.run { server in
            let tenant = try await server.createTenant(appJSON)
            let link = try await server.createLink(key: tenant.secretKey, body: linkJSON)
            try await body(server, tenant, link)
        }
    }

    static func visit(
        _ server: TestServer, _ path: String = "/pasta", userAgent: String, host: String = "go.mealtime.test",
        method: HTTPRequest.Method = .get, headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        var fields = headers
        fields[.userAgent] = userAgent
        return try await server.send(method, path, host: host, headers: fields)
    }

    @Test func desktopChromeIsRedirectedToTheWebDestinationWithUTM() async throws {
        try await Self.withLink { server, _, _ in
            let response = try await Self.visit(server, userAgent: RealUserAgents.desktopChrome)
            #expect(response.status == .found)
            #expect(response.headers[.location] == "https://mealtime.test/recipes/42?utm_source=newsletter")
        }
    }

    @Test func iPhoneSafariGetsTheInterstitialWithTheClickTokenInTheAppURL() async throws {
        try await Self.withLink { server, tenant, link in
            let response = try await Self.visit(server, userAgent: RealUserAgents.iPhoneSafari)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(response.headers[.contentSecurityPolicy]?.contains("script-src 'nonce-") == true)
            let clicks = try await server.clicks(linkId: link.id, appId: tenant.app.id)
            let click = try #require(clicks.first)
            #expect(clicks.count == 1)
            #expect(
                response.text.contains(
                    "mealtime://recipes/42?recipe=42&amp;utm_source=newsletter&amp;lf_click=\(click.clickToken)&amp;link_click_id=\(click.clickToken)"
                ))
            #expect(response.text.contains(#"href="https://apps.apple.com/app/id123456789""#))
            #expect(click.platform == "ios")
            #expect(click.osVersion == "17.4")
            #expect(click.deviceClass == "phone")
            #expect(click.isBot == false)
        }
    }

    @Test func iPadDesktopSafariGetsThePageThatChecksForTouch() async throws {
        try await Self.withLink { server, _, _ in
            let response = try await Self.visit(server, userAgent: RealUserAgents.iPadDesktopSafari)
            #expect(response.status == .ok)
            #expect(response.text.contains(#""confirmIPad":true"#))
        }
    }

    @Test func androidChromeGetsAnIntentURLAndAPlayStoreReferrerWithTheToken() async throws {
        try await Self.withLink { server, tenant, link in
            let response = try await Self.visit(server, userAgent: RealUserAgents.androidChrome)
            #expect(response.status == .ok)
            let token = try #require(try await server.clicks(linkId: link.id, appId: tenant.app.id).first?.clickToken)
            #expect(response.text.contains("intent://recipes/42?"))
            #expect(response.text.contains("package=com.example.mealtime"))
            #expect(
                response.text.contains(
                    "https://play.google.com/store/apps/details?id=com.example.mealtime&amp;referrer=lf_click%3D\(token)%26link_click_id%3D\(token)"
                ))
        }
    }

    @Test(arguments: [
        (RealUserAgents.instagramIOS, "instagram", "ios"), (RealUserAgents.facebookIOS, "facebook", "ios"),
        (RealUserAgents.facebookAndroid, "facebook", "android"),
    ])
    func inAppBrowsersGetTheInterstitialAndAreRecorded(userAgent: String, inApp: String, platform: String) async throws {
        try await Self.withLink { server, tenant, link in
            let response = try await Self.visit(server, userAgent: userAgent)
            #expect(response.status == .ok)
            let click = try #require(try await server.clicks(linkId: link.id, appId: tenant.app.id).first)
            #expect(click.inAppBrowser == inApp)
            #expect(click.platform == platform)
        }
    }

    @Test(arguments: RealUserAgents.crawlers)
    func crawlersGetOpenGraphTagsAndAreNotCountedAsHumans(userAgent: String) async throws {
        try await Self.withLink { server, tenant, link in
            let response = try await Self.visit(server, userAgent: userAgent)
            #expect(response.status == .ok)
            #expect(response.text.contains(#"<meta property="og:title" content="Pasta night">"#))
            #expect(!response.text.contains("lf_click"))
            let clicks = try await server.clicks(linkId: link.id, appId: tenant.app.id)
            #expect(!clicks.isEmpty)
            #expect(clicks.allSatisfy { $0.isBot })
            #expect(clicks.first?.botName != nil)
        }
    }

    @Test func theClickKeepsAddressLanguageAndReferrer() async throws {
        try await Self.withLink { server, tenant, link in
            _ = try await Self.visit(
                server, userAgent: RealUserAgents.iPhoneSafari,
                headers: [
                    .acceptLanguage: "fr-FR,fr;q=0.9,en;q=0.8", .referer: "https://news.example/story",
                    HTTPField.Name("X-Forwarded-For")!: "203.0.113.9",
                ])
            let click = try #require(try await server.clicks(linkId: link.id, appId: tenant.app.id).first)
            #expect(click.acceptLanguage == "fr-FR,fr;q=0.9,en;q=0.8")
            #expect(click.referrer == "https://news.example/story")
            // Without --trust-proxy a forwarded address is never believed.
            #expect(click.ipAddress != "203.0.113.9")
        }
    }

    @Test func forwardedForIsBelievedOnlyWithTrustProxy() async throws {
        try await TestServer.run(configure: { $0.trustProxy = true }) { server in
            let tenant = try await server.createTenant(Self.appJSON)
            let link = try await server.createLink(key: tenant.secretKey, body: Self.linkJSON)
            _ = try await Self.visit(
                server, userAgent: RealUserAgents.iPhoneSafari, headers: [HTTPField.Name("X-Forwarded-For")!: "203.0.113.9, 10.0.0.1"])
            #expect(try await server.clicks(linkId: link.id, appId: tenant.app.id).first?.ipAddress == "203.0.113.9")
        }
    }

    @Test func theBeaconAddsScreenTimezoneAndLanguageToTheClick() async throws {
        try await Self.withLink { server, tenant, link in
            _ = try await Self.visit(server, userAgent: RealUserAgents.iPhoneSafari)
            let token = try #require(try await server.clicks(linkId: link.id, appId: tenant.app.id).first?.clickToken)
            let beacon = try await server.send(
                .post, "/api/v1/beacon", host: "go.mealtime.test",
                body: .raw(
                    #"{"t":"\#(token)","sw":1179,"sh":2556,"tz":"Europe/Paris","lang":"fr-FR","touch":5}"#,
                    contentType: "text/plain;charset=UTF-8")
            )
            #expect(beacon.status == .noContent)
            let click = try #require(try await server.clicks(linkId: link.id, appId: tenant.app.id).first)
            #expect(click.signals.screenWidth == 1179)
            #expect(click.signals.screenHeight == 2556)
            #expect(click.signals.timezone == "Europe/Paris")
            #expect(click.signals.language == "fr-FR")
        }
    }

    @Test func aBeaconWithABadTokenOrValuesIsRefused() async throws {
        try await Self.withLink { server, _, _ in
            let unknown = try await server.send(
                .post, "/api/v1/beacon", body: .raw(#"{"t":"AAAAAAAAAAAAAAAAAAAAAA","sw":1}"#, contentType: "text/plain"))
            expectAPIError(unknown, .notFound, code: "click_not_found")
            let malformed = try await server.send(.post, "/api/v1/beacon", body: .raw(#"{"t":"x"#, contentType: "text/plain"))
            expectAPIError(malformed, .badRequest, code: "invalid_json")
            let badScreen = try await server.send(
                .post, "/api/v1/beacon", body: .raw(#"{"t":"AAAAAAAAAAAAAAAAAAAAAA","sw":-3}"#, contentType: "text/plain"))
            expectAPIError(badScreen, .badRequest, code: "invalid_field")
            let badZone = try await server.send(
                .post, "/api/v1/beacon", body: .raw(#"{"t":"AAAAAAAAAAAAAAAAAAAAAA","tz":"<script>"}"#, contentType: "text/plain"))
            expectAPIError(badZone, .badRequest, code: "invalid_field")
        }
    }

    @Test func headAnswersLikeGetWithoutBodyAndRecordsNoClick() async throws {
        try await Self.withLink { server, tenant, link in
            let response = try await Self.visit(server, userAgent: RealUserAgents.iPhoneSafari, method: .head)
            #expect(response.status == .ok)
            #expect(response.body.readableBytes == 0)
            #expect(try await server.clicks(linkId: link.id, appId: tenant.app.id).isEmpty)
        }
    }

    @Test func anUnknownCodeGetsAnHTML404() async throws {
        try await Self.withLink { server, _, _ in
            let response = try await Self.visit(server, "/nope", userAgent: RealUserAgents.desktopChrome)
            #expect(response.status == .notFound)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(response.text.contains("Link not found"))
        }
    }

    @Test func anInactiveLinkGetsA404AndAnExpiredOneA410() async throws {
        try await Self.withLink { server, tenant, link in
            let off = try await server.send(.patch, "/api/links/\(link.id)", token: tenant.secretKey, body: .json(#"{"isActive": false}"#))
            #expect(off.status == .ok)
            #expect(try await Self.visit(server, userAgent: RealUserAgents.desktopChrome).status == .notFound)
            _ = try await server.send(
                .patch, "/api/links/\(link.id)", token: tenant.secretKey,
                body: .json(#"{"isActive": true, "expiresAt": "2026-01-02T00:00:00Z"}"#))
            #expect(try await Self.visit(server, userAgent: RealUserAgents.desktopChrome).status == .found)
            server.clock.advance(by: 2 * 86_400)
            let expired = try await Self.visit(server, userAgent: RealUserAgents.desktopChrome)
            #expect(expired.status == .gone)
            #expect(expired.text.contains("Link expired"))
        }
    }

    @Test func templatedLinksAnswerOnTheirSlugPathOnly() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant(Self.appJSON)
            let template = try await server.createTemplate(
                key: tenant.secretKey, body: #"{"name": "Recipes", "slug": "rc", "originalUrl": "https://mealtime.test/r"}"#)
            let link = try await server.createLink(key: tenant.secretKey, body: #"{"templateId": "\#(template.id)", "customCode": "soup"}"#)
            #expect(link.url == "https://go.mealtime.test/rc/soup")
            #expect(
                try await Self.visit(server, "/rc/soup", userAgent: RealUserAgents.desktopChrome).headers[.location]
                    == "https://mealtime.test/r")
            #expect(try await Self.visit(server, "/x/soup", userAgent: RealUserAgents.desktopChrome).status == .notFound)
        }
    }

    @Test func theHostPicksTheAppWhenTwoAppsShareACode() async throws {
        try await TestServer.run { server in
            let first = try await server.createTenant(#"{"name": "One", "domains": ["one.test"]}"#)
            let second = try await server.createTenant(#"{"name": "Two", "domains": ["two.test"]}"#)
            _ = try await server.createLink(key: first.secretKey, body: #"{"originalUrl": "https://one.example/", "customCode": "same"}"#)
            _ = try await server.createLink(key: second.secretKey, body: #"{"originalUrl": "https://two.example/", "customCode": "same"}"#)
            #expect(
                try await Self.visit(server, "/same", userAgent: RealUserAgents.desktopChrome, host: "one.test").headers[.location]
                    == "https://one.example/")
            #expect(
                try await Self.visit(server, "/same", userAgent: RealUserAgents.desktopChrome, host: "two.test:443").headers[.location]
                    == "https://two.example/")
            // A host no app claims cannot tell the two apart.
            #expect(try await Self.visit(server, "/same", userAgent: RealUserAgents.desktopChrome, host: "localhost").status == .notFound)
        }
    }

    @Test func unmatchedTargetingGoesToTheWebFallback() async throws {
        let json = #"{"originalUrl": "https://mealtime.test/a", "customCode": "droid", "targetingRules": {"devices": ["android"]}}"#
        try await Self.withLink(json) { server, _, _ in
            let response = try await Self.visit(server, "/droid", userAgent: RealUserAgents.iPhoneSafari)
            #expect(response.status == .found)
            #expect(response.headers[.location] == "https://mealtime.test/fallback")
        }
    }

    @Test func theVisitorsQueryParametersReachTheDestination() async throws {
        try await Self.withLink { server, _, _ in
            let response = try await Self.visit(server, "/pasta?utm_source=twitter&ref=abc", userAgent: RealUserAgents.desktopChrome)
            #expect(response.headers[.location] == "https://mealtime.test/recipes/42?utm_source=twitter&ref=abc")
        }
    }
}
