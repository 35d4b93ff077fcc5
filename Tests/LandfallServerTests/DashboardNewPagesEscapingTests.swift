import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import LandfallLab
@testable import LandfallServer
import LandfallStore
import Testing

/// Names and labels that API users choose, shown on the analytics, templates and import pages: each
/// stays text, with no executable context on the page beyond the page's own nonce'd script.
@Suite("Dashboard analytics, templates and import: hostile labels stay text")
struct DashboardNewPagesEscapingTests {
    static let hostile = #"<img src=x onerror=alert(1)>"#

    @Test("a campaign, a template name and a refused import that carry markup are escaped on every new page")
    func hostileLabels() async throws {
        try await AccountsWorld.run { world in
            let key = world.tenant.secretKey
            let campaign = try JSONSerialization.data(withJSONObject: [
                "originalUrl": "https://example.com/x", "utmParameters": ["campaign": Self.hostile],
            ])
            let link = try await world.server.createLink(key: key, body: String(decoding: campaign, as: UTF8.self))
            try await world.server.storage.insertClicks([
                ClickRecord(
                    id: "c1", appId: world.tenant.app.id, linkId: link.id, clickedAt: TestServer.startDate, clickToken: "t1",
                    platform: "ios",
                    deviceClass: "phone")
            ])
            let name = try JSONSerialization.data(withJSONObject: ["name": "Promo \(Self.hostile)", "slug": "promo"])
            let template = try await world.server.createTemplate(key: key, body: String(decoding: name, as: UTF8.self))
            var browser = try await world.browser(.editor)
            let app = "/dashboard/apps/\(world.tenant.app.id)"
            _ = try await browser.get("\(app)/import")
            // Refused, so the page shows the text as typed.
            let imported = try await browser.post("\(app)/import", ["format": "linkforty-json", "contents": Self.hostile])
            #expect(imported.status == .badRequest)
            let pages = [
                ("analytics", try await browser.get("\(app)/analytics?from=2026-01-01&to=2026-01-02&groupBy=campaign")),
                ("templates", try await browser.get("\(app)/templates")),
                ("template", try await browser.get("\(app)/templates/\(template.id)")),
                ("import", imported),
            ]
            for (page, response) in pages {
                #expect(response.status == (page == "import" ? .badRequest : .ok), "\(page)")
                #expect(!response.text.contains(Self.hostile), "\(page) shows the markup raw")
                #expect(response.text.contains(HTML.escape(Self.hostile)), "\(page) shows the label as text")
                let nonce = response.headers[.contentSecurityPolicy].flatMap(ContentSecurityPolicyNonce.scriptNonce(in:))
                #expect(ExecutableContextScanner.landfall.scan(response.text, nonce: nonce).isEmpty, "\(page)")
            }
        }
    }
}
