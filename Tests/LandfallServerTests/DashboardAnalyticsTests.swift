import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
@testable import LandfallServer
import LandfallStore
import Testing

/// The analytics page and its CSV download: the API's series, range checks and CSV, for every member.
@Suite("Dashboard analytics page")
struct DashboardAnalyticsTests {
    static let day0 = TestServer.startDate

    /// Three human clicks and a bot's on 2026-01-01 and one click on 2026-01-02, on a link whose campaign
    /// needs quoting in CSV; one install on the first day.
    static func seed(_ world: AccountsWorld) async throws -> LinkJSON {
        let link = try await world.server.createLink(
            key: world.tenant.secretKey,
            body: #"{"originalUrl": "https://example.com/s", "utmParameters": {"campaign": "Spring, \"big\" sale"}}"#)
        let appId = world.tenant.app.id
        func click(_ hours: Double, bot: Bool = false) -> ClickRecord {
            var click = ClickRecord(
                id: UUID().uuidString, appId: appId, linkId: link.id, clickedAt: day0.addingTimeInterval(hours * 3_600),
                clickToken: UUID().uuidString, platform: "ios", deviceClass: "phone")
            click.isBot = bot
            return click
        }
        try await world.server.storage.insertClicks([click(1), click(2), click(3), click(4, bot: true), click(26)])
        try await world.server.storage.insertInstall(
            InstallRecord(
                id: "inst-1", appId: appId, dedupKey: "1", createdAt: day0.addingTimeInterval(5 * 3_600),
                fingerprint: InstallFingerprint(platform: "ios"), method: .deterministic, confidence: 100, matchedFactors: ["clickToken"],
                linkId: link.id))
        return link
    }

    @Test("every member sees the series as charts and tables, grouped as the API groups it", arguments: DashboardRole.allCases)
    func page(_ role: DashboardRole) async throws {
        try await AccountsWorld.run { world in
            _ = try await Self.seed(world)
            var browser = try await world.browser(role)
            let path = "/dashboard/apps/\(world.tenant.app.id)/analytics"
            let response = try await browser.get("\(path)?from=2026-01-01&to=2026-01-03&interval=day&groupBy=campaign")
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains(#"<p id="analytics-totals">4 clicks (1 from bots, not counted), 1 installs, 0 events."#))
            #expect(html.contains(#"<svg class="chart" id="clicks-chart""#) && html.contains(#"id="groups-chart""#))
            // The text alternative: a row per day and per group, with the counts the bars stand for.
            #expect(html.contains("<tr><td>2026-01-01</td><td>3</td><td>1</td><td>0</td></tr>"))
            #expect(html.contains("<tr><td>2026-01-02</td><td>1</td><td>0</td><td>0</td></tr>"))
            #expect(html.contains("<tr><td>Spring, &quot;big&quot; sale</td><td>4</td><td>1</td><td>1</td><td>0</td><td></td></tr>"))
            #expect(html.contains(#"<input type="date" id="from" name="from" value="2026-01-01">"#))
            #expect(html.contains(#"<option value="campaign" selected>"#))
            #expect(html.contains(#"href="/dashboard/apps/\#(world.tenant.app.id)/analytics">Analytics</a>"#))
            let api = try await world.server.send(
                .get, "/api/analytics/series?from=2026-01-01&to=2026-01-03&groupBy=campaign", token: world.tenant.secretKey
            ).jsonObject()
            let totals = try #require(api["totals"] as? [String: Any])
            #expect(totals["clicks"] as? Int == 4 && totals["installs"] as? Int == 1)
        }
    }

    @Test(
        "a bad range shows the API's own message beside the form, with 400",
        arguments: [
            "from=2026-01-05&to=2026-01-01", "from=2025-01-01&to=2026-03-01", "from=yesterday",
            "interval=hour&from=2026-01-01&to=2026-03-01",
            "groupBy=colour",
        ])
    func badRange(_ query: String) async throws {
        try await AccountsWorld.run { world in
            let api = try await world.server.send(.get, "/api/analytics/series?\(query)", token: world.tenant.secretKey)
            #expect(api.status == .badRequest)
            let message = try #require((try api.jsonObject()["error"] as? [String: Any])?["message"] as? String)
            var browser = try await world.browser(.viewer)
            let path = "/dashboard/apps/\(world.tenant.app.id)/analytics"
            for page in [path, "\(path)/csv"] {
                let response = try await browser.get("\(page)?\(query)")
                #expect(response.status == .badRequest)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(response.text.contains(#"<p class="error" id="analytics-error" role="alert">\#(HTML.escape(message))</p>"#))
                #expect(response.text.contains(#"aria-invalid="true" aria-describedby="analytics-error""#))
                #expect(!response.text.contains(#"id="analytics-totals""#))
            }
        }
    }

    @Test("the CSV download is the API's CSV of the same query: text/csv, an attachment, RFC 4180 quoting")
    func csv() async throws {
        try await AccountsWorld.run { world in
            _ = try await Self.seed(world)
            var browser = try await world.browser(.viewer)
            let page = try await browser.get(
                "/dashboard/apps/\(world.tenant.app.id)/analytics?from=2026-01-01&to=2026-01-03&groupBy=campaign")
            let href = try #require(page.text.firstMatch(of: /id="analytics-csv" href="([^"]+)"/)?.1)
            let download = try await browser.get(HTML.unescapeAmpersands(String(href)))
            #expect(download.status == .ok)
            #expect(download.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(
                download.headers[.contentDisposition]
                    == #"attachment; filename="landfall-campaign-day-2026-01-01-2026-01-03.csv""#)
            let api = try await world.server.send(
                .get, "/api/analytics/series?from=2026-01-01T00:00:00Z&to=2026-01-03T00:00:00Z&groupBy=campaign&format=csv",
                token: world.tenant.secretKey)
            #expect(download.text == api.text)
            let lines = download.text.components(separatedBy: "\r\n")
            #expect(lines.first?.hasPrefix("bucket_start,group,label,clicks,bot_clicks,installs") == true)
            #expect(lines.contains { $0.hasPrefix(#"2026-01-01T00:00:00Z,"Spring, ""big"" sale","Spring, ""big"" sale",3,1,1,"#) })
            #expect(lines.last == "")
        }
    }

    @Test("a grouped range without activity still has a row and a bar per day, at zero")
    func emptyGroupedRange() async throws {
        try await AccountsWorld.run { world in
            var browser = try await world.browser(.viewer)
            let response = try await browser.get(
                "/dashboard/apps/\(world.tenant.app.id)/analytics?from=2025-12-01&to=2025-12-04&groupBy=platform")
            #expect(response.status == .ok)
            for day in ["2025-12-01", "2025-12-02", "2025-12-03"] {
                #expect(response.text.contains("<tr><td>\(day)</td><td>0</td><td>0</td><td>0</td></tr>"))
            }
            #expect(!response.text.contains("2025-12-04</td>"))
            #expect(response.text.components(separatedBy: #"<rect class="bar""#).count == 1 + 2 * 3)
            #expect(response.text.contains("Nothing happened in this range."))
        }
    }

    @Test("another app's analytics are not found; without a session the page asks to sign in")
    func scoping() async throws {
        try await AccountsWorld.run { world in
            var browser = try await world.browser(.owner)
            #expect(try await browser.get("/dashboard/apps/\(world.other.app.id)/analytics").status == .notFound)
            #expect(try await browser.get("/dashboard/apps/\(world.other.app.id)/analytics/csv").status == .notFound)
            var anonymous = DashboardRouteTests.Browser(world.server)
            #expect(
                try await anonymous.get("/dashboard/apps/\(world.tenant.app.id)/analytics/csv").headers[.location] == "/dashboard/login")
        }
    }
}

extension HTML {
    /// An attribute's `&amp;` back to `&`, for following a link read from a page.
    static func unescapeAmpersands(_ text: String) -> String { text.replacingOccurrences(of: "&amp;", with: "&") }
}
