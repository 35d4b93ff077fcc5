import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallServer
import LandfallStore
import Testing

/// The token buckets in front of the JSON API (issue 16): per client address, per key and per app on
/// the management, SDK and S2S routes; 429 with `Retry-After` once a bucket is empty; refilled as the
/// injected clock moves.
@Suite("API rate limits")
struct APIRateLimitTests {
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let roomy = RateLimiter.Limit(burst: 1_000, per: .seconds(60))

    static func family(address: Int? = nil, credential: Int? = nil, app: Int? = nil, per seconds: Int64 = 60) -> APIRateLimits.Family {
        func limit(_ burst: Int?) -> RateLimiter.Limit { burst.map { .init(burst: $0, per: .seconds(seconds)) } ?? roomy }
        return .init(perAddress: limit(address), perCredential: limit(credential), perApp: limit(app))
    }

    static func limited(
        sdk: APIRateLimits.Family = family(), s2s: APIRateLimits.Family = family(), management: APIRateLimits.Family = family(),
        enabled: Bool = true
    ) -> (inout ServerConfiguration) -> Void {
        { configuration in
            configuration.trustProxy = true
            configuration.apiRateLimits = APIRateLimits(enabled: enabled, sdk: sdk, s2s: s2s, management: management)
        }
    }

    /// An SDK request that any publishable key may make; the code does not exist, which is a 404 the
    /// limiter counts like any other answer.
    static func resolve(_ server: TestServer, key: String, from address: String) async throws -> TestResponse {
        try await server.send(.get, "/api/sdk/v1/resolve/nothing-here", token: key, headers: [forwardedFor: address])
    }

    static func expectLimited(
        _ response: TestResponse, retryAfter: String, saying words: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        expectAPIError(response, .tooManyRequests, code: "rate_limited", sourceLocation: sourceLocation)
        #expect(response.headers[.retryAfter] == retryAfter, sourceLocation: sourceLocation)
        #expect(response.text.contains(words), "\(response.text)", sourceLocation: sourceLocation)
    }

    @Test func theAdminTokenAndEachSecretKeyHaveTheirOwnManagementBucket() async throws {
        let clock = TestClock()
        try await TestServer.run(clock: clock, configure: Self.limited(management: Self.family(credential: 4))) { server in
            // Two of the admin token's four: the app and its secret key.
            let tenant = try await server.createTenant()
            for _ in 0..<2 {
                #expect(try await server.admin(.get, "/api/apps").status == .ok)
            }
            let refused = try await server.admin(.get, "/api/apps")
            // 4 per 60 s: a token is back 15 s after the bucket ran dry.
            Self.expectLimited(refused, retryAfter: "15", saying: "with this key")
            // The secret key was not touched by the admin's requests.
            for _ in 0..<4 {
                #expect(try await server.send(.get, "/api/links", token: tenant.secretKey).status == .ok)
            }
            Self.expectLimited(
                try await server.send(.get, "/api/links", token: tenant.secretKey), retryAfter: "15", saying: "with this key")
            clock.advance(by: 14)
            Self.expectLimited(try await server.admin(.get, "/api/apps"), retryAfter: "1", saying: "with this key")
            clock.advance(by: 1)
            #expect(try await server.admin(.get, "/api/apps").status == .ok)
            // One token back, spent: the next waits again.
            Self.expectLimited(try await server.admin(.get, "/api/apps"), retryAfter: "15", saying: "with this key")
        }
    }

    @Test func oneNoisyAddressDoesNotStarveAnotherOnTheSDKRoutes() async throws {
        let clock = TestClock()
        try await TestServer.run(clock: clock, configure: Self.limited(sdk: Self.family(address: 3))) { server in
            let tenant = try await server.createTenant()
            let publishable = try await server.createKey(appId: tenant.app.id, kind: .publishable)
            for _ in 0..<3 {
                #expect(try await Self.resolve(server, key: publishable.token, from: "203.0.113.5").status == .notFound)
            }
            Self.expectLimited(
                try await Self.resolve(server, key: publishable.token, from: "203.0.113.5"), retryAfter: "20", saying: "from this address")
            #expect(try await Self.resolve(server, key: publishable.token, from: "198.51.100.9").status == .notFound)
            #expect(try await Self.resolve(server, key: publishable.token, from: "2001:db8::7").status == .notFound)
            clock.advance(by: 20)
            #expect(try await Self.resolve(server, key: publishable.token, from: "203.0.113.5").status == .notFound)
        }
    }

    @Test func keysOfOneAppShareItsAppBucketAndOtherAppsDoNot() async throws {
        let clock = TestClock()
        try await TestServer.run(clock: clock, configure: Self.limited(sdk: Self.family(credential: 2, app: 3))) { server in
            let tenant = try await server.createTenant()
            let first = try await server.createKey(appId: tenant.app.id, kind: .publishable)
            let second = try await server.createKey(appId: tenant.app.id, kind: .publishable)
            let otherApp = try await server.createTenant(#"{"name": "Other"}"#)
            let otherKey = try await server.createKey(appId: otherApp.app.id, kind: .publishable)

            for _ in 0..<2 {
                #expect(try await Self.resolve(server, key: first.token, from: "203.0.113.5").status == .notFound)
            }
            // The key's own bucket refuses before the app's is touched.
            Self.expectLimited(
                try await Self.resolve(server, key: first.token, from: "203.0.113.5"), retryAfter: "30", saying: "with this key")
            #expect(try await Self.resolve(server, key: second.token, from: "203.0.113.6").status == .notFound)
            // The app's third token is gone: its second key is refused too, with the app's wait.
            Self.expectLimited(
                try await Self.resolve(server, key: second.token, from: "203.0.113.6"), retryAfter: "20", saying: "for this app")
            #expect(try await Self.resolve(server, key: otherKey.token, from: "203.0.113.5").status == .notFound)
        }
    }

    @Test func serverToServerRoutesAreLimitedAndRefill() async throws {
        let clock = TestClock()
        try await TestServer.run(clock: clock, configure: Self.limited(s2s: Self.family(credential: 1, per: 10))) { server in
            let tenant = try await server.createTenant()
            let first = try await server.send(.post, "/api/s2s/v1/clicks", token: tenant.secretKey, body: .json("{}"))
            #expect(first.status != .tooManyRequests)
            Self.expectLimited(
                try await server.send(.post, "/api/s2s/v1/clicks", token: tenant.secretKey, body: .json("{}")), retryAfter: "10",
                saying: "with this key"
            )
            clock.advance(by: 9.5)
            Self.expectLimited(
                try await server.send(.post, "/api/s2s/v1/clicks", token: tenant.secretKey, body: .json("{}")), retryAfter: "1",
                saying: "with this key"
            )
            clock.advance(by: 0.5)
            #expect(try await server.send(.post, "/api/s2s/v1/clicks", token: tenant.secretKey, body: .json("{}")).status == first.status)
            // Management with the same key is another family, with its own buckets.
            #expect(try await server.send(.get, "/api/links", token: tenant.secretKey).status == .ok)
        }
    }

    @Test func unknownKeysCountOnlyAgainstTheirAddress() async throws {
        try await TestServer.run(configure: Self.limited(sdk: Self.family(address: 2, credential: 1, app: 1))) { server in
            for index in 0..<2 {
                let response = try await Self.resolve(server, key: "lf_pk_made_up_\(index)", from: "203.0.113.5")
                expectAPIError(response, .unauthorized, code: "unauthorized")
            }
            Self.expectLimited(
                try await Self.resolve(server, key: "lf_pk_made_up_3", from: "203.0.113.5"), retryAfter: "30", saying: "from this address")
        }
    }

    @Test func redirectsAndSwitchedOffLimitsAreNeverRefused() async throws {
        let tiny = Self.family(address: 1, credential: 1, app: 1)
        try await TestServer.run(configure: Self.limited(sdk: tiny, s2s: tiny, management: tiny)) { server in
            // The redirect path is registered before the limiter and is outside its families anyway.
            for _ in 0..<5 {
                let response = try await server.send(.get, "/no-such-code", headers: [Self.forwardedFor: "203.0.113.5"])
                #expect(response.status != .tooManyRequests)
            }
        }
        try await TestServer.run(configure: Self.limited(sdk: tiny, s2s: tiny, management: tiny, enabled: false)) { server in
            for _ in 0..<5 {
                let response = try await server.admin(.get, "/api/apps")
                #expect(response.status == .ok)
            }
        }
    }

    @Test func scalingKeepsThePeriodsAndNeverReachesZero() {
        let scaled = APIRateLimits().scaled(by: 0.1)
        #expect(scaled.sdk.perAddress == .init(burst: 1_200, per: .seconds(60)))
        #expect(scaled.management.perApp == .init(burst: 6_000, per: .seconds(60)))
        let tiny = APIRateLimits(sdk: Self.family(address: 3)).scaled(by: 0.01)
        #expect(tiny.sdk.perAddress.burst == 1)
        #expect(tiny.enabled)
    }
}
