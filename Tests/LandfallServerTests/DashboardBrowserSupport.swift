import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallBench
import LandfallStore
@testable import LandfallServer
import Testing

/// A live server whose app has a link, a referral program with a flagged referral, and an owner, an
/// editor and a viewer; one headless Chromium (DevTools protocol on a pipe) serves all of them.
/// Screenshots go to a directory printed in the test output (or `LANDFALL_SCREENSHOTS`).
struct DashboardBrowserWorld {
    let world: ReferralWorld
    let base: String
    let page: DevToolsPage
    let shots: URL
    let people: [DashboardRole: AccountsWorld.Person]
    let linkId: String
    let templateId: String
    let flaggedId: Int64

    var appId: String { world.tenant.app.id }

    /// Every page of the dashboard a signed-in member reaches, by the name its screenshot takes.
    var pages: [(name: String, path: String)] {
        let app = "/dashboard/apps/\(appId)"
        return [
            ("apps", "/dashboard/apps"), ("links", "\(app)/links"), ("link", "\(app)/links/\(linkId)"),
            ("attribution", "\(app)/attribution"), ("installs", "\(app)/installs"), ("referrals", "\(app)/referrals"),
            ("webhooks", "\(app)/webhooks"), ("skan", "\(app)/skan"), ("settings", "\(app)/settings"), ("keys", "\(app)/keys"),
            ("members", "\(app)/members"), ("account", "/dashboard/account"), ("analytics", "\(app)/analytics"),
            ("templates", "\(app)/templates"), ("template", "\(app)/templates/\(templateId)"), ("import", "\(app)/import"),
        ]
    }

    static func run(_ body: @Sendable @escaping (DashboardBrowserWorld) async throws -> Void) async throws {
        let chromium = try Executables.require("chromium", package: "chromium")
        let shots = URL(
            fileURLWithPath: ProcessInfo.processInfo.environment["LANDFALL_SCREENSHOTS"]
                ?? FileManager.default.temporaryDirectory.appendingPathComponent("landfall-dashboard-screenshots-\(UUID().uuidString)").path
        )
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        print("dashboard screenshots: \(shots.path)")
        try await ReferralWorld.run(
            setup: .live,
            configure: {
                $0.passwordHashing = AccountsWorld.fastHashing
                // Plain http on loopback: no public URL, so the session cookie is not `Secure`.
                $0.publicURL = nil
                // The test client's keep-alive connection idles while the browser works.
                $0.idleTimeout = .seconds(600)
                // The endpoint the editor adds is on loopback, like every test's receiver.
                $0.webhooks = WebhookConfiguration(
                    allowLoopback: true, timeout: WebhookReceiver.attemptTimeout, deliversInBackground: false)
            }
        ) { world in
            let port = try #require(world.server.port)
            let code = try world.code(try await world.invite("5"))
            let card = "c0ffee00c0ffee00c0ffee00c0ffee00"
            _ = try await world.registered(#"{"userId": "6", "referralCode": "\#(code)", "paymentHash": "\#(card)"}"#)
            let flagged = try await world.registered(#"{"userId": "7", "referralCode": "\#(code)", "paymentHash": "\#(card)"}"#)
            let flaggedId = try #require((flagged["id"] as? NSNumber)?.int64Value)
            var people: [DashboardRole: AccountsWorld.Person] = [:]
            for role in DashboardRole.allCases {
                people[role] = try await AccountsWorld.createUser(
                    world.server, email: "\(role.rawValue)@mealtime.test", appId: world.tenant.app.id, role: role)
            }
            let link = try await world.server.createLink(
                key: world.tenant.secretKey, body: #"{"originalUrl": "https://mealtime.test/r/1", "title": "Spring menu"}"#)
            let template = try await world.server.createTemplate(
                key: world.tenant.secretKey, body: #"{"name": "Weekly menu", "originalUrl": "https://mealtime.test/menu"}"#)
            let profile = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-chromium-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: profile) }
            let browser = try DevToolsPipe.launch(chromium, profile: profile)
            defer { browser.close() }
            let page = try await browser.attachToPage()
            try await body(
                DashboardBrowserWorld(
                    world: world, base: "http://127.0.0.1:\(port)", page: page, shots: shots, people: people, linkId: link.id,
                    templateId: template.id, flaggedId: flaggedId))
            #expect(browser.contentSecurityPolicyViolations().isEmpty, "\(browser.contentSecurityPolicyViolations())")
        }
    }

    /// Signs the browser out, then in as the member with `role` through the email and password form.
    func signIn(_ role: DashboardRole) async throws {
        let person = try #require(people[role])
        try await page.pipe.clearCookies()
        try await page.navigate("\(base)/dashboard/login")
        try await page.submit(form: "account-login-form", fields: ["email": person.email, "password": person.password])
        #expect(try await page.evaluate("location.pathname") == "/dashboard/apps", "\(role) signs in")
    }

    func screenshot(_ name: String) async throws {
        try await page.screenshot(to: shots.appendingPathComponent("\(name).png"))
    }
}
