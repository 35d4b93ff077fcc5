import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallServer
import LandfallStore
import LandfallTestSupport
import Testing

/// An app that switched iOS probabilistic matching off (Apple's policy against fingerprinting):
/// its iOS installs match only through click tokens; Android is unaffected. On both engines.
@Suite("Attribution with iOS probabilistic matching off")
struct IOSProbabilisticMatchingTests {
    typealias Flow = AttributionFlowTests

    static let appJSON = """
        {"name": "Mealtime", "domains": ["go.mealtime.test"], "uriScheme": "mealtime",
         "androidPackageName": "com.example.mealtime", "iosProbabilisticMatching": false}
        """

    /// A Pixel whose browser names its model, so a click and the app's report share every signal.
    static let pixel = Flow.Phone(
        address: "198.51.100.41",
        browserAgent:
            "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
        sdkAgent: "Mealtime/4.2.1 Android/14", width: 1080, height: 2400, timezone: "America/Chicago", language: "en-US",
        sdkLanguage: "en_US", osVersion: "14"
    )

    /// A server on `engine` with the switched-off app, its publishable key and the `pasta` link.
    static func withSetup(
        _ engine: TestEngine, _ body: @Sendable @escaping (TestServer, Tenant, String, LinkJSON) async throws -> Void
    ) async throws {
        let database = try await TestDatabases.fresh(engine)
        try await TestServer.run(configure: {
            $0.trustProxy = true
            $0.database = database
            $0.migrate = true
        }) { server in
            let tenant = try await server.createTenant(appJSON)
            let publishable = try await server.createKey(appId: tenant.app.id, kind: .publishable).token
            let link = try await server.createLink(key: tenant.secretKey, body: Flow.linkJSON)
            try await body(server, tenant, publishable, link)
        }
    }

    static func installAndroid(_ server: TestServer, key: String, _ phone: Flow.Phone) async throws -> InstallResponse {
        let body = """
            {"userAgent": "\(phone.sdkAgent)", "timezone": "\(phone.timezone)", "language": "\(phone.sdkLanguage)",
             "screenWidth": \(phone.width), "screenHeight": \(phone.height), "platform": "Android", "platformVersion": "\(phone.osVersion)",
             "deviceModel": "Pixel 8", "appVersion": "4.2.1", "attributionWindowHours": 168}
            """
        let response = try await server.send(
            .post, "/api/sdk/v1/install", token: key, body: .json(body), headers: [Flow.forwardedFor: phone.address])
        #expect(response.status == .ok, "body: \(response.text)")
        return try response.decode(InstallResponse.self)
    }

    @Test(arguments: TestEngine.allCases)
    func anIPhoneThatWouldMatchOnSignalsIsOrganic(engine: TestEngine) async throws {
        try await Self.withSetup(engine) { server, tenant, publishable, _ in
            let phone = Flow.Phone(address: "198.51.100.23")
            _ = try await Flow.click(server, phone)
            server.clock.advance(by: 15 * 60)
            try await server.landfall.statistics.catchUp()
            let answer = try await Flow.install(server, key: publishable, phone).decode(InstallResponse.self)
            #expect(answer.attributed == false)
            #expect(answer.method == "organic")
            #expect(answer.confidenceScore == 0)
            #expect(answer.deepLinkData == nil)
            let stored = try #require(try await server.storage.install(id: answer.installId, appId: tenant.app.id))
            #expect(stored.clickId == nil)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func anIPhoneWithItsClickTokenStillMatches(engine: TestEngine) async throws {
        try await Self.withSetup(engine) { server, _, publishable, link in
            let phone = Flow.Phone(address: "198.51.100.23")
            let token = try await Flow.click(server, phone)
            server.clock.advance(by: 15 * 60)
            let answer = try await Flow.install(server, key: publishable, phone, extra: #", "clickToken": "\#(token)""#)
                .decode(InstallResponse.self)
            #expect(answer.method == "deterministic")
            #expect(answer.confidenceScore == 100)
            #expect(answer.deepLinkData?.linkId == link.id)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func anAndroidPhoneStillMatchesOnSignals(engine: TestEngine) async throws {
        try await Self.withSetup(engine) { server, _, publishable, link in
            _ = try await Flow.click(server, Self.pixel)
            server.clock.advance(by: 15 * 60)
            try await server.landfall.statistics.catchUp()
            let answer = try await Self.installAndroid(server, key: publishable, Self.pixel)
            #expect(answer.method == "probabilistic")
            #expect(answer.attributed)
            #expect(answer.deepLinkData?.linkId == link.id)
        }
    }

    @Test func switchingItBackOnMatchesTheNextIPhoneOnSignals() async throws {
        try await Self.withSetup(.sqlite) { server, tenant, publishable, _ in
            let patched = try await server.admin(.patch, "/api/apps/\(tenant.app.id)", body: .json(#"{"iosProbabilisticMatching": true}"#))
            #expect(patched.status == .ok)
            let phone = Flow.Phone(address: "198.51.100.23")
            _ = try await Flow.click(server, phone)
            server.clock.advance(by: 15 * 60)
            try await server.landfall.statistics.catchUp()
            let answer = try await Flow.install(server, key: publishable, phone).decode(InstallResponse.self)
            #expect(answer.method == "probabilistic")
        }
    }
}
