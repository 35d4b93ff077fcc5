import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
@testable import LandfallServer
import LandfallStore
import Testing

/// The link templates' pages and forms, posted as each role: results read back through
/// `/api/templates`, a viewer's post and a post without the CSRF token checked to change nothing.
@Suite("Dashboard link template forms")
struct DashboardTemplateFormsTests {
    static func apiTemplates(_ world: AccountsWorld) async throws -> [[String: Any]] {
        let response = try await world.server.send(.get, "/api/templates", token: world.tenant.secretKey)
        return try #require(try response.jsonObject()["data"] as? [[String: Any]])
    }

    @Test(
        "creating a template: an editor's or owner's is what the API lists; a viewer's post is 403 and adds nothing",
        arguments: DashboardRole.allCases)
    func create(_ role: DashboardRole) async throws {
        try await AccountsWorld.run { world in
            var browser = try await world.browser(role)
            let path = "/dashboard/apps/\(world.tenant.app.id)/templates"
            let page = try await browser.get(path)
            #expect(page.status == .ok)
            #expect(page.text.contains(#"id="create-template""#) == (role != .viewer))
            let response = try await browser.post(
                path,
                [
                    "name": "Spring sale", "originalUrl": "https://acme.test/spring", "deepLinkPath": "/sale", "utmSource": "newsletter",
                    "utmCampaign": "spring", "ogDescription": "Two for one",
                ])
            let listed = try await Self.apiTemplates(world)
            guard role != .viewer else {
                #expect(response.status == .forbidden)
                #expect(listed.isEmpty)
                return
            }
            #expect(response.status == .seeOther)
            let template = try #require(listed.first)
            let id = try #require(template["id"] as? String)
            #expect(response.headers[.location] == "\(path)/\(id)?created=1")
            #expect(template["name"] as? String == "Spring sale" && template["slug"] as? String == "spring-sale")
            #expect(template["originalUrl"] as? String == "https://acme.test/spring" && template["deepLinkPath"] as? String == "/sale")
            #expect(template["utmParameters"] as? [String: String] == ["source": "newsletter", "campaign": "spring"])
            #expect(template["ogDescription"] as? String == "Two for one")
            let shown = try await browser.get("\(path)/\(id)?created=1")
            #expect(shown.text.contains("Template created.") && shown.text.contains(#"value="https://acme.test/spring""#))
            #expect(try await browser.get(path).text.contains(#"<a href="\#(path)/\#(id)">Spring sale</a>"#))
        }
    }

    @Test(
        "editing keeps the fields the form does not show; a viewer sees the fields read-only and its post is 403",
        arguments: DashboardRole.allCases)
    func edit(_ role: DashboardRole) async throws {
        try await AccountsWorld.run { world in
            let template = try await world.server.createTemplate(
                key: world.tenant.secretKey,
                body:
                    #"{"name": "Promo", "originalUrl": "https://acme.test/a", "attributionWindowHours": 12, "utmParameters": {"term": "shoes"}}"#
            )
            var browser = try await world.browser(role)
            let path = "/dashboard/apps/\(world.tenant.app.id)/templates/\(template.id)"
            let page = try await browser.get(path)
            #expect(page.status == .ok)
            #expect(page.text.contains(#"id="tpl-name" name="name" value="Promo" disabled"#) == (role == .viewer))
            #expect(page.text.contains(#"id="delete-template""#) == (role != .viewer))
            let response = try await browser.post(
                path, ["name": "Promo 2", "slug": "promo", "originalUrl": "https://acme.test/b", "utmCampaign": "autumn"])
            let api = try await world.server.send(.get, "/api/templates/\(template.id)", token: world.tenant.secretKey).jsonObject()
            if role == .viewer {
                #expect(response.status == .forbidden)
                #expect(api["name"] as? String == "Promo" && api["originalUrl"] as? String == "https://acme.test/a")
            } else {
                #expect(response.status == .seeOther)
                #expect(api["name"] as? String == "Promo 2" && api["originalUrl"] as? String == "https://acme.test/b")
                #expect(api["attributionWindowHours"] as? Int == 12)
                #expect(api["utmParameters"] as? [String: String] == ["term": "shoes", "campaign": "autumn"])
            }
        }
    }

    @Test(
        "deleting: an editor's removes the template from the API; a viewer's post is 403 and it stays",
        arguments: DashboardRole.allCases)
    func delete(_ role: DashboardRole) async throws {
        try await AccountsWorld.run { world in
            let template = try await world.server.createTemplate(key: world.tenant.secretKey, body: #"{"name": "Promo"}"#)
            var browser = try await world.browser(role)
            let path = "/dashboard/apps/\(world.tenant.app.id)/templates"
            _ = try await browser.get("\(path)/\(template.id)")
            let response = try await browser.post("\(path)/\(template.id)/delete", [:])
            let api = try await world.server.send(.get, "/api/templates/\(template.id)", token: world.tenant.secretKey)
            if role == .viewer {
                #expect(response.status == .forbidden)
                #expect(api.status == .ok)
            } else {
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "\(path)?deleted=1")
                #expect(api.status == .notFound)
                #expect(try await browser.post("\(path)/\(template.id)/delete", [:]).status == .notFound)
            }
        }
    }

    @Test("a post without the CSRF token is 403 and changes nothing, for create, edit and delete")
    func missingCSRF() async throws {
        try await AccountsWorld.run { world in
            let template = try await world.server.createTemplate(key: world.tenant.secretKey, body: #"{"name": "Promo"}"#)
            var browser = try await world.browser(.owner)
            let path = "/dashboard/apps/\(world.tenant.app.id)/templates"
            for (target, fields) in [
                (path, ["name": "Other"]), ("\(path)/\(template.id)", ["name": "Renamed"]), ("\(path)/\(template.id)/delete", [:]),
            ] {
                var fields = fields
                fields["_csrf"] = "forged"
                #expect(try await browser.post(target, fields).status == .forbidden, "\(target)")
            }
            let listed = try await Self.apiTemplates(world)
            #expect(listed.count == 1 && listed.first?["name"] as? String == "Promo")
        }
    }

    @Test("a refused template shows the API's message beside its field, as typed, and stores nothing")
    func refused() async throws {
        try await AccountsWorld.run { world in
            _ = try await world.server.createTemplate(key: world.tenant.secretKey, body: #"{"name": "Promo"}"#)
            var browser = try await world.browser(.editor)
            let path = "/dashboard/apps/\(world.tenant.app.id)/templates"
            for (fields, body, field) in [
                (
                    ["name": "Bad", "originalUrl": "javascript:alert(1)"], #"{"name": "Bad", "originalUrl": "javascript:alert(1)"}"#,
                    "originalUrl"
                ),
                (["name": "Promo again", "slug": "promo"], #"{"name": "Promo again", "slug": "promo"}"#, "slug"),
                (["name": " "], #"{"name": " "}"#, "name"),
            ] {
                let api = try await world.server.send(.post, "/api/templates", token: world.tenant.secretKey, body: .json(body))
                let message = try #require((try api.jsonObject()["error"] as? [String: Any])?["message"] as? String)
                _ = try await browser.get(path)
                let response = try await browser.post(path, fields)
                #expect(response.status == api.status)
                #expect(
                    response.text.contains(#"<p class="field-error" id="new-\#(field)-error" role="alert">\#(HTML.escape(message))</p>"#),
                    "\(field): \(message)")
                if let typed = fields["originalUrl"] { #expect(response.text.contains(#"value="\#(HTML.escape(typed))""#)) }
            }
            #expect(try await Self.apiTemplates(world).count == 1)
        }
    }
}
