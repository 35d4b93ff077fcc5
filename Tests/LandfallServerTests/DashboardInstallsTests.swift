import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import LandfallServer
import LandfallModels
import LandfallStore
import Testing

/// The app's installs page: every role reads it; filters narrow it; a bad filter is shown beside its select.
@Suite("Dashboard installs")
struct DashboardInstallsTests {
    static func install(_ world: AccountsWorld, method: InstallMethod, confidence: Int, factors: [String], at seconds: TimeInterval)
        async throws -> InstallRecord
    {
        let fingerprint = InstallFingerprint(
            userAgent: "Mealtime/1.0", ipAddress: "203.0.113.7", ipPrefix: "203.0.113", platform: "ios", osVersion: "17.4",
            deviceModel: "iPhone15,2", screenWidth: 1179, screenHeight: 2556, timezone: "Europe/Lisbon", language: "pt-PT",
            appVersion: "1.0", sdkName: "landfall-ios", sdkVersion: "0.3.1")
        let install = InstallRecord(
            id: "inst_\(UUID().uuidString.prefix(12))", appId: world.tenant.app.id, dedupKey: UUID().uuidString,
            createdAt: TestServer.startDate.addingTimeInterval(seconds), fingerprint: fingerprint, method: method, confidence: confidence,
            matchedFactors: factors, clickId: nil, linkId: nil)
        try await world.server.storage.insertInstall(install)
        return install
    }

    @Test(
        "every role lists the app's installs with method, confidence and matched factors, filtered by method",
        arguments: DashboardRole.allCases)
    func listAndFilter(_ role: DashboardRole) async throws {
        try await AccountsWorld.run { world in
            _ = try await Self.install(world, method: .organic, confidence: 0, factors: [], at: 1)
            _ = try await Self.install(world, method: .probabilistic, confidence: 87, factors: ["ip", "screen", "<b>tz</b>"], at: 2)
            var browser = try await world.browser(role)
            let path = "/dashboard/apps/\(world.tenant.app.id)/installs"
            let page = try await browser.get(path)
            #expect(page.status == .ok)
            let table = try #require(page.text.firstMatch(of: /<table id="app-installs">(.*?)<\/table>/.dotMatchesNewlines())?.1)
            #expect(table.contains(#"<td class="method">probabilistic</td><td>87</td><td>ip, screen, &lt;b&gt;tz&lt;/b&gt;</td>"#))
            #expect(table.contains(#"<td class="method">organic</td>"#))
            let filtered = try await browser.get("\(path)?method=probabilistic&platform=ios")
            let rows = try #require(filtered.text.firstMatch(of: /<table id="app-installs">(.*?)<\/table>/.dotMatchesNewlines())?.1)
            #expect(rows.contains("probabilistic") && !rows.contains(#"<td class="method">organic</td>"#))
            #expect(filtered.text.contains(#"<option value="probabilistic" selected>"#))
            let none = try await browser.get("\(path)?platform=android")
            #expect(none.text.contains("No installs match."))
        }
    }

    @Test("a filter value the page does not offer is answered 400 with the message beside its select")
    func badFilter() async throws {
        try await AccountsWorld.run { world in
            var browser = try await world.browser(.viewer)
            let page = try await browser.get("/dashboard/apps/\(world.tenant.app.id)/installs?method=%3Cscript%3E")
            #expect(page.status == .badRequest)
            #expect(
                page.text.contains(
                    #"id="filter-method-error" role="alert">method: must be one of deterministic, probabilistic, organic</p>"#))
            #expect(!page.text.contains("<script>"))
        }
    }

    @Test("another app's installs page is 404")
    func otherApp() async throws {
        try await AccountsWorld.run { world in
            var browser = try await world.browser(.owner)
            #expect(try await browser.get("/dashboard/apps/\(world.other.app.id)/installs").status == .notFound)
        }
    }
}
