import LandfallStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LandfallBench
@testable import LandfallServer
import Logging
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The dashboard in a real browser: headless Chromium (Debian package `chromium`) driven over the
/// DevTools protocol on a pipe, against a live server on port 0. It signs in, creates an app and a
/// link through the forms, sees the QR code, and sees a phone's click on the link's chart.
/// Screenshots go to a directory printed in the test output (or `LANDFALL_SCREENSHOTS`).
@Suite("Dashboard in headless Chromium")
struct DashboardChromiumTests {
    @Test("sign in, create an app and a link, see its QR code and a phone's click on the chart")
    func walkthrough() async throws {
        let chromium = try Executables.require("chromium", package: "chromium")
        let shots = URL(
            fileURLWithPath: ProcessInfo.processInfo.environment["LANDFALL_SCREENSHOTS"]
                ?? FileManager.default.temporaryDirectory.appendingPathComponent("landfall-dashboard-screenshots-\(UUID().uuidString)").path
        )
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        print("dashboard screenshots: \(shots.path)")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }

        var configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, database: .sqlite(path: work.appendingPathComponent("landfall.sqlite").path),
            adminToken: TestServer.adminToken, publicURL: nil
        )
        configuration.trustProxy = false
        // The test client's one keep-alive connection sits idle while the browser works; beside the
        // rest of the suite on two cores that took over the 30 s default once and the server closed it.
        configuration.idleTimeout = .seconds(600)
        var logger = Logger(label: "landfall.tests.chromium")
        logger.logLevel = .warning
        let landfall = try await buildApplication(configuration: configuration, logger: logger)
        try await landfall.application.test(.live) { client in
            let port = try #require(client.port)
            let base = "http://127.0.0.1:\(port)"
            let browser = try DevToolsPipe.launch(chromium, profile: work.appendingPathComponent("profile"))
            defer { browser.close() }
            let page = try await browser.attachToPage()

            try await page.navigate("\(base)/dashboard")
            #expect(try await page.evaluate("location.pathname") == "/dashboard/login")
            try await page.screenshot(to: shots.appendingPathComponent("01-sign-in.png"))

            try await page.submit(form: "login-form", fields: ["token": "lf_admin_wrong"])
            #expect(
                try await page.evaluate("document.querySelector('.error') ? document.querySelector('.error').textContent : ''").contains(
                    "neither"))
            try await page.submit(form: "login-form", fields: ["token": TestServer.adminToken])
            #expect(try await page.evaluate("location.pathname") == "/dashboard/apps")
            #expect(try await page.evaluate("document.cookie") == "", "the session cookie is HttpOnly")
            try await page.screenshot(to: shots.appendingPathComponent("02-apps.png"))

            try await page.submit(form: "create-app", fields: ["app-name": "Mealtime"])
            #expect(try await page.evaluate("document.querySelector('h1').textContent") == "Mealtime: links")
            try await page.submit(
                form: "create-link", fields: ["originalUrl": "https://mealtime.test/r/42", "title": "Pasta night", "customCode": "pasta"])
            #expect(try await page.evaluate("document.querySelector('.notice').textContent") == "Link created.")
            #expect(try await page.evaluate("document.getElementById('short-url').textContent") == "\(base)/pasta")
            #expect(try await page.evaluate("String(document.querySelectorAll('#qr svg path').length)") == "1")
            try await page.screenshot(to: shots.appendingPathComponent("03-link.png"))

            // A phone follows the link (as `curl -A <iPhone UA>` would).
            let click = try await client.execute(uri: "/pasta", method: .get, headers: [.userAgent: RealUserAgents.iPhoneSafari])
            #expect(click.status == .ok || click.status == .found)
            try await landfall.clicks.flush()
            try await page.navigate(try await page.evaluate("location.href"))
            #expect(try await page.evaluate("document.getElementById('totals').textContent").hasPrefix("1 clicks"))
            #expect(try await page.evaluate("String(document.querySelectorAll('#clicks-chart rect[data-value=\"1\"]').length)") == "1")
            try await page.screenshot(to: shots.appendingPathComponent("04-link-with-click.png"))

            try await page.submit(form: "edit-link", fields: ["title": "Pasta night (edited)"])
            #expect(try await page.evaluate("document.querySelector('.notice').textContent") == "Changes saved.")
            #expect(try await page.evaluate("document.querySelector('h1').textContent") == "Pasta night (edited)")
            try await page.screenshot(to: shots.appendingPathComponent("05-edited.png"))

            #expect(browser.contentSecurityPolicyViolations().isEmpty, "\(browser.contentSecurityPolicyViolations())")
            for name in ["01-sign-in.png", "02-apps.png", "03-link.png", "04-link-with-click.png", "05-edited.png"] {
                let data = try Data(contentsOf: shots.appendingPathComponent(name))
                #expect(data.count > 1_000 && data.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
            }
        }
    }
}
