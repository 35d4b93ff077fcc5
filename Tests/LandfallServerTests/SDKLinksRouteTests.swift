import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallStore
import Testing

@Suite("SDK link creation: POST /api/sdk/v1/links")
struct SDKLinksRouteTests {
    @Test func createLinkAnswers201WithTheCreateLinkResultShape() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant(#"{"name": "Acme", "webFallbackUrl": "https://acme.test"}"#)
            let response = try await server.send(
                .post, "/api/sdk/v1/links", token: tenant.secretKey, body: .encoded(CreateLinkOptions(title: "Shared"))
            )
            #expect(response.status == .created)
            let body = try response.jsonObject()
            #expect(Set(body.keys).isSuperset(of: ["url", "shortCode", "linkId", "deduplicated"]))
            let result = try response.decode(CreateLinkResult.self)
            #expect(result.shortCode.count == 7)
            #expect(result.url == "\(TestServer.publicURL)/\(result.shortCode)")
            #expect(result.deduplicated == false)
            let stored = try await server.send(.get, "/api/links/\(result.linkId)", token: tenant.secretKey).decode(LinkJSON.self)
            #expect(stored.shortCode == result.shortCode)
            #expect(stored.content.title == "Shared")
        }
    }

    @Test func createLinkStoresEveryOption() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant(#"{"name": "Acme", "webFallbackUrl": "https://acme.test"}"#)
            let options = CreateLinkOptions(
                deepLinkParameters: ["product": "42"], title: "Product 42", description: "Look at this",
                customCode: "product-42", utmParameters: UTMParameters(source: "app", medium: "share"), externalUserId: "user-9"
            )
            let response = try await server.send(.post, "/api/sdk/v1/links", token: tenant.secretKey, body: .encoded(options))
            #expect(response.status == .created)
            let result = try response.decode(CreateLinkResult.self)
            #expect(result.shortCode == "product-42")
            let stored = try await server.send(.get, "/api/links/\(result.linkId)", token: tenant.secretKey).decode(LinkJSON.self)
            #expect(stored.content.deepLinkParameters == ["product": "42"])
            #expect(stored.content.title == "Product 42")
            #expect(stored.content.description == "Look at this")
            #expect(stored.content.utmParameters == UTMParameters(source: "app", medium: "share"))
            #expect(stored.externalUserId == "user-9")
        }
    }

    @Test func createLinkAppliesTheAppsNewestTemplate() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            _ = try await server.createTemplate(
                key: tenant.secretKey, body: #"{"name": "Old", "originalUrl": "https://acme.test/old"}"#
            )
            server.clock.advance(by: 1)
            let newest = try await server.createTemplate(
                key: tenant.secretKey,
                body: #"{"name": "New", "originalUrl": "https://acme.test/new", "utmParameters": {"source": "template"}}"#
            )
            let response = try await server.send(
                .post, "/api/sdk/v1/links", token: tenant.secretKey,
                body: .encoded(CreateLinkOptions(utmParameters: UTMParameters(campaign: "share")))
            )
            #expect(response.status == .created)
            let result = try response.decode(CreateLinkResult.self)
            #expect(result.url == "\(TestServer.publicURL)/new/\(result.shortCode)")
            let stored = try await server.send(.get, "/api/links/\(result.linkId)", token: tenant.secretKey).decode(LinkJSON.self)
            #expect(stored.templateId == newest.id)
            #expect(stored.content.originalUrl == "https://acme.test/new")
            #expect(stored.content.utmParameters == UTMParameters(source: "template", campaign: "share"))
        }
    }

    @Test func createLinkWithATemplateIdUsesThatTemplate() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let chosen = try await server.createTemplate(
                key: tenant.secretKey, body: #"{"name": "Chosen", "originalUrl": "https://acme.test/chosen"}"#
            )
            server.clock.advance(by: 1)
            _ = try await server.createTemplate(
                key: tenant.secretKey, body: #"{"name": "Newer", "originalUrl": "https://acme.test/newer"}"#
            )
            let result = try await server.send(
                .post, "/api/sdk/v1/links", token: tenant.secretKey, body: .encoded(CreateLinkOptions(templateId: chosen.id))
            ).decode(CreateLinkResult.self)
            #expect(result.url == "\(TestServer.publicURL)/chosen/\(result.shortCode)")
        }
    }

    @Test func createLinkWithAnUnknownTemplateIdAnswers404() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant(#"{"name": "Acme", "webFallbackUrl": "https://acme.test"}"#)
            let response = try await server.send(
                .post, "/api/sdk/v1/links", token: tenant.secretKey, body: .encoded(CreateLinkOptions(templateId: "no-such-template"))
            )
            expectAPIError(response, .notFound, code: "template_not_found")
        }
    }

    @Test func createLinkWithoutTemplateOrFallbackAnswers400() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let response = try await server.send(
                .post, "/api/sdk/v1/links", token: tenant.secretKey, body: .encoded(CreateLinkOptions(title: "Nowhere"))
            )
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test func sameExternalUserAndOptionsAreDeduplicated() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant(#"{"name": "Acme", "webFallbackUrl": "https://acme.test"}"#)
            let options = TestBody.encoded(CreateLinkOptions(deepLinkParameters: ["product": "42"], externalUserId: "user-1"))
            let first = try await server.send(.post, "/api/sdk/v1/links", token: tenant.secretKey, body: options)
            let second = try await server.send(.post, "/api/sdk/v1/links", token: tenant.secretKey, body: options)
            #expect(first.status == .created)
            #expect(second.status == .ok)
            let original = try first.decode(CreateLinkResult.self)
            let repeated = try second.decode(CreateLinkResult.self)
            #expect(repeated.deduplicated == true)
            #expect(repeated.linkId == original.linkId)
            #expect(repeated.url == original.url)
        }
    }

    @Test func createLinkWithATakenCustomCodeAnswers409() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant(#"{"name": "Acme", "webFallbackUrl": "https://acme.test"}"#)
            let options = TestBody.encoded(CreateLinkOptions(customCode: "promo"))
            #expect(try await server.send(.post, "/api/sdk/v1/links", token: tenant.secretKey, body: options).status == .created)
            expectAPIError(
                try await server.send(.post, "/api/sdk/v1/links", token: tenant.secretKey, body: options),
                .conflict, code: "short_code_taken"
            )
        }
    }

    @Test func createLinkNeedsALiveKey() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant(#"{"name": "Acme", "webFallbackUrl": "https://acme.test"}"#)
            let body = TestBody.encoded(CreateLinkOptions(title: "x"))
            expectAPIError(try await server.send(.post, "/api/sdk/v1/links", body: body), .unauthorized, code: "unauthorized")
            expectAPIError(
                try await server.send(.post, "/api/sdk/v1/links", token: "lf_pk_not_a_key", body: body), .unauthorized, code: "unauthorized"
            )
            let links = try await server.send(.get, "/api/links", token: tenant.secretKey).decode(PageJSON<LinkJSON>.self)
            #expect(links.data.isEmpty)
        }
    }
}
