import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import LandfallServer
import LandfallStore
import Testing

/// The referrals page's forms as each role: review (approve, reject with a reason, reverse) is an
/// editor's, the program an owner's; results checked through the API, refusals checked to change nothing.
@Suite("Dashboard referral forms")
struct DashboardReferralFormsTests {
    /// A referral world with a flagged referral (a second referee paying with the first one's card)
    /// and a browser signed in as a member with `role`.
    static func run(
        _ role: DashboardRole,
        _ body:
            @Sendable @escaping (ReferralWorld, DashboardRouteTests.Browser, _ flaggedId: Int64, _ pendingId: Int64) async throws -> Void
    ) async throws {
        try await ReferralWorld.run(configure: { $0.passwordHashing = AccountsWorld.fastHashing }) { world in
            let code = try world.code(try await world.invite("5"))
            let card = "c0ffee00c0ffee00c0ffee00c0ffee00"
            let pending = try await world.registered(#"{"userId": "6", "referralCode": "\#(code)", "paymentHash": "\#(card)"}"#)
            let flagged = try await world.registered(#"{"userId": "7", "referralCode": "\#(code)", "paymentHash": "\#(card)"}"#)
            #expect(flagged["status"] as? String == "flagged")
            let person = try await AccountsWorld.createUser(
                world.server, email: "\(role.rawValue)@acme.test", appId: world.tenant.app.id, role: role)
            var browser = DashboardRouteTests.Browser(world.server)
            #expect(try await browser.signIn(email: person.email, password: person.password).status == .seeOther)
            _ = try await browser.get("/dashboard/apps/\(world.tenant.app.id)/referrals")
            let flaggedId = try #require((flagged["id"] as? NSNumber)?.int64Value)
            let pendingId = try #require((pending["id"] as? NSNumber)?.int64Value)
            try await body(world, browser, flaggedId, pendingId)
        }
    }

    static func status(_ world: ReferralWorld, _ id: Int64) async throws -> [String: Any] {
        try await world.send(.get, "/api/referrals/\(id)").jsonObject()
    }

    @Test(
        "approving a flagged referral: editors and owners may; a viewer's post is 403 and it stays flagged",
        arguments: DashboardRole.allCases)
    func approve(_ role: DashboardRole) async throws {
        try await Self.run(role) { world, browser, flaggedId, _ in
            var browser = browser
            #expect(browser.lastPage.contains("/referrals/\(flaggedId)/approve") == (role != .viewer))
            let response = try await browser.post("/dashboard/apps/\(world.tenant.app.id)/referrals/\(flaggedId)/approve", [:])
            let after = try await Self.status(world, flaggedId)["status"] as? String
            if role == .viewer {
                #expect(response.status == .forbidden)
                #expect(after == "flagged")
            } else {
                #expect(response.status == .seeOther)
                #expect(after == "complete" || after == "pending")
            }
        }
    }

    @Test("rejecting a flagged referral with a reason: editors and owners may; a viewer's post is 403", arguments: DashboardRole.allCases)
    func reject(_ role: DashboardRole) async throws {
        try await Self.run(role) { world, browser, flaggedId, _ in
            var browser = browser
            let response = try await browser.post(
                "/dashboard/apps/\(world.tenant.app.id)/referrals/\(flaggedId)/reverse", ["reason": "shared card"])
            let after = try await Self.status(world, flaggedId)
            if role == .viewer {
                #expect(response.status == .forbidden)
                #expect(after["status"] as? String == "flagged")
            } else {
                #expect(response.status == .seeOther)
                #expect(after["status"] as? String == "reversed")
                // The reviewer's reason joins the checks' own.
                #expect((after["reasons"] as? [String]) == ["shared_payment", "shared card"])
            }
        }
    }

    @Test("a refused reason shows the API's message beside its input, and the referral stays as it was")
    func refusedReason() async throws {
        try await Self.run(.editor) { world, browser, _, pendingId in
            var browser = browser
            let long = String(repeating: "r", count: 65)
            let api = try await world.send(.post, "/api/referrals/\(pendingId)/reverse", body: #"{"reason": "\#(long)"}"#)
            #expect(api.status == .badRequest)
            let message = try #require(try api.jsonObject()["error"] as? [String: Any])["message"] as? String
            let response = try await browser.post("/dashboard/apps/\(world.tenant.app.id)/referrals/\(pendingId)/reverse", ["reason": long])
            #expect(response.status == .badRequest)
            #expect(
                response.text.contains(
                    #"<p class="field-error" id="referrals-\#(pendingId)-reason-error" role="alert">\#(HTML.escape(message ?? "?"))</p>"#))
            let after = try await Self.status(world, pendingId)
            #expect(after["status"] as? String == "pending")
        }
    }

    @Test("saving the program: an owner's post is what the API shows; an editor's or viewer's is 403", arguments: DashboardRole.allCases)
    func saveProgram(_ role: DashboardRole) async throws {
        try await Self.run(role) { world, browser, _, _ in
            var browser = browser
            #expect(browser.lastPage.contains("Save the program") == (role == .owner))
            let response = try await browser.post(
                "/dashboard/apps/\(world.tenant.app.id)/referrals/program",
                ["keyEvent": "subscribe", "holdHours": "48", "minRevenue": "4.99", "revenueCurrency": "usd", "maxPerDay": "3"])
            let program = try await world.send(.get, "/api/referrals/program").jsonObject()
            if role == .owner {
                #expect(response.status == .seeOther)
                #expect(program["keyEvent"] as? String == "subscribe" && program["holdHours"] as? Int == 48)
                #expect(program["minRevenue"] as? String == "4.99" && program["revenueCurrency"] as? String == "USD")
                #expect(program["maxPerDay"] as? Int == 3)
            } else {
                #expect(response.status == .forbidden)
                #expect(program["keyEvent"] as? String == "purchase")
            }
        }
    }

    @Test("a refused program shows the API's message beside its field and saves nothing")
    func refusedProgram() async throws {
        try await Self.run(.owner) { world, browser, _, _ in
            var browser = browser
            let api = try await world.send(.put, "/api/referrals/program", body: #"{"keyEvent": "x", "holdHours": 99999}"#)
            let message = try #require(try api.jsonObject()["error"] as? [String: Any])["message"] as? String
            let response = try await browser.post(
                "/dashboard/apps/\(world.tenant.app.id)/referrals/program", ["keyEvent": "x", "holdHours": "99999"])
            #expect(response.status == .badRequest)
            #expect(response.text.contains(#"id="field-holdHours-error" role="alert">\#(HTML.escape(message ?? "?"))<"#))
            #expect(response.text.contains(#"value="99999""#))
            let program = try await world.send(.get, "/api/referrals/program").jsonObject()
            #expect(program["keyEvent"] as? String == "purchase")
        }
    }

    @Test("a review without the session's CSRF token changes nothing (403)")
    func csrfRequired() async throws {
        try await Self.run(.owner) { world, browser, flaggedId, _ in
            var browser = browser
            let base = "/dashboard/apps/\(world.tenant.app.id)/referrals"
            let approve = try await browser.post("\(base)/\(flaggedId)/approve", ["_csrf": "forged"])
            let reverse = try await browser.post("\(base)/\(flaggedId)/reverse", ["_csrf": "", "reason": "x"])
            let program = try await browser.post("\(base)/program", ["_csrf": "forged", "keyEvent": "x"])
            #expect([approve.status, reverse.status, program.status] == [.forbidden, .forbidden, .forbidden])
            let referral = try await Self.status(world, flaggedId)
            #expect(referral["status"] as? String == "flagged")
            let stored = try await world.send(.get, "/api/referrals/program").jsonObject()
            #expect(stored["keyEvent"] as? String == "purchase")
        }
    }
}
