import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import LandfallServer
import LandfallStore
import Logging
import Testing
@testable import LandfallLab

/// Signing in with an email and a password: what a wrong answer tells, the rate limits, and the
/// server-side sessions an account lists and revokes.
@Suite("Dashboard account sign-in")
struct DashboardAccountSignInTests {
    typealias Browser = DashboardRouteTests.Browser

    /// The page's text without the parts that differ on every answer (nonces and form tokens).
    static func stable(_ page: String) -> String {
        page.replacing(/nonce="[^"]*"/, with: "").replacing(/value="[^"]*"/, with: "")
    }

    @Test("an account signs in with its email, in any case, and gets a server-side session")
    func signIn() async throws {
        try await AccountsWorld.run { world in
            var browser = Browser(world.server)
            let response = try await browser.signIn(email: "  Editor@ACME.test ", password: world.editor.password)
            #expect(response.status == .seeOther)
            let cookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("lf_dashboard=") })
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && !cookie.contains(world.editor.password))
            #expect(try await world.server.storage.dashboardSessions(userId: world.editor.id, now: world.server.clock.now).count == 1)
            #expect(try await browser.get("/dashboard/apps").text.contains("Signed in as editor@acme.test"))
        }
    }

    @Test("a wrong password and an unknown email get the same answer")
    func wrongPasswordAndUnknownEmailAlike() async throws {
        try await AccountsWorld.run { world in
            var browser = Browser(world.server)
            let wrong = try await browser.signIn(email: world.owner.email, password: "not the password")
            var stranger = Browser(world.server)
            let unknown = try await stranger.signIn(email: "nobody@acme.test", password: "not the password")
            #expect(wrong.status == .unauthorized && unknown.status == .unauthorized)
            #expect(Self.stable(wrong.text) == Self.stable(unknown.text))
            #expect(wrong.text.contains("The email or the password is wrong."))
            #expect(browser.cookies["lf_dashboard"] == nil && stranger.cookies["lf_dashboard"] == nil)
        }
    }

    @Test("the sign-in check refuses an unknown email and a wrong password alike, and accepts the right one")
    func signInCheckOutcomes() async throws {
        try await AccountsWorld.run { (world: AccountsWorld) async throws in
            let signIn = DashboardSignIn(
                storage: world.server.storage, hasher: PasswordHasher(parameters: AccountsWorld.fastHashing),
                limits: DashboardSignInLimits(),
                uptime: { world.server.clock.uptime })
            #expect(try await signIn.check(email: "nobody@acme.test", password: "whatever", address: "192.0.2.1") == .refused)
            #expect(try await signIn.check(email: world.viewer.email, password: "whatever", address: "192.0.2.1") == .refused)
            #expect(
                try await signIn.check(email: world.viewer.email, password: world.viewer.password, address: "192.0.2.1")
                    == .signedIn(userId: world.viewer.id, email: world.viewer.email))
        }
    }

    @Test("sign-in is limited per account, known or not, with Retry-After, and the bucket refills with time")
    func limitedPerAccount() async throws {
        let clock = TestClock()
        try await AccountsWorld.run(clock: clock) { world in
            var browser = Browser(world.server)
            for _ in 0..<5 {
                #expect(try await browser.signIn(email: world.owner.email, password: "guess").status == .unauthorized)
            }
            let limited = try await browser.signIn(email: world.owner.email, password: world.owner.password)
            #expect(limited.status == .tooManyRequests)
            #expect(Int(limited.headers[.retryAfter] ?? "") ?? 0 > 0)
            #expect(browser.cookies["lf_dashboard"] == nil)
            // Another account from the same address is not affected by this one's bucket.
            #expect(try await browser.signIn(email: world.editor.email, password: world.editor.password).status == .seeOther)
            clock.advance(by: 15 * 60)
            #expect(try await browser.signIn(email: world.owner.email, password: world.owner.password).status == .seeOther)
        }
    }

    @Test("sign-in is limited per address across emails and for tokens too")
    func limitedPerAddress() async throws {
        try await AccountsWorld.run(configure: {
            $0.dashboardSignIn.perAddress = .init(burst: 3, per: .seconds(60))
        }) { (world: AccountsWorld) async throws in
            var browser = Browser(world.server)
            for index in 0..<3 {
                #expect(try await browser.signIn(email: "guess\(index)@acme.test", password: "guess").status == .unauthorized)
            }
            #expect(try await browser.signIn(email: world.owner.email, password: world.owner.password).status == .tooManyRequests)
            #expect(try await browser.signIn(TestServer.adminToken).status == .tooManyRequests)
        }
    }

    @Test("the account page lists the sessions; signing out everywhere ends them all")
    func signOutEverywhere() async throws {
        try await AccountsWorld.run { world in
            var laptop = try await world.browser(.owner)
            var phone = try await world.browser(.owner)
            let page = try await laptop.get("/dashboard/account")
            #expect(page.text.components(separatedBy: "/revoke\"").count - 1 == 2)
            #expect(page.text.contains("(this browser)"))
            let out = try await laptop.post("/dashboard/account/sign-out-everywhere", [:])
            #expect(out.headers[.location] == "/dashboard/login")
            #expect(try await phone.get("/dashboard/apps").headers[.location] == "/dashboard/login")
            #expect(try await laptop.get("/dashboard/apps").headers[.location] == "/dashboard/login")
            #expect(try await world.server.storage.dashboardSessions(userId: world.owner.id, now: world.server.clock.now).isEmpty)
        }
    }

    @Test("one session revoked from the account page ends that browser only; signing out deletes the stored session")
    func revokeOneSession() async throws {
        try await AccountsWorld.run { world in
            var laptop = try await world.browser(.viewer)
            var phone = try await world.browser(.viewer)
            let sessions = try await world.server.storage.dashboardSessions(userId: world.viewer.id, now: world.server.clock.now)
            _ = try await laptop.get("/dashboard/account")
            // The laptop's own session is the one its page marks; revoke the other one.
            let page = try await laptop.get("/dashboard/account")
            let own = try #require(page.text.firstMatch(of: /\(this browser\).*?sessions\/([^\/]+)\/revoke/.dotMatchesNewlines())?.1)
            let other = try #require(sessions.first { $0.id != String(own) })
            #expect(try await laptop.post("/dashboard/account/sessions/\(other.id)/revoke", [:]).headers[.location] == "/dashboard/account")
            #expect(try await phone.get("/dashboard/apps").headers[.location] == "/dashboard/login")
            #expect(try await laptop.get("/dashboard/apps").status == .ok)
            _ = try await laptop.post("/dashboard/logout", [:])
            #expect(try await world.server.storage.dashboardSessions(userId: world.viewer.id, now: world.server.clock.now).isEmpty)
        }
    }

    @Test("an account's session expires with the cookie's lifetime")
    func sessionExpires() async throws {
        let clock = TestClock()
        try await AccountsWorld.run(clock: clock) { world in
            var browser = try await world.browser(.viewer)
            #expect(try await browser.get("/dashboard/apps").status == .ok)
            clock.advance(by: DashboardSessions.lifetime + 1)
            #expect(try await browser.get("/dashboard/apps").headers[.location] == "/dashboard/login")
        }
    }
}

/// Accounts' passwords and emails stay out of the info log, whatever happens at sign-in.
@Suite("Dashboard accounts in the logs")
struct DashboardAccountLogTests {
    @Test("creating accounts, signing in right and wrong, adding a member: no password or email in the info log")
    func noPasswordsOrEmailsLogged() async throws {
        let logs = CapturedLogs()
        let logger = Logger(label: "landfall.audit") { label in CapturingLogHandler(label: label, logs: logs, level: .info) }
        try await TestServer.run(configure: { $0.passwordHashing = AccountsWorld.fastHashing }, logger: logger) { server in
            let tenant = try await server.createTenant()
            let owner = try await AccountsWorld.createUser(server, email: "owner@acme.test", appId: tenant.app.id, role: .owner)
            var browser = DashboardRouteTests.Browser(server)
            _ = try await browser.signIn(email: owner.email, password: "wrong password here")
            _ = try await browser.signIn(email: owner.email, password: owner.password)
            _ = try await browser.get("/dashboard/apps/\(tenant.app.id)/members")
            let added = try await browser.post("/dashboard/apps/\(tenant.app.id)/members", ["email": "new@acme.test", "role": "viewer"])
            let shown = try #require(added.text.firstMatch(of: /<p><code>([A-Za-z0-9]+)<\/code><\/p>/)?.1)
            #expect(logs.all.contains { $0.text.contains("dashboard sign-in refused") })
            #expect(logs.all.contains { $0.text.contains("dashboard member added") })
            let findings = logs.findings(of: [
                ("password", owner.password), ("wrong password", "wrong password here"), ("new password", String(shown)),
                ("email", owner.email), ("new email", "new@acme.test"),
            ])
            #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
        }
    }
}
