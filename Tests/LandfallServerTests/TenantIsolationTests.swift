import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallStore
import Testing

/// App A's secret key must see app B exactly as if B's resources did not exist.
@Suite("Tenant isolation")
struct TenantIsolationTests {
    /// Two apps, each with a secret key, a link and a template.
    struct Tenants {
        var a: Tenant
        var b: Tenant
        var linkOfB: LinkJSON
        var templateOfB: TemplateJSON

        static func make(on server: TestServer) async throws -> Tenants {
            let a = try await server.createTenant(#"{"name": "App A"}"#)
            let b = try await server.createTenant(#"{"name": "App B"}"#)
            let templateOfB = try await server.createTemplate(
                key: b.secretKey, body: #"{"name": "B Template", "originalUrl": "https://b.test/template"}"#
            )
            let linkOfB = try await server.createLink(
                key: b.secretKey, body: #"{"originalUrl": "https://b.test/secret", "externalUserId": "b-user"}"#
            )
            return Tenants(a: a, b: b, linkOfB: linkOfB, templateOfB: templateOfB)
        }
    }

    @Test func keyOfACannotReadALinkOfB() async throws {
        try await TestServer.run { server in
            let tenants = try await Tenants.make(on: server)
            let response = try await server.send(.get, "/api/links/\(tenants.linkOfB.id)", token: tenants.a.secretKey)
            expectAPIError(response, .notFound, code: "link_not_found")
            #expect(!response.text.contains("b.test"))
        }
    }

    @Test func keyOfACannotPatchALinkOfB() async throws {
        try await TestServer.run { server in
            let tenants = try await Tenants.make(on: server)
            let response = try await server.send(
                .patch, "/api/links/\(tenants.linkOfB.id)", token: tenants.a.secretKey,
                body: .json(#"{"originalUrl": "https://attacker.test"}"#)
            )
            expectAPIError(response, .notFound, code: "link_not_found")
            let stored = try await server.send(.get, "/api/links/\(tenants.linkOfB.id)", token: tenants.b.secretKey)
                .decode(LinkJSON.self)
            #expect(stored.content.originalUrl == "https://b.test/secret")
        }
    }

    @Test func keyOfACannotDeleteALinkOfB() async throws {
        try await TestServer.run { server in
            let tenants = try await Tenants.make(on: server)
            let response = try await server.send(.delete, "/api/links/\(tenants.linkOfB.id)", token: tenants.a.secretKey)
            expectAPIError(response, .notFound, code: "link_not_found")
            #expect(try await server.send(.get, "/api/links/\(tenants.linkOfB.id)", token: tenants.b.secretKey).status == .ok)
        }
    }

    @Test func listingWithTheKeyOfAShowsOnlyTheLinksOfA() async throws {
        try await TestServer.run { server in
            let tenants = try await Tenants.make(on: server)
            let linkOfA = try await server.createLink(key: tenants.a.secretKey)
            let page = try await server.send(.get, "/api/links", token: tenants.a.secretKey).decode(PageJSON<LinkJSON>.self)
            #expect(page.data.map(\.id) == [linkOfA.id])
        }
    }

    @Test func filtersCannotReachTheLinksOfB() async throws {
        try await TestServer.run { server in
            let tenants = try await Tenants.make(on: server)
            for query in ["externalUserId=b-user", "templateId=\(tenants.templateOfB.id)", "isActive=true"] {
                let page = try await server.send(.get, "/api/links?\(query)", token: tenants.a.secretKey)
                    .decode(PageJSON<LinkJSON>.self)
                #expect(page.data.isEmpty, "\(query)")
            }
        }
    }

    @Test func keyOfACannotReadATemplateOfB() async throws {
        try await TestServer.run { server in
            let tenants = try await Tenants.make(on: server)
            let response = try await server.send(.get, "/api/templates/\(tenants.templateOfB.id)", token: tenants.a.secretKey)
            expectAPIError(response, .notFound, code: "template_not_found")
        }
    }

    @Test func keyOfACannotPatchATemplateOfB() async throws {
        try await TestServer.run { server in
            let tenants = try await Tenants.make(on: server)
            let response = try await server.send(
                .patch, "/api/templates/\(tenants.templateOfB.id)", token: tenants.a.secretKey,
                body: .json(#"{"originalUrl": "https://attacker.test"}"#)
            )
            expectAPIError(response, .notFound, code: "template_not_found")
            let stored = try await server.send(.get, "/api/templates/\(tenants.templateOfB.id)", token: tenants.b.secretKey)
                .decode(TemplateJSON.self)
            #expect(stored.defaults.originalUrl == "https://b.test/template")
        }
    }

    @Test func keyOfACannotDeleteATemplateOfB() async throws {
        try await TestServer.run { server in
            let tenants = try await Tenants.make(on: server)
            let response = try await server.send(.delete, "/api/templates/\(tenants.templateOfB.id)", token: tenants.a.secretKey)
            expectAPIError(response, .notFound, code: "template_not_found")
            #expect(
                try await server.send(.get, "/api/templates/\(tenants.templateOfB.id)", token: tenants.b.secretKey).status == .ok
            )
        }
    }

    @Test func listingTemplatesWithTheKeyOfAShowsOnlyTheTemplatesOfA() async throws {
        try await TestServer.run { server in
            let tenants = try await Tenants.make(on: server)
            let templateOfA = try await server.createTemplate(key: tenants.a.secretKey, body: #"{"name": "A Template"}"#)
            let page = try await server.send(.get, "/api/templates", token: tenants.a.secretKey)
                .decode(PageJSON<TemplateJSON>.self)
            #expect(page.data.map(\.id) == [templateOfA.id])
        }
    }

    @Test func keyOfACannotCreateALinkWithATemplateOfB() async throws {
        try await TestServer.run { server in
            let tenants = try await Tenants.make(on: server)
            let response = try await server.send(
                .post, "/api/links", token: tenants.a.secretKey, body: .json(#"{"templateId": "\#(tenants.templateOfB.id)"}"#)
            )
            expectAPIError(response, .notFound, code: "template_not_found")
        }
    }

    @Test func sdkKeyOfACannotCreateALinkWithATemplateOfB() async throws {
        try await TestServer.run { server in
            let tenants = try await Tenants.make(on: server)
            let response = try await server.send(
                .post, "/api/sdk/v1/links", token: tenants.a.secretKey,
                body: .encoded(CreateLinkOptions(templateId: tenants.templateOfB.id))
            )
            expectAPIError(response, .notFound, code: "template_not_found")
        }
    }

    @Test func sdkLinksNeverPickTheNewestTemplateOfAnotherApp() async throws {
        try await TestServer.run { server in
            let a = try await server.createTenant(#"{"name": "App A", "webFallbackUrl": "https://a.test"}"#)
            let b = try await server.createTenant(#"{"name": "App B"}"#)
            server.clock.advance(by: 1)
            _ = try await server.createTemplate(key: b.secretKey, body: #"{"name": "B Template", "originalUrl": "https://b.test"}"#)
            let result = try await server.send(
                .post, "/api/sdk/v1/links", token: a.secretKey, body: .encoded(CreateLinkOptions(title: "A link"))
            ).decode(CreateLinkResult.self)
            #expect(result.url == "\(TestServer.publicURL)/\(result.shortCode)")
            let stored = try await server.send(.get, "/api/links/\(result.linkId)", token: a.secretKey).decode(LinkJSON.self)
            #expect(stored.templateId == nil)
            #expect(stored.content.originalUrl == nil)
        }
    }

    @Test func secretKeyOfACannotReachTheAppsAPI() async throws {
        try await TestServer.run { server in
            let tenants = try await Tenants.make(on: server)
            let requests: [(HTTPRequest.Method, String, TestBody?)] = [
                (.get, "/api/apps", nil),
                (.post, "/api/apps", .json(#"{"name": "Sneaky"}"#)),
                (.get, "/api/apps/\(tenants.a.app.id)", nil),
                (.get, "/api/apps/\(tenants.b.app.id)", nil),
                (.patch, "/api/apps/\(tenants.b.app.id)", .json(#"{"name": "Hijacked"}"#)),
                (.delete, "/api/apps/\(tenants.b.app.id)", nil),
                (.get, "/api/apps/\(tenants.b.app.id)/keys", nil),
                (.post, "/api/apps/\(tenants.b.app.id)/keys", .json(#"{"kind": "secret"}"#)),
            ]
            for (method, path, body) in requests {
                let response = try await server.send(method, path, token: tenants.a.secretKey, body: body)
                expectAPIError(response, .unauthorized, code: "unauthorized")
            }
            let b = try await server.admin(.get, "/api/apps/\(tenants.b.app.id)").decode(AppJSON.self)
            #expect(b.name == "App B")
        }
    }

    @Test func revokingAKeyOfBThroughThePathOfAAnswers404AndKeepsItWorking() async throws {
        try await TestServer.run { server in
            let a = try await server.createApp(#"{"name": "App A"}"#)
            let b = try await server.createApp(#"{"name": "App B"}"#)
            let keyOfB = try await server.createKey(appId: b.id)
            let response = try await server.admin(.delete, "/api/apps/\(a.id)/keys/\(keyOfB.id)")
            expectAPIError(response, .notFound, code: "key_not_found")
            #expect(try await server.send(.get, "/api/links", token: keyOfB.token).status == .ok)
        }
    }

    @Test func aCustomCodeUsedByBIsFreeForA() async throws {
        try await TestServer.run { server in
            let tenants = try await Tenants.make(on: server)
            _ = try await server.createLink(key: tenants.b.secretKey, body: #"{"originalUrl": "https://b.test", "customCode": "promo"}"#)
            // A 409 here would tell A that B uses the code.
            let response = try await server.send(
                .post, "/api/links", token: tenants.a.secretKey, body: .json(#"{"originalUrl": "https://a.test", "customCode": "promo"}"#)
            )
            #expect(response.status == .created)
            #expect(try response.decode(LinkJSON.self).appId == tenants.a.app.id)
        }
    }

    @Test func aTemplateSlugUsedByBIsFreeForA() async throws {
        try await TestServer.run { server in
            let tenants = try await Tenants.make(on: server)
            let response = try await server.send(
                .post, "/api/templates", token: tenants.a.secretKey, body: .json(#"{"name": "B Template"}"#)
            )
            #expect(response.status == .created)
            #expect(try response.decode(TemplateJSON.self).slug == tenants.templateOfB.slug)
        }
    }

    @Test func deduplicationNeverReturnsALinkOfAnotherApp() async throws {
        try await TestServer.run { server in
            let tenants = try await Tenants.make(on: server)
            let response = try await server.send(
                .post, "/api/links", token: tenants.a.secretKey,
                body: .json(#"{"originalUrl": "https://b.test/secret", "externalUserId": "b-user"}"#)
            )
            #expect(response.status == .created)
            let link = try response.decode(LinkJSON.self)
            #expect(link.id != tenants.linkOfB.id)
            #expect(link.appId == tenants.a.app.id)
            #expect(link.deduplicated == false)
        }
    }

    @Test func aPublishableKeyCannotManageLinksOrTemplates() async throws {
        try await TestServer.run { server in
            let tenants = try await Tenants.make(on: server)
            let publishable = try await server.createKey(appId: tenants.b.app.id, kind: .publishable)
            let requests: [(HTTPRequest.Method, String)] = [
                (.get, "/api/links"),
                (.get, "/api/links/\(tenants.linkOfB.id)"),
                (.delete, "/api/links/\(tenants.linkOfB.id)"),
                (.get, "/api/templates"),
                (.delete, "/api/templates/\(tenants.templateOfB.id)"),
            ]
            for (method, path) in requests {
                expectAPIError(try await server.send(method, path, token: publishable.token), .forbidden, code: "forbidden")
            }
            #expect(try await server.send(.get, "/api/links/\(tenants.linkOfB.id)", token: tenants.b.secretKey).status == .ok)
        }
    }
}
