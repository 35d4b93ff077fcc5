import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import LandfallServer
import LandfallStore
import Testing

/// The dashboard's read-only referral and webhook pages: what they show, escaping, secrets kept out,
/// app scoping and the sign-in redirect.
@Suite("Dashboard referral and webhook pages")
struct DashboardReferralWebhookPagesTests {
    typealias Browser = DashboardRouteTests.Browser

    static func run(_ body: @Sendable @escaping (ReferralWorld) async throws -> Void) async throws {
        try await ReferralWorld.run(
            configure: {
                $0.webhooks = WebhookConfiguration(
                    allowLoopback: true, timeout: WebhookReceiver.attemptTimeout, deliversInBackground: false)
            }, body)
    }

    @Test("without a session both pages send the browser to the sign-in page")
    func signInRequired() async throws {
        try await Self.run { world in
            var browser = Browser(world.server)
            for page in ["referrals", "webhooks"] {
                let response = try await browser.get("/dashboard/apps/\(world.tenant.app.id)/\(page)")
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/dashboard/login")
            }
        }
    }

    @Test("the referrals page shows the flagged report and recent referrals, escaped, and is linked from the app")
    func referralsPage() async throws {
        try await Self.run { world in
            let code = try world.code(try await world.invite("5"))
            let card = "c0ffee00c0ffee00c0ffee00c0ffee00"
            _ = try await world.registered(#"{"userId": "6", "name": "<b>Eve</b>", "referralCode": "\#(code)", "paymentHash": "\#(card)"}"#)
            let flagged = try await world.registered(#"{"userId": "7", "referralCode": "\#(code)", "paymentHash": "\#(card)"}"#)
            #expect(flagged["status"] as? String == "flagged")

            var browser = Browser(world.server)
            _ = try await browser.signIn(world.tenant.secretKey)
            let appId = world.tenant.app.id
            #expect(try await browser.get("/dashboard/apps/\(appId)/links").text.contains("href=\"/dashboard/apps/\(appId)/referrals\""))
            let page = try await browser.get("/dashboard/apps/\(appId)/referrals")
            #expect(page.status == .ok)
            let csp = try #require(page.headers[.contentSecurityPolicy])
            let nonce = try #require(csp.firstMatch(of: /'nonce-([A-Za-z0-9]+)'/)?.1)
            #expect(page.text.contains("<style nonce=\"\(nonce)\">"))
            #expect(page.text.contains("<code>purchase</code>"))
            let flaggedTable = try #require(page.text.firstMatch(of: /<table id="flagged">(.*?)<\/table>/.dotMatchesNewlines())?.1)
            #expect(
                flaggedTable.contains("<td class=\"status\">flagged</td>")
                    && flaggedTable.contains("<td class=\"reasons\">shared_payment</td>"))
            #expect(flaggedTable.contains("<td>7</td>") && !flaggedTable.contains("Eve"))
            let recent = try #require(page.text.firstMatch(of: /<table id="referrals">(.*?)<\/table>/.dotMatchesNewlines())?.1)
            #expect(recent.contains("<td class=\"status\">pending</td>") && recent.contains("<td class=\"status\">flagged</td>"))
            #expect(recent.contains("6 (&lt;b&gt;Eve&lt;/b&gt;)") && !page.text.contains("<b>Eve</b>"))
        }
    }

    @Test("the webhooks page shows endpoints, their types, state and deliveries, never the secret")
    func webhooksPage() async throws {
        try await Self.run { world in
            let created = try await world.send(
                .post, "/api/webhooks",
                body: #"{"url": "http://127.0.0.1:9/hook?a=1&b=2", "eventTypes": ["referral.*"], "description": "<i>CRM</i>"}"#
            )
            #expect(created.status == .created, "\(created.text)")
            let endpoint = try created.jsonObject()
            let secret = try #require(endpoint["secret"] as? String)
            let off = try await world.send(
                .post, "/api/webhooks", body: #"{"url": "http://127.0.0.1:9/off", "eventTypes": ["*"], "enabled": false}"#)
            #expect(off.status == .created, "\(off.text)")
            _ = try await world.registered(#"{"userId": "6", "referralCode": "\#(try world.code(try await world.invite("5")))"}"#)

            var browser = Browser(world.server)
            _ = try await browser.signIn(world.tenant.secretKey)
            let appId = world.tenant.app.id
            #expect(try await browser.get("/dashboard/apps/\(appId)/links").text.contains("href=\"/dashboard/apps/\(appId)/webhooks\""))
            let page = try await browser.get("/dashboard/apps/\(appId)/webhooks")
            #expect(page.status == .ok)
            #expect(page.text.contains("<code>http://127.0.0.1:9/hook?a=1&amp;b=2</code>"))
            #expect(page.text.contains("&lt;i&gt;CRM&lt;/i&gt;") && !page.text.contains("<i>CRM</i>"))
            #expect(page.text.contains("<code class=\"types\">referral.*</code>"))
            #expect(
                page.text.contains("<span class=\"state\">enabled</span>") && page.text.contains("<span class=\"state\">disabled</span>"))
            #expect(page.text.contains("<td>referral.pending</td><td class=\"status\">pending</td><td>0</td>"))
            #expect(!page.text.contains(secret) && !page.text.contains("whsec_"))
        }
    }

    @Test("an app key's session sees only its own app's referrals and webhooks; another app's pages are 404")
    func appScoping() async throws {
        try await Self.run { world in
            let server = world.server
            let other = try await server.createTenant(#"{"name": "Other"}"#)
            func asOther(_ method: HTTPRequest.Method, _ path: String, _ json: String) async throws -> TestResponse {
                try await server.send(method, path, token: other.secretKey, body: .json(json))
            }
            #expect(try await asOther(.put, "/api/referrals/program", ReferralWorld.program).status == .ok)
            let otherInvite = try await asOther(.post, "/api/referrals/invites", #"{"userId": "other-referrer"}"#).jsonObject()
            let otherCode = try #require(otherInvite["referralCode"] as? String)
            #expect(
                try await asOther(.post, "/api/referrals", #"{"userId": "other-referee", "referralCode": "\#(otherCode)"}"#).status
                    == .created)
            #expect(
                try await asOther(.post, "/api/webhooks", #"{"url": "http://127.0.0.1:9/other-hook", "eventTypes": ["*"]}"#).status
                    == .created)
            _ = try await world.registered(#"{"userId": "6", "referralCode": "\#(try world.code(try await world.invite("5")))"}"#)
            #expect(
                try await world.send(.post, "/api/webhooks", body: #"{"url": "http://127.0.0.1:9/mine", "eventTypes": ["*"]}"#).status
                    == .created)

            var browser = Browser(server)
            _ = try await browser.signIn(world.tenant.secretKey)
            let referrals = try await browser.get("/dashboard/apps/\(world.tenant.app.id)/referrals")
            #expect(referrals.text.contains("<td>5</td>") && !referrals.text.contains("other-re"))
            let webhooks = try await browser.get("/dashboard/apps/\(world.tenant.app.id)/webhooks")
            #expect(webhooks.text.contains("/mine") && !webhooks.text.contains("other-hook"))
            #expect(try await browser.get("/dashboard/apps/\(other.app.id)/referrals").status == .notFound)
            #expect(try await browser.get("/dashboard/apps/\(other.app.id)/webhooks").status == .notFound)

            var admin = Browser(server)
            _ = try await admin.signIn(TestServer.adminToken)
            let otherPage = try await admin.get("/dashboard/apps/\(other.app.id)/referrals")
            #expect(otherPage.text.contains("other-referee") && !otherPage.text.contains("<td>5</td>"))
        }
    }
}
