import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import LandfallServer
import LandfallStore
import Testing

/// The link forms' refusals: the API's own message under the input it names, the input marked
/// `aria-invalid` and pointing at it, the form as typed.
@Suite("Dashboard link field errors")
struct DashboardLinkFieldErrorsTests {
    /// The message the API gives for `json` posted to `POST /api/links`.
    static func apiMessage(_ world: AccountsWorld, _ json: String) async throws -> String {
        let api = try await world.server.send(.post, "/api/links", token: world.tenant.secretKey, body: .json(json))
        #expect(api.status.code >= 400 && api.status.code < 500, "\(json)")
        let error = try #require(try api.jsonObject()["error"] as? [String: Any])
        return try #require(error["message"] as? String)
    }

    static func expectBeside(_ response: TestResponse, id: String, message: String) {
        #expect(response.text.contains(#"<p class="field-error" id="\#(id)-error" role="alert">\#(HTML.escape(message))</p>"#), "\(id)")
        #expect(response.text.contains(#"id="\#(id)" name="\#(id)""#))
        #expect(response.text.contains(#"aria-invalid="true" aria-describedby="\#(id)-error""#), "\(id)")
    }

    @Test("a refused new link shows the API's message beside the destination, the short code or the deep link path")
    func refusedNewLink() async throws {
        try await AccountsWorld.run { world in
            _ = try await world.server.createLink(
                key: world.tenant.secretKey, body: #"{"originalUrl": "https://acme.test/a", "customCode": "taken"}"#)
            var browser = try await world.browser(.editor)
            let path = "/dashboard/apps/\(world.tenant.app.id)/links"
            let cases: [(id: String, form: [String: String], json: String)] = [
                (
                    "customCode", ["originalUrl": "https://acme.test/b", "customCode": "taken"],
                    #"{"originalUrl": "https://acme.test/b", "customCode": "taken"}"#
                ),
                (
                    "customCode", ["originalUrl": "https://acme.test/b", "customCode": "x"],
                    #"{"originalUrl": "https://acme.test/b", "customCode": "x"}"#
                ),
                (
                    "deepLinkPath", ["originalUrl": "https://acme.test/b", "deepLinkPath": "no-slash"],
                    #"{"originalUrl": "https://acme.test/b", "deepLinkPath": "no-slash"}"#
                ),
                ("originalUrl", ["originalUrl": "ftp://acme.test/b"], #"{"originalUrl": "ftp://acme.test/b"}"#),
            ]
            for item in cases {
                let message = try await Self.apiMessage(world, item.json)
                _ = try await browser.get(path)
                var form = item.form
                form["title"] = "Typed title"
                let response = try await browser.post(path, form)
                #expect(response.status.code >= 400 && response.status.code < 500, "\(item.id)")
                Self.expectBeside(response, id: item.id, message: message)
                #expect(response.text.contains(#"value="Typed title""#))
            }
            #expect(try await world.server.storage.listLinks(appId: world.tenant.app.id, query: LinkQuery(limit: 10)).links.count == 1)
        }
    }

    @Test("a refused link edit shows the message beside its field and keeps the link as it was")
    func refusedEdit() async throws {
        try await AccountsWorld.run { world in
            let link = try await world.server.createLink(key: world.tenant.secretKey, body: #"{"originalUrl": "https://acme.test/a"}"#)
            var browser = try await world.browser(.editor)
            let path = "/dashboard/apps/\(world.tenant.app.id)/links/\(link.id)"
            let message = try await Self.apiMessage(world, #"{"originalUrl": "https://acme.test/a", "deepLinkPath": "menu"}"#)
            _ = try await browser.get(path)
            let response = try await browser.post(path, ["originalUrl": "https://acme.test/a", "deepLinkPath": "menu", "isActive": "true"])
            #expect(response.status == .badRequest)
            Self.expectBeside(response, id: "deepLinkPath", message: message)
            #expect(response.text.contains(#"value="menu""#))
            let stored = try #require(try await world.server.storage.link(id: link.id, appId: world.tenant.app.id))
            #expect(stored.content.deepLinkPath == nil)
        }
    }

    @Test("a refused QR size or error correction shows the API's message beside its input")
    func refusedQROptions() async throws {
        try await AccountsWorld.run { world in
            let link = try await world.server.createLink(key: world.tenant.secretKey)
            var browser = try await world.browser(.viewer)
            for (field, query) in [("size", "size=5"), ("ecc", "ecc=Z")] {
                let api = try await world.server.send(.get, "/api/links/\(link.id)/qr?\(query)", token: world.tenant.secretKey)
                #expect(api.status == .badRequest)
                let error = try #require(try api.jsonObject()["error"] as? [String: Any])
                let message = try #require(error["message"] as? String)
                let page = try await browser.get("/dashboard/apps/\(world.tenant.app.id)/links/\(link.id)?\(query)")
                #expect(page.status == .badRequest)
                #expect(page.text.contains(#"<p class="field-error" id="\#(field)-error" role="alert">\#(HTML.escape(message))</p>"#))
                #expect(page.text.contains(#"id="\#(field)" name="\#(field)""#))
                #expect(page.text.contains(#"aria-invalid="true" aria-describedby="\#(field)-error""#))
            }
        }
    }
}
