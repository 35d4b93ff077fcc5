import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallStore
import Testing

@Suite("Templates API: /api/templates")
struct TemplatesRouteTests {
    @Test func createTemplateAnswers201WithItsDefaults() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let response = try await server.send(
                .post, "/api/templates", token: tenant.secretKey,
                body: .json(
                    #"""
                    {
                        "name": "Spring Sale",
                        "originalUrl": "https://acme.test/spring",
                        "deepLinkPath": "/sale",
                        "utmParameters": {"source": "newsletter"},
                        "attributionWindowHours": 12
                    }
                    """#))
            #expect(response.status == .created)
            let template = try response.decode(TemplateJSON.self)
            #expect(template.name == "Spring Sale")
            #expect(template.slug == "spring-sale")
            #expect(template.appId == tenant.app.id)
            #expect(template.defaults.originalUrl == "https://acme.test/spring")
            #expect(template.defaults.deepLinkPath == "/sale")
            #expect(template.defaults.utmParameters == UTMParameters(source: "newsletter"))
            #expect(template.defaults.attributionWindowHours == 12)
            #expect(template.createdAt == TestServer.startDate)
        }
    }

    @Test func createTemplateWithAnExplicitSlugUsesIt() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let template = try await server.createTemplate(key: tenant.secretKey, body: #"{"name": "Spring Sale", "slug": "Spring"}"#)
            #expect(template.slug == "spring")
        }
    }

    @Test func createTemplateWithATakenSlugAnswers409() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            _ = try await server.createTemplate(key: tenant.secretKey, body: #"{"name": "Spring"}"#)
            let response = try await server.send(
                .post, "/api/templates", token: tenant.secretKey, body: .json(#"{"name": "Spring again", "slug": "spring"}"#)
            )
            expectAPIError(response, .conflict, code: "template_slug_taken")
        }
    }

    @Test func listTemplatesShowsNewestFirst() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let older = try await server.createTemplate(key: tenant.secretKey, body: #"{"name": "Older"}"#)
            server.clock.advance(by: 1)
            let newer = try await server.createTemplate(key: tenant.secretKey, body: #"{"name": "Newer"}"#)
            let response = try await server.send(.get, "/api/templates", token: tenant.secretKey)
            #expect(response.status == .ok)
            let page = try response.decode(PageJSON<TemplateJSON>.self)
            #expect(page.data.map(\.id) == [newer.id, older.id])
        }
    }

    @Test func getTemplateShowsTheTemplate() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let created = try await server.createTemplate(
                key: tenant.secretKey, body: #"{"name": "Spring", "originalUrl": "https://acme.test/spring"}"#
            )
            let response = try await server.send(.get, "/api/templates/\(created.id)", token: tenant.secretKey)
            #expect(response.status == .ok)
            let template = try response.decode(TemplateJSON.self)
            #expect(template.id == created.id)
            #expect(template.slug == "spring")
            #expect(template.defaults == created.defaults)
        }
    }

    @Test func patchTemplateChangesOnlyTheFieldsItNames() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let created = try await server.createTemplate(
                key: tenant.secretKey, body: #"{"name": "Spring", "originalUrl": "https://acme.test/spring", "title": "Kept"}"#
            )
            server.clock.advance(by: 5)
            let response = try await server.send(
                .patch, "/api/templates/\(created.id)", token: tenant.secretKey,
                body: .json(#"{"name": "Spring Sale", "originalUrl": "https://acme.test/sale"}"#)
            )
            #expect(response.status == .ok)
            let template = try response.decode(TemplateJSON.self)
            #expect(template.name == "Spring Sale")
            #expect(template.slug == "spring")
            #expect(template.defaults.originalUrl == "https://acme.test/sale")
            #expect(template.defaults.title == "Kept")
            #expect(template.createdAt == created.createdAt)
            #expect(template.updatedAt == TestServer.startDate.addingTimeInterval(5))
            let stored = try await server.send(.get, "/api/templates/\(created.id)", token: tenant.secretKey).decode(TemplateJSON.self)
            #expect(stored.name == "Spring Sale")
        }
    }

    @Test func patchTemplateNullClearsADefault() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let created = try await server.createTemplate(
                key: tenant.secretKey, body: #"{"name": "Spring", "originalUrl": "https://acme.test/spring", "title": "Gone"}"#
            )
            let response = try await server.send(
                .patch, "/api/templates/\(created.id)", token: tenant.secretKey, body: .json(#"{"title": null}"#)
            )
            #expect(response.status == .ok)
            #expect(try response.jsonObject()["title"] == nil)
            #expect(try response.decode(TemplateJSON.self).defaults.originalUrl == "https://acme.test/spring")
        }
    }

    @Test func patchTemplateCanChangeTheSlug() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let created = try await server.createTemplate(key: tenant.secretKey, body: #"{"name": "Spring"}"#)
            let response = try await server.send(
                .patch, "/api/templates/\(created.id)", token: tenant.secretKey, body: .json(#"{"slug": "summer"}"#)
            )
            #expect(response.status == .ok)
            #expect(try response.decode(TemplateJSON.self).slug == "summer")
        }
    }

    @Test func patchTemplateOntoATakenSlugAnswers409() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            _ = try await server.createTemplate(key: tenant.secretKey, body: #"{"name": "Spring"}"#)
            let summer = try await server.createTemplate(key: tenant.secretKey, body: #"{"name": "Summer"}"#)
            let response = try await server.send(
                .patch, "/api/templates/\(summer.id)", token: tenant.secretKey, body: .json(#"{"slug": "spring"}"#)
            )
            expectAPIError(response, .conflict, code: "template_slug_taken")
        }
    }

    @Test func patchTemplateCannotChangeTheIdOrApp() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let created = try await server.createTemplate(key: tenant.secretKey, body: #"{"name": "Spring"}"#)
            for patch in [#"{"id": "other"}"#, #"{"appId": "other"}"#, #"{"createdAt": "2020-01-01T00:00:00Z"}"#] {
                let response = try await server.send(
                    .patch, "/api/templates/\(created.id)", token: tenant.secretKey, body: .json(patch)
                )
                expectAPIError(response, .badRequest, code: "invalid_field")
            }
        }
    }

    @Test func deleteTemplateAnswers204ThenGetAnswers404() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let template = try await server.createTemplate(key: tenant.secretKey, body: #"{"name": "Spring"}"#)
            let deleted = try await server.send(.delete, "/api/templates/\(template.id)", token: tenant.secretKey)
            #expect(deleted.status == .noContent)
            expectAPIError(
                try await server.send(.get, "/api/templates/\(template.id)", token: tenant.secretKey),
                .notFound, code: "template_not_found"
            )
            expectAPIError(
                try await server.send(.delete, "/api/templates/\(template.id)", token: tenant.secretKey),
                .notFound, code: "template_not_found"
            )
        }
    }

    @Test func deleteTemplateKeepsTheLinksMadeFromIt() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let template = try await server.createTemplate(
                key: tenant.secretKey, body: #"{"name": "Spring", "originalUrl": "https://acme.test/spring"}"#
            )
            let link = try await server.createLink(key: tenant.secretKey, body: #"{"templateId": "\#(template.id)"}"#)
            #expect(try await server.send(.delete, "/api/templates/\(template.id)", token: tenant.secretKey).status == .noContent)
            let response = try await server.send(.get, "/api/links/\(link.id)", token: tenant.secretKey)
            #expect(response.status == .ok)
            let stored = try response.decode(LinkJSON.self)
            #expect(stored.content.originalUrl == "https://acme.test/spring")
            #expect(stored.url == link.url)
        }
    }

    @Test func unknownTemplateIdAnswers404ForEveryTemplateRoute() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            expectAPIError(
                try await server.send(.get, "/api/templates/no-such-template", token: tenant.secretKey),
                .notFound, code: "template_not_found"
            )
            expectAPIError(
                try await server.send(
                    .patch, "/api/templates/no-such-template", token: tenant.secretKey, body: .json(#"{"name": "x"}"#)
                ),
                .notFound, code: "template_not_found"
            )
            expectAPIError(
                try await server.send(.delete, "/api/templates/no-such-template", token: tenant.secretKey),
                .notFound, code: "template_not_found"
            )
        }
    }
}
