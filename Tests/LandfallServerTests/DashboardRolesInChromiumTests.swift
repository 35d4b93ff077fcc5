import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallStore
import Testing

/// Each role in a real browser: an editor and an owner do their daily tasks through the forms and
/// the API then shows each result; a viewer's post of an editor's form is refused with 403 and
/// changes nothing. Every page each role reaches is saved as a screenshot at 390 and 1280 px.
extension DashboardChromiumTests {
    @Test("owner, editor and viewer: the forms' results through the API, a viewer's post refused, screenshots of every page")
    func roles() async throws {
        try await DashboardBrowserWorld.run { world in
            let page = world.page
            let app = "/dashboard/apps/\(world.appId)"
            func link(_ id: String) async throws -> [String: Any] {
                try await world.world.send(.get, "/api/links/\(id)").jsonObject()
            }

            try await world.signIn(.editor)
            try await page.navigate("\(world.base)\(app)/links")
            try await page.submit(form: "create-link", fields: ["originalUrl": "https://mealtime.test/r/2", "title": "Summer menu"])
            #expect(try await page.evaluate("document.querySelector('.notice').textContent") == "Link created.")
            let created = try #require(try await page.evaluate("location.pathname").split(separator: "/").last.map(String.init))
            #expect(try await link(created)["title"] as? String == "Summer menu")

            try await page.navigate("\(world.base)\(app)/links")
            _ = try await page.evaluate(
                "document.getElementById('select-\(world.linkId)').checked = true; document.getElementById('select-\(created)').checked = true; 'ok'"
            )
            try await page.click("#pause-selected")
            #expect(try await page.evaluate("document.querySelector('.notice').textContent") == "2 links paused.")
            #expect(try await link(world.linkId)["isActive"] as? Bool == false)
            #expect(try await link(created)["isActive"] as? Bool == false)

            try await page.navigate("\(world.base)\(app)/webhooks")
            try await page.submit(form: "add-endpoint", fields: ["new-url": "http://127.0.0.1:9/crm", "new-eventTypes": "install.*"])
            let added = try await page.evaluate("(document.querySelector('.error') || {}).textContent || ''")
            #expect(try await page.status() == 200, "\(added)")
            let endpoints = try await world.world.send(.get, "/api/webhooks")
            #expect(endpoints.status == .ok && endpoints.text.contains("127.0.0.1:9/crm"), "\(endpoints.text)")

            try await page.navigate("\(world.base)\(app)/referrals")
            try await page.click("form[action$='/referrals/\(world.flaggedId)/approve'] button")
            #expect(try await page.evaluate("document.querySelector('.notice').textContent") == "Referral \(world.flaggedId) approved.")
            let referral = try await world.world.send(.get, "/api/referrals/\(world.flaggedId)").jsonObject()
            #expect(["complete", "pending"].contains(referral["status"] as? String ?? ""), "\(referral)")

            try await world.signIn(.owner)
            try await page.navigate("\(world.base)\(app)/settings")
            _ = try await page.evaluate(
                "document.getElementById('field-name').value = 'Mealtime Kitchen'; document.getElementById('field-uriScheme').value = 'mealtime'; 'ok'"
            )
            try await page.click("#save")
            #expect(try await page.evaluate("document.querySelector('.notice').textContent") == "Settings saved.")
            let saved = try await world.world.server.admin(.get, "/api/apps/\(world.appId)").jsonObject()
            #expect(saved["name"] as? String == "Mealtime Kitchen" && saved["uriScheme"] as? String == "mealtime", "\(saved)")

            // The viewer's pages have no editor's forms, so the post is built in the page with the
            // viewer's own CSRF token: only the server's role check stands in the way.
            try await world.signIn(.viewer)
            try await page.navigate("\(world.base)\(app)/links")
            #expect(
                try await page.evaluate(
                    "String(document.getElementById('create-link') === null && document.getElementById('bulk-links') === null)") == "true")
            for (action, fields) in [
                ("\(app)/links/bulk", ["action": "resume", "select-\(world.linkId)": "true"]),
                ("\(app)/links", ["originalUrl": "https://mealtime.test/r/viewer", "title": "Viewer's link"]),
            ] {
                try await page.navigate("\(world.base)\(app)/links")
                try await page.post(action, fields: fields)
                #expect(try await page.status() == 403, "a viewer's post to \(action)")
            }
            #expect(try await link(world.linkId)["isActive"] as? Bool == false)
            let links = try await world.world.send(.get, "/api/links")
            #expect(links.status == .ok && !links.text.contains("Viewer's link") && links.text.contains("Summer menu"))

            var shots = 0
            for role in DashboardRole.allCases {
                try await world.signIn(role)
                for width in [390, 1280] {
                    try await page.setViewport(width: width, height: width < 600 ? 844 : 900)
                    for (name, path) in world.pages {
                        try await page.navigate("\(world.base)\(path)")
                        try await world.screenshot("\(role.rawValue)-\(name)-\(width)")
                        shots += 1
                    }
                }
            }
            let files = try FileManager.default.contentsOfDirectory(atPath: world.shots.path).filter { file in
                DashboardRole.allCases.contains { file.hasPrefix("\($0.rawValue)-") && file.hasSuffix(".png") }
            }
            #expect(shots == 3 * 2 * world.pages.count && files.count >= shots)
        }
    }
}
