import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import LandfallServer
import LandfallStore
import Testing

/// The link import form: the summary `landfall import` prints, per role; the links read back through
/// `/api/links`; refusals for a viewer, a missing CSRF token, an unreadable or too large file.
@Suite("Dashboard link import form")
struct DashboardImportFormTests {
    /// A LinkForty CSV: a new link, one the app already has (a duplicate), a bad URL and a bad flag.
    static let export = """
        short_code,original_url,title,is_active,utm_campaign\r
        spring,https://acme.test/spring,"Spring, with a comma",true,spring\r
        kept,https://acme.test/kept,Kept,,\r
        broken,notaurl,Broken,,\r
        flag,https://acme.test/flag,Flag,maybe,\r

        """

    static func codes(_ world: AccountsWorld) async throws -> [String] {
        let response = try await world.server.send(.get, "/api/links?limit=100", token: world.tenant.secretKey)
        let links = try #require(try response.jsonObject()["data"] as? [[String: Any]])
        return links.compactMap { $0["shortCode"] as? String }.sorted()
    }

    @Test(
        "an editor's import shows imported, duplicates and each refused row with its reason; a viewer's is 403 and imports nothing",
        arguments: DashboardRole.allCases)
    func importCSV(_ role: DashboardRole) async throws {
        try await AccountsWorld.run { world in
            _ = try await world.server.createLink(
                key: world.tenant.secretKey, body: #"{"originalUrl": "https://acme.test/kept", "customCode": "kept"}"#)
            var browser = try await world.browser(role)
            let path = "/dashboard/apps/\(world.tenant.app.id)/import"
            let page = try await browser.get(path)
            #expect(page.status == .ok)
            #expect(page.text.contains(#"id="import-links""#) == (role != .viewer))
            let response = try await browser.post(path, ["format": "linkforty-csv", "contents": Self.export])
            guard role != .viewer else {
                #expect(response.status == .forbidden)
                #expect(try await Self.codes(world) == ["kept"])
                return
            }
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains(#"<strong id="imported">1</strong>"#) && html.contains(#"<strong id="duplicates">1</strong>"#))
            #expect(html.contains(#"<strong id="refused">2</strong>"#))
            #expect(html.contains("Imported 1, duplicates 1, refused 2 (linkforty-csv export from the dashboard)"))
            #expect(html.contains("<tr><td>4</td><td>originalUrl:"))
            #expect(html.contains("<tr><td>5</td><td>is_active must be true or false</td></tr>"))
            #expect(try await Self.codes(world) == ["kept", "spring"])
            let links = try await world.server.send(.get, "/api/links?limit=100", token: world.tenant.secretKey).jsonObject()
            let spring = try #require((links["data"] as? [[String: Any]])?.first { $0["shortCode"] as? String == "spring" })
            #expect(spring["title"] as? String == "Spring, with a comma")
            // Importing again is safe: everything is a duplicate or refused again.
            _ = try await browser.get(path)
            let again = try await browser.post(path, ["format": "linkforty-csv", "contents": Self.export])
            #expect(again.text.contains("Imported 0, duplicates 2, refused 2"))
            #expect(try await Self.codes(world) == ["kept", "spring"])
        }
    }

    @Test("without the CSRF token the import is 403 and nothing is imported")
    func missingCSRF() async throws {
        try await AccountsWorld.run { world in
            var browser = try await world.browser(.owner)
            _ = try await browser.get("/dashboard/apps/\(world.tenant.app.id)/import")
            let response = try await browser.post(
                "/dashboard/apps/\(world.tenant.app.id)/import", ["format": "linkforty-csv", "contents": Self.export, "_csrf": "forged"])
            #expect(response.status == .forbidden)
            #expect(try await Self.codes(world).isEmpty)
        }
    }

    @Test("an unknown format, an empty box, unreadable JSON and a file over the limit are refused with a message, as typed")
    func refused() async throws {
        try await AccountsWorld.run { world in
            var browser = try await world.browser(.editor)
            let path = "/dashboard/apps/\(world.tenant.app.id)/import"
            for (fields, status, message) in [
                (["format": "bitly", "contents": "a,b"], HTTPResponse.Status.badRequest, "format: must be one of firebase"),
                (["format": "firebase", "contents": "  "], .badRequest, "Paste the export file&#39;s contents first."),
                (["format": "linkforty-json", "contents": "{oops"], .badRequest, "The export cannot be read: the file is not JSON"),
                (
                    ["format": "linkforty-csv", "contents": String(repeating: "x", count: DashboardImportPages.maximumFormSize)],
                    .contentTooLarge, "The file is too large for the dashboard"
                ),
            ] {
                _ = try await browser.get(path)
                let response = try await browser.post(path, fields)
                #expect(response.status == status)
                #expect(
                    response.text.contains(#"<p class="error" id="import-error" role="alert">\#(message)"#),
                    "\(response.text.prefix(0))\(message)")
            }
            _ = try await browser.get(path)
            let typed = try await browser.post(path, ["format": "linkforty-json", "contents": "{oops <b>"])
            #expect(typed.text.contains("{oops &lt;b&gt;</textarea>"))
            #expect(try await Self.codes(world).isEmpty)
        }
    }
}
