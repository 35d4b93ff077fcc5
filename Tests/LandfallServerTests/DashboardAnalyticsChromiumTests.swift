import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallStore
import Testing

/// The analytics, templates and import pages in headless Chromium, one task each through the form,
/// each result read back through the API, at a phone's width so the forms are checked usable there.
@Suite("Dashboard analytics, templates and import in headless Chromium")
struct DashboardAnalyticsChromiumTests {
    @Test("an editor reads analytics and its CSV, creates a template and imports links through the forms; the API agrees")
    func tasks() async throws {
        try await DashboardBrowserWorld.run { world in
            let page = world.page
            let app = "/dashboard/apps/\(world.appId)"
            try await page.setViewport(width: 390, height: 844)
            try await world.signIn(.editor)

            try await page.navigate("\(world.base)\(app)/links")
            try await page.click("#app-nav a[href$='/analytics']")
            #expect(try await page.evaluate("document.querySelector('h1').textContent").hasSuffix(": analytics"))
            try await page.submit(form: "analytics-range", fields: ["from": "2026-02-01", "to": "2026-01-01"])
            #expect(try await page.status() == 400)
            let api = try await world.world.send(.get, "/api/analytics/series?from=2026-02-01&to=2026-01-01")
            let message = try #require((try api.jsonObject()["error"] as? [String: Any])?["message"] as? String)
            #expect(try await page.evaluate("document.getElementById('analytics-error').textContent") == message)
            try await page.submit(form: "analytics-range", fields: ["from": "2025-12-01", "to": "2026-01-02", "groupBy": "link"])
            #expect(try await page.status() == 200)
            let series = try await world.world.send(.get, "/api/analytics/series?from=2025-12-01&to=2026-01-02&groupBy=link").jsonObject()
            let clicks = try #require((series["totals"] as? [String: Any])?["clicks"] as? Int)
            #expect(try await page.evaluate("document.getElementById('analytics-totals').textContent").hasPrefix("\(clicks) clicks"))
            #expect(try await page.evaluate("String(document.querySelectorAll('#analytics-buckets tbody tr').length)") == "32")
            let download = try await page.evaluatePromise(
                """
                fetch(document.getElementById('analytics-csv').href).then(r => r.text().then(t =>
                  r.status + '|' + r.headers.get('content-type') + '|' + r.headers.get('content-disposition') + '|' + t.split('\\r\\n')[0]))
                """)
            #expect(
                download
                    == #"200|text/csv; charset=utf-8|attachment; filename="landfall-link-day-2025-12-01-2026-01-02.csv"|"#
                    + "bucket_start,group,label,clicks,bot_clicks,installs,"
                    + InstallMethod.allCases.map { "installs_\($0.rawValue)" }.joined(separator: ",") + ",events")

            try await page.navigate("\(world.base)\(app)/templates")
            try await page.submit(
                form: "create-template",
                fields: ["new-name": "Lunch deals", "new-originalUrl": "https://mealtime.test/lunch", "new-utmCampaign": "lunch"])
            #expect(try await page.evaluate("document.querySelector('.notice').textContent") == "Template created.")
            let templateId = try await page.evaluate("document.getElementById('template-id').textContent")
            let template = try await world.world.send(.get, "/api/templates/\(templateId)").jsonObject()
            #expect(template["slug"] as? String == "lunch-deals" && template["originalUrl"] as? String == "https://mealtime.test/lunch")
            #expect(template["utmParameters"] as? [String: String] == ["campaign": "lunch"])

            try await page.navigate("\(world.base)\(app)/import")
            try await page.submit(
                form: "import-links",
                fields: [
                    "import-format": "linkforty-csv",
                    "import-contents": "short_code,original_url\nbrunch,https://mealtime.test/brunch\nbad,notaurl\n",
                ])
            #expect(
                try await page.evaluate("document.getElementById('import-summary').textContent").hasPrefix(
                    "Imported 1, duplicates 0, refused 1"))
            #expect(try await page.evaluate("document.querySelector('#import-refused td').textContent") == "3")
            let links = try #require(try await world.world.send(.get, "/api/links").jsonObject()["data"] as? [[String: Any]])
            let codes = Set(links.compactMap { $0["shortCode"] as? String })
            #expect(codes.contains("brunch") && !codes.contains("bad"), "\(codes)")
            try await world.screenshot("editor-import-result-390")
        }
    }
}
