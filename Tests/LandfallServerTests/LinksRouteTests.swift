import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallStore
import Testing

@Suite("Links API: /api/links")
struct LinksRouteTests {
    @Test func createLinkAnswers201WithItsURLAndTheSDKAliases() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let response = try await server.send(
                .post, "/api/links", token: tenant.secretKey, body: .json(#"{"originalUrl": "https://example.com/landing"}"#)
            )
            #expect(response.status == .created)
            let link = try response.decode(LinkJSON.self)
            #expect(link.shortCode.count == 7)
            #expect(link.url == "\(TestServer.publicURL)/\(link.shortCode)")
            #expect(link.linkId == link.id)
            #expect(link.snakeShortCode == link.shortCode)
            #expect(link.appId == tenant.app.id)
            #expect(link.deduplicated == false)
            #expect(link.isActive)
            #expect(link.content.originalUrl == "https://example.com/landing")
            #expect(link.createdAt == TestServer.startDate)
            // LinkForty's SDKs decode this answer as CreateLinkResult.
            let result = try response.decode(CreateLinkResult.self)
            #expect(result == CreateLinkResult(url: link.url, shortCode: link.shortCode, linkId: link.id, deduplicated: false))
        }
    }

    @Test func createLinkKeepsEveryContentField() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant(#"{"name": "Acme", "uriScheme": "acme"}"#)
            let link = try await server.createLink(
                key: tenant.secretKey,
                body: #"""
                    {
                        "originalUrl": "https://acme.test/p/42",
                        "iosAppStoreUrl": "https://apps.apple.com/app/id1",
                        "androidAppStoreUrl": "https://play.google.com/store/apps/details?id=com.acme",
                        "webFallbackUrl": "https://acme.test/fallback",
                        "iosUniversalLink": "https://acme.test/p/42",
                        "androidAppLink": "acme://p/42",
                        "deepLinkPath": "/p/42",
                        "deepLinkParameters": {"product": "42"},
                        "utmParameters": {"source": "newsletter", "campaign": "spring"},
                        "title": "Product 42",
                        "description": "Our best product",
                        "ogTitle": "Product 42 on Acme",
                        "ogImageUrl": "https://acme.test/p/42.png",
                        "targetingRules": {"countries": ["us", "FR"], "devices": ["IOS"], "languages": ["en-US"]},
                        "attributionWindowHours": 72,
                        "externalUserId": "user-1",
                        "expiresAt": "2026-02-01T00:00:00Z",
                        "isActive": false
                    }
                    """#)
            let content = link.content
            #expect(content.iosUniversalLink == "https://acme.test/p/42")
            #expect(content.androidAppLink == "acme://p/42")
            #expect(content.deepLinkPath == "/p/42")
            #expect(content.deepLinkParameters == ["product": "42"])
            #expect(content.utmParameters == UTMParameters(source: "newsletter", campaign: "spring"))
            #expect(content.title == "Product 42")
            #expect(content.ogImageUrl == "https://acme.test/p/42.png")
            #expect(content.targetingRules == TargetingRules(countries: ["US", "FR"], devices: ["ios"], languages: ["en"]))
            #expect(content.attributionWindowHours == 72)
            #expect(link.externalUserId == "user-1")
            #expect(link.expiresAt == LandfallJSON.parseTimestamp("2026-02-01T00:00:00Z"))
            #expect(!link.isActive)
        }
    }

    @Test func createLinkOnAnAppWithADomainUsesTheDomain() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant(#"{"name": "Acme", "domains": ["go.acme.test", "alt.acme.test"]}"#)
            let link = try await server.createLink(key: tenant.secretKey)
            #expect(link.url == "https://go.acme.test/\(link.shortCode)")
        }
    }

    @Test func createLinkWithACustomCodeUsesIt() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let link = try await server.createLink(
                key: tenant.secretKey, body: #"{"originalUrl": "https://example.com", "customCode": "Spring_Sale-2026"}"#
            )
            #expect(link.shortCode == "Spring_Sale-2026")
            #expect(link.url == "\(TestServer.publicURL)/Spring_Sale-2026")
        }
    }

    @Test func createLinkWithATakenCustomCodeAnswers409() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            _ = try await server.createLink(
                key: tenant.secretKey, body: #"{"originalUrl": "https://example.com/1", "customCode": "promo"}"#
            )
            let response = try await server.send(
                .post, "/api/links", token: tenant.secretKey,
                body: .json(#"{"originalUrl": "https://example.com/2", "customCode": "promo"}"#)
            )
            expectAPIError(response, .conflict, code: "short_code_taken")
        }
    }

    @Test func createLinkFromATemplateAppliesItsDefaults() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let template = try await server.createTemplate(
                key: tenant.secretKey,
                body: #"""
                    {
                        "name": "Spring",
                        "originalUrl": "https://acme.test/spring",
                        "deepLinkParameters": {"campaign": "spring", "shelf": "top"},
                        "utmParameters": {"source": "template", "medium": "email"},
                        "title": "Template title"
                    }
                    """#)
            let link = try await server.createLink(
                key: tenant.secretKey,
                body: #"""
                    {
                        "templateId": "\#(template.id)",
                        "deepLinkParameters": {"shelf": "bottom"},
                        "utmParameters": {"source": "link"}
                    }
                    """#)
            #expect(link.templateId == template.id)
            #expect(link.templateSlug == "spring")
            #expect(link.url == "\(TestServer.publicURL)/spring/\(link.shortCode)")
            #expect(link.content.originalUrl == "https://acme.test/spring")
            #expect(link.content.title == "Template title")
            #expect(link.content.deepLinkParameters == ["campaign": "spring", "shelf": "bottom"])
            #expect(link.content.utmParameters == UTMParameters(source: "link", medium: "email"))
        }
    }

    @Test func createLinkWithAnUnknownTemplateAnswers404() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let response = try await server.send(
                .post, "/api/links", token: tenant.secretKey,
                body: .json(#"{"originalUrl": "https://example.com", "templateId": "no-such-template"}"#)
            )
            expectAPIError(response, .notFound, code: "template_not_found")
        }
    }

    @Test func createLinkWithoutADestinationFallsBackToTheAppsWebFallback() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant(#"{"name": "Acme", "webFallbackUrl": "https://acme.test"}"#)
            let response = try await server.send(.post, "/api/links", token: tenant.secretKey, body: .json(#"{"title": "Home"}"#))
            #expect(response.status == .created)
            #expect(try response.decode(LinkJSON.self).content.originalUrl == nil)
        }
    }

    @Test func sameExternalUserAndContentIsDeduplicated() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let body = TestBody.json(#"{"originalUrl": "https://example.com/share", "externalUserId": "user-7"}"#)
            let first = try await server.send(.post, "/api/links", token: tenant.secretKey, body: body)
            #expect(first.status == .created)
            let second = try await server.send(.post, "/api/links", token: tenant.secretKey, body: body)
            #expect(second.status == .ok)
            let original = try first.decode(LinkJSON.self)
            let repeated = try second.decode(LinkJSON.self)
            #expect(repeated.deduplicated == true)
            #expect(repeated.id == original.id)
            #expect(repeated.shortCode == original.shortCode)
        }
    }

    @Test func repeatingACustomCodeRequestForTheSameUserIsDeduplicatedNotAConflict() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let body = TestBody.json(#"{"originalUrl": "https://example.com", "customCode": "mine", "externalUserId": "user-7"}"#)
            let first = try await server.send(.post, "/api/links", token: tenant.secretKey, body: body)
            #expect(first.status == .created)
            let second = try await server.send(.post, "/api/links", token: tenant.secretKey, body: body)
            #expect(second.status == .ok)
            #expect(try second.decode(LinkJSON.self).id == first.decode(LinkJSON.self).id)
        }
    }

    @Test func differentContentForTheSameExternalUserIsANewLink() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let first = try await server.createLink(
                key: tenant.secretKey, body: #"{"originalUrl": "https://example.com/a", "externalUserId": "user-7"}"#
            )
            let response = try await server.send(
                .post, "/api/links", token: tenant.secretKey,
                body: .json(#"{"originalUrl": "https://example.com/b", "externalUserId": "user-7"}"#)
            )
            #expect(response.status == .created)
            let second = try response.decode(LinkJSON.self)
            #expect(second.id != first.id)
            #expect(second.deduplicated == false)
        }
    }

    @Test func linksWithoutAnExternalUserAreNeverDeduplicated() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let body = TestBody.json(#"{"originalUrl": "https://example.com/same"}"#)
            let first = try await server.send(.post, "/api/links", token: tenant.secretKey, body: body)
            let second = try await server.send(.post, "/api/links", token: tenant.secretKey, body: body)
            #expect(first.status == .created)
            #expect(second.status == .created)
            #expect(try first.decode(LinkJSON.self).id != second.decode(LinkJSON.self).id)
        }
    }

    @Test func getLinkShowsTheLink() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let created = try await server.createLink(key: tenant.secretKey)
            let response = try await server.send(.get, "/api/links/\(created.id)", token: tenant.secretKey)
            #expect(response.status == .ok)
            let link = try response.decode(LinkJSON.self)
            #expect(link.id == created.id)
            #expect(link.shortCode == created.shortCode)
            #expect(link.url == created.url)
            #expect(link.content == created.content)
        }
    }

    @Test func listLinksPagesNewestFirstWithoutGapsOrRepeats() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            var created: [String] = []
            for index in 0..<5 {
                let link = try await server.createLink(key: tenant.secretKey, body: #"{"originalUrl": "https://example.com/\#(index)"}"#)
                created.append(link.id)
                server.clock.advance(by: 1)
            }
            var seen: [String] = []
            var cursor: String?
            var pages = 0
            repeat {
                let query = cursor.map { "?limit=2&cursor=\($0)" } ?? "?limit=2"
                let response = try await server.send(.get, "/api/links\(query)", token: tenant.secretKey)
                #expect(response.status == .ok)
                let page = try response.decode(PageJSON<LinkJSON>.self)
                #expect(page.data.count <= 2)
                seen += page.data.map(\.id)
                cursor = page.nextCursor
                pages += 1
            } while cursor != nil && pages < 10
            #expect(pages == 3)
            #expect(seen == created.reversed())
        }
    }

    @Test func listLinksPagesLinksCreatedInTheSameMillisecond() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            var created: Set<String> = []
            for index in 0..<5 {
                let link = try await server.createLink(key: tenant.secretKey, body: #"{"originalUrl": "https://example.com/\#(index)"}"#)
                created.insert(link.id)
            }
            let first = try await server.send(.get, "/api/links?limit=3", token: tenant.secretKey).decode(PageJSON<LinkJSON>.self)
            let cursor = try #require(first.nextCursor)
            let second = try await server.send(.get, "/api/links?limit=3&cursor=\(cursor)", token: tenant.secretKey)
                .decode(PageJSON<LinkJSON>.self)
            #expect(second.nextCursor == nil)
            #expect(Set(first.data.map(\.id) + second.data.map(\.id)) == created)
            #expect(first.data.count + second.data.count == 5)
        }
    }

    @Test func listLinksFiltersByExternalUser() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let mine = try await server.createLink(
                key: tenant.secretKey, body: #"{"originalUrl": "https://example.com/a", "externalUserId": "user-1"}"#
            )
            _ = try await server.createLink(
                key: tenant.secretKey, body: #"{"originalUrl": "https://example.com/b", "externalUserId": "user-2"}"#
            )
            _ = try await server.createLink(key: tenant.secretKey)
            let page = try await server.send(.get, "/api/links?externalUserId=user-1", token: tenant.secretKey)
                .decode(PageJSON<LinkJSON>.self)
            #expect(page.data.map(\.id) == [mine.id])
        }
    }

    @Test func listLinksFiltersByTemplate() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let template = try await server.createTemplate(
                key: tenant.secretKey, body: #"{"name": "Spring", "originalUrl": "https://acme.test/spring"}"#
            )
            let fromTemplate = try await server.createLink(key: tenant.secretKey, body: #"{"templateId": "\#(template.id)"}"#)
            _ = try await server.createLink(key: tenant.secretKey)
            let page = try await server.send(.get, "/api/links?templateId=\(template.id)", token: tenant.secretKey)
                .decode(PageJSON<LinkJSON>.self)
            #expect(page.data.map(\.id) == [fromTemplate.id])
        }
    }

    @Test func listLinksFiltersByActiveState() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let active = try await server.createLink(key: tenant.secretKey)
            let inactive = try await server.createLink(
                key: tenant.secretKey, body: #"{"originalUrl": "https://example.com/off", "isActive": false}"#
            )
            let activePage = try await server.send(.get, "/api/links?isActive=true", token: tenant.secretKey)
                .decode(PageJSON<LinkJSON>.self)
            #expect(activePage.data.map(\.id) == [active.id])
            let inactivePage = try await server.send(.get, "/api/links?isActive=false", token: tenant.secretKey)
                .decode(PageJSON<LinkJSON>.self)
            #expect(inactivePage.data.map(\.id) == [inactive.id])
        }
    }

    @Test func patchLinkChangesOnlyTheFieldsItNames() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let created = try await server.createLink(
                key: tenant.secretKey, body: #"{"originalUrl": "https://example.com/old", "title": "Kept", "externalUserId": "user-1"}"#
            )
            server.clock.advance(by: 90)
            let response = try await server.send(
                .patch, "/api/links/\(created.id)", token: tenant.secretKey,
                body: .json(#"{"originalUrl": "https://example.com/new", "isActive": false}"#)
            )
            #expect(response.status == .ok)
            let link = try response.decode(LinkJSON.self)
            #expect(link.content.originalUrl == "https://example.com/new")
            #expect(!link.isActive)
            #expect(link.content.title == "Kept")
            #expect(link.externalUserId == "user-1")
            #expect(link.shortCode == created.shortCode)
            #expect(link.createdAt == created.createdAt)
            #expect(link.updatedAt == TestServer.startDate.addingTimeInterval(90))
            let stored = try await server.send(.get, "/api/links/\(created.id)", token: tenant.secretKey).decode(LinkJSON.self)
            #expect(stored.content.originalUrl == "https://example.com/new")
            #expect(!stored.isActive)
        }
    }

    @Test func patchLinkNullClearsAField() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let created = try await server.createLink(
                key: tenant.secretKey,
                body: #"""
                    {"originalUrl": "https://example.com", "title": "Gone soon", "expiresAt": "2026-03-01T00:00:00Z",
                     "deepLinkParameters": {"a": "1", "b": "2"}}
                    """#)
            let response = try await server.send(
                .patch, "/api/links/\(created.id)", token: tenant.secretKey,
                body: .json(#"{"title": null, "expiresAt": null, "deepLinkParameters": {"a": null}}"#)
            )
            #expect(response.status == .ok)
            let body = try response.jsonObject()
            #expect(body["title"] == nil)
            #expect(body["expiresAt"] == nil)
            let link = try response.decode(LinkJSON.self)
            #expect(link.content.deepLinkParameters == ["b": "2"])
            #expect(link.content.originalUrl == "https://example.com")
        }
    }

    @Test func patchLinkKeepsTheExpiryItDoesNotName() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let created = try await server.createLink(
                key: tenant.secretKey, body: #"{"originalUrl": "https://example.com", "expiresAt": "2026-03-01T12:30:00Z"}"#
            )
            let link = try await server.send(
                .patch, "/api/links/\(created.id)", token: tenant.secretKey, body: .json(#"{"title": "New title"}"#)
            ).decode(LinkJSON.self)
            #expect(link.expiresAt == created.expiresAt)
            #expect(link.content.title == "New title")
        }
    }

    @Test func patchLinkCannotChangeTheShortCode() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let created = try await server.createLink(key: tenant.secretKey)
            let response = try await server.send(
                .patch, "/api/links/\(created.id)", token: tenant.secretKey, body: .json(#"{"shortCode": "hijack"}"#)
            )
            expectAPIError(response, .badRequest, code: "invalid_field")
            let stored = try await server.send(.get, "/api/links/\(created.id)", token: tenant.secretKey).decode(LinkJSON.self)
            #expect(stored.shortCode == created.shortCode)
        }
    }

    @Test func patchLinkCannotChangeTheIdOrTemplate() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let created = try await server.createLink(key: tenant.secretKey)
            for patch in [#"{"id": "other"}"#, #"{"linkId": "other"}"#, #"{"templateId": "other"}"#, #"{"appId": "other"}"#] {
                let response = try await server.send(
                    .patch, "/api/links/\(created.id)", token: tenant.secretKey, body: .json(patch)
                )
                expectAPIError(response, .badRequest, code: "invalid_field")
            }
        }
    }

    @Test func patchLinkIsValidatedLikeACreate() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let created = try await server.createLink(key: tenant.secretKey)
            let response = try await server.send(
                .patch, "/api/links/\(created.id)", token: tenant.secretKey, body: .json(#"{"originalUrl": "javascript:alert(1)"}"#)
            )
            expectAPIError(response, .badRequest, code: "invalid_field")
            let stored = try await server.send(.get, "/api/links/\(created.id)", token: tenant.secretKey).decode(LinkJSON.self)
            #expect(stored.content.originalUrl == created.content.originalUrl)
        }
    }

    @Test func deleteLinkAnswers204ThenGetAnswers404() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let link = try await server.createLink(key: tenant.secretKey)
            let deleted = try await server.send(.delete, "/api/links/\(link.id)", token: tenant.secretKey)
            #expect(deleted.status == .noContent)
            expectAPIError(
                try await server.send(.get, "/api/links/\(link.id)", token: tenant.secretKey), .notFound, code: "link_not_found"
            )
            expectAPIError(
                try await server.send(.delete, "/api/links/\(link.id)", token: tenant.secretKey), .notFound, code: "link_not_found"
            )
        }
    }

    @Test func deleteLinkFreesItsCustomCode() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let body = #"{"originalUrl": "https://example.com", "customCode": "reuse-me"}"#
            let first = try await server.createLink(key: tenant.secretKey, body: body)
            #expect(try await server.send(.delete, "/api/links/\(first.id)", token: tenant.secretKey).status == .noContent)
            let second = try await server.createLink(key: tenant.secretKey, body: body)
            #expect(second.shortCode == "reuse-me")
            #expect(second.id != first.id)
        }
    }

    @Test func unknownLinkIdAnswers404ForEveryLinkRoute() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            expectAPIError(
                try await server.send(.get, "/api/links/no-such-link", token: tenant.secretKey), .notFound, code: "link_not_found"
            )
            expectAPIError(
                try await server.send(.patch, "/api/links/no-such-link", token: tenant.secretKey, body: .json(#"{"title": "x"}"#)),
                .notFound, code: "link_not_found"
            )
            expectAPIError(
                try await server.send(.delete, "/api/links/no-such-link", token: tenant.secretKey), .notFound, code: "link_not_found"
            )
        }
    }
}
