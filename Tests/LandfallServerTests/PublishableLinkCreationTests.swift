import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallServer
import LandfallStore
import Testing

/// `POST /api/sdk/v1/links` with the publishable key an app ships: allowed for share links, limited to
/// what a share needs, and rate limited per app and per client address (issue 20).
@Suite("Share links with the publishable key")
struct PublishableLinkCreationTests {
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    /// A server that trusts `X-Forwarded-For` (so tests can speak from several addresses) with small limits.
    static func withApp(
        perAddress: Int = 3, perApp: Int = 5,
        _ body: @Sendable @escaping (TestServer, Tenant, IssuedKey) async throws -> Void
    ) async throws {
        try await TestServer.run(configure: {
            $0.trustProxy = true
            $0.sdkLinkLimits = SDKLinkLimits(
                perApp: .init(burst: perApp, per: .seconds(60)), perAddress: .init(burst: perAddress, per: .seconds(60))
            )
        }) { server in
            let tenant = try await server.createTenant(#"{"name": "Mealtime", "webFallbackUrl": "https://mealtime.test"}"#)
            let publishable = try await server.createKey(appId: tenant.app.id, kind: .publishable)
            try await body(server, tenant, publishable)
        }
    }

    static func share(_ server: TestServer, key: String, from address: String, _ options: CreateLinkOptions) async throws -> TestResponse {
        try await server.send(
            .post, "/api/sdk/v1/links", token: key, body: TestBody.encoded(options), headers: [forwardedFor: address]
        )
    }

    @Test func aPublishableKeyCreatesAShareLink() async throws {
        try await Self.withApp { server, tenant, publishable in
            let options = CreateLinkOptions(deepLinkParameters: ["recipe": "42"], title: "Pasta", externalUserId: "user-7")
            let response = try await Self.share(server, key: publishable.token, from: "203.0.113.5", options)
            #expect(response.status == .created, "\(response.text)")
            let result = try response.decode(CreateLinkResult.self)
            #expect(result.url.hasSuffix("/\(result.shortCode)"))
            let stored = try #require(try await server.storage.link(id: result.linkId, appId: tenant.app.id))
            #expect(stored.content.deepLinkParameters == ["recipe": "42"])
            #expect(stored.externalUserId == "user-7")
            // The same share again is the same link, not a new one and not an overwrite.
            let again = try await Self.share(server, key: publishable.token, from: "203.0.113.5", options)
            #expect(again.status == .ok)
            #expect(try again.decode(CreateLinkResult.self).linkId == result.linkId)
        }
    }

    @Test func aPublishableKeyCannotChooseTheShortCode() async throws {
        try await Self.withApp { server, tenant, publishable in
            let response = try await Self.share(
                server, key: publishable.token, from: "203.0.113.5", CreateLinkOptions(customCode: "summer-sale"))
            expectAPIError(response, .forbidden, code: "custom_code_not_allowed")
            #expect(try await server.storage.link(shortCode: "summer-sale", appId: tenant.app.id) == nil)
            // A backend with the secret key still can.
            let secret = try await server.send(
                .post, "/api/sdk/v1/links", token: tenant.secretKey, body: TestBody.encoded(CreateLinkOptions(customCode: "summer-sale"))
            )
            #expect(secret.status == .created)
        }
    }

    @Test func oneAddressIsRefusedPastItsBurstWithRetryAfter() async throws {
        try await Self.withApp(perAddress: 3, perApp: 100) { server, _, publishable in
            for index in 0..<3 {
                let response = try await Self.share(
                    server, key: publishable.token, from: "203.0.113.5", CreateLinkOptions(title: "share \(index)"))
                #expect(response.status == .created)
            }
            let refused = try await Self.share(
                server, key: publishable.token, from: "203.0.113.5", CreateLinkOptions(title: "one too many"))
            expectAPIError(refused, .tooManyRequests, code: "rate_limited")
            // 3 per 60 s: one token is back after 20 s.
            #expect(refused.headers[.retryAfter] == "20")
            // Another address of the same app is not affected.
            let other = try await Self.share(server, key: publishable.token, from: "198.51.100.9", CreateLinkOptions(title: "other"))
            #expect(other.status == .created)
            // After the wait the first address may share again.
            server.clock.advance(by: 20)
            let later = try await Self.share(server, key: publishable.token, from: "203.0.113.5", CreateLinkOptions(title: "later"))
            #expect(later.status == .created)
        }
    }

    @Test func theAppsBudgetCapsManyAddresses() async throws {
        try await Self.withApp(perAddress: 10, perApp: 4) { server, _, publishable in
            for index in 0..<4 {
                let response = try await Self.share(
                    server, key: publishable.token, from: "203.0.113.\(index + 1)", CreateLinkOptions(title: "\(index)"))
                #expect(response.status == .created)
            }
            let refused = try await Self.share(server, key: publishable.token, from: "203.0.113.99", CreateLinkOptions(title: "fifth"))
            expectAPIError(refused, .tooManyRequests, code: "rate_limited")
            #expect(refused.headers[.retryAfter] == "15")
        }
    }

    /// LinkForty's SDKs post to `/api/links` when the app names a template, with the same key.
    @Test func theDashboardEndpointTakesAShareLinkWithATemplate() async throws {
        try await Self.withApp { server, tenant, publishable in
            let template = try await server.createTemplate(
                key: tenant.secretKey, body: #"{"name": "Recipes", "slug": "recipes", "originalUrl": "https://mealtime.test/r"}"#
            )
            let body = #"{"templateId": "\#(template.id)", "deepLinkParameters": {"recipe": "7"}, "title": "Soup"}"#
            let response = try await server.send(
                .post, "/api/links", token: publishable.token, body: .json(body), headers: [Self.forwardedFor: "203.0.113.5"]
            )
            #expect(response.status == .created, "\(response.text)")
            let object = try response.jsonObject()
            #expect(object["id"] is String)
            #expect(object["short_code"] is String)
            #expect(object["templateId"] as? String == template.id)
        }
    }

    @Test(arguments: [
        #"{"originalUrl": "https://evil.test/login"}"#,
        #"{"title": "x", "iosAppStoreUrl": "https://evil.test"}"#,
        #"{"title": "x", "ogImageUrl": "https://evil.test/a.png"}"#,
        #"{"title": "x", "isActive": false}"#,
    ])
    func aPublishableKeyCannotSetDestinations(body: String) async throws {
        try await Self.withApp { server, tenant, publishable in
            let response = try await server.send(
                .post, "/api/links", token: publishable.token, body: .json(body), headers: [Self.forwardedFor: "203.0.113.5"]
            )
            expectAPIError(response, .forbidden, code: "field_not_allowed")
            let links = try await server.send(.get, "/api/links", token: tenant.secretKey).decode(PageJSON<LinkJSON>.self)
            #expect(links.data.isEmpty)
        }
    }

    @Test func secretKeysAreNotLimited() async throws {
        try await Self.withApp(perAddress: 1, perApp: 1) { server, tenant, _ in
            for index in 0..<5 {
                let response = try await Self.share(
                    server, key: tenant.secretKey, from: "203.0.113.5", CreateLinkOptions(title: "\(index)"))
                #expect(response.status == .created)
            }
        }
    }

    @Test func aPublishableKeyStillCannotManageLinks() async throws {
        try await Self.withApp { server, tenant, publishable in
            let link = try await server.createLink(key: tenant.secretKey)
            expectAPIError(try await server.send(.get, "/api/links", token: publishable.token), .forbidden, code: "forbidden")
            expectAPIError(
                try await server.send(.patch, "/api/links/\(link.id)", token: publishable.token, body: .json(#"{"title": "x"}"#)),
                .forbidden, code: "forbidden"
            )
            expectAPIError(try await server.send(.delete, "/api/links/\(link.id)", token: publishable.token), .forbidden, code: "forbidden")
        }
    }
}

@Suite("Rate limiter")
struct RateLimiterTests {
    final class Clock: @unchecked Sendable {
        // Only touched from the test's own task.
        var now = ContinuousClock.now
    }

    @Test func aBucketRefillsEvenlyOverItsPeriod() {
        let clock = Clock()
        let limiter = RateLimiter(limit: .init(burst: 4, per: .seconds(60)), now: { clock.now })
        for _ in 0..<4 { #expect(limiter.take("a") == .allowed) }
        #expect(limiter.take("a") == .limited(retryAfter: 15))
        clock.now += .seconds(14)
        #expect(limiter.take("a") == .limited(retryAfter: 1))
        clock.now += .seconds(1)
        #expect(limiter.take("a") == .allowed)
        #expect(limiter.take("b") == .allowed)
    }

    @Test func overAPeriodItAdmitsTheBurstPlusTheRefill() {
        let clock = Clock()
        let limiter = RateLimiter(limit: .init(burst: 10, per: .seconds(10)), now: { clock.now })
        var admitted = 0
        // One attempt every 100 ms for 60 s: 10 at once, then one a second.
        for _ in 0..<600 {
            if limiter.take("k") == .allowed { admitted += 1 }
            clock.now += .milliseconds(100)
        }
        #expect((69...70).contains(admitted))
    }

    @Test func memoryStaysBoundedByDroppingQuietKeys() {
        let clock = Clock()
        let limiter = RateLimiter(limit: .init(burst: 1, per: .seconds(1)), maxKeys: 100, now: { clock.now })
        for index in 0..<1_000 {
            #expect(limiter.take("key-\(index)") == .allowed)
            clock.now += .milliseconds(500)
        }
        // A key seen just now is still limited after the table was pruned.
        #expect(limiter.take("key-999") == .limited(retryAfter: 1))
    }
}
