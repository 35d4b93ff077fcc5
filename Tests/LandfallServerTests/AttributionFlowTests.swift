import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallServer
import LandfallStore
import Testing

/// The issue's "done when": a phone clicks, the page reports the device, the app reports its install.
@Suite("Install attribution through the SDK endpoints")
struct AttributionFlowTests {
    static let appJSON = """
        {"name": "Mealtime", "domains": ["go.mealtime.test"], "uriScheme": "mealtime",
         "iosAppStoreUrl": "https://apps.apple.com/app/id123456789", "androidPackageName": "com.example.mealtime"}
        """
    static let linkJSON = """
        {"originalUrl": "https://mealtime.test/recipes/42", "deepLinkPath": "/recipes/42",
         "deepLinkParameters": {"recipe": "42"}, "utmParameters": {"source": "newsletter", "campaign": "spring"}, "customCode": "pasta"}
        """
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    struct Phone {
        var address: String
        var browserAgent = RealUserAgents.iPhoneSafari
        var sdkAgent = "Mealtime/4.2.1 iOS/17.4"
        var width = 1179
        var height = 2556
        var timezone = "America/Chicago"
        var language = "en-US"
        var sdkLanguage = "en_US"
        var osVersion = "17.4"

        func installBody(extra: String = "") -> String {
            """
            {"userAgent": "\(sdkAgent)", "timezone": "\(timezone)", "language": "\(sdkLanguage)", "screenWidth": \(width),
             "screenHeight": \(height), "platform": "iOS", "platformVersion": "\(osVersion)", "appVersion": "4.2.1",
             "attributionWindowHours": 168\(extra)}
            """
        }
    }

    /// Runs a server that trusts X-Forwarded-For, with the app, a publishable key and the link.
    static func withSetup(
        setup: TestingSetup = .router,
        configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: @Sendable @escaping (TestServer, Tenant, String, LinkJSON) async throws -> Void
    ) async throws {
        try await TestServer.run(
            setup: setup,
            configure: {
                $0.trustProxy = true
                configure(&$0)
            }
        ) { server in
            let tenant = try await server.createTenant(appJSON)
            let publishable = try await server.createKey(appId: tenant.app.id, kind: .publishable).token
            let link = try await server.createLink(key: tenant.secretKey, body: linkJSON)
            try await body(server, tenant, publishable, link)
        }
    }

    /// Follows the link like the phone's browser and sends the page's beacon; returns the click token.
    static func click(_ server: TestServer, _ phone: Phone, path: String = "/pasta") async throws -> String {
        let page = try await server.send(
            .get, path, host: "go.mealtime.test", headers: [.userAgent: phone.browserAgent, forwardedFor: phone.address])
        #expect(page.status == .ok)
        let token = try #require(page.text.firstMatch(of: /"token":"([A-Za-z0-9]{22})"/)?.1).description
        let beacon = try await server.send(
            .post, "/api/v1/beacon", host: "go.mealtime.test",
            body: .raw(
                #"{"t":"\#(token)","sw":\#(phone.width),"sh":\#(phone.height),"tz":"\#(phone.timezone)","lang":"\#(phone.language)","touch":5}"#,
                contentType: "text/plain")
        )
        #expect(beacon.status == .noContent)
        return token
    }

    static func install(_ server: TestServer, key: String, _ phone: Phone, extra: String = "") async throws -> TestResponse {
        try await server.send(
            .post, "/api/sdk/v1/install", token: key, body: .json(phone.installBody(extra: extra)), headers: [forwardedFor: phone.address])
    }

    @Test func theSameIPhoneIsAttributedWithTheLinksDeepLinkData() async throws {
        try await Self.withSetup { server, _, publishable, link in
            let phone = Phone(address: "198.51.100.23")
            _ = try await Self.click(server, phone)
            server.clock.advance(by: 15 * 60)
            try await server.landfall.statistics.catchUp()
            let response = try await Self.install(server, key: publishable, phone)
            #expect(response.status == .ok)
            let answer = try response.decode(InstallResponse.self)
            #expect(answer.attributed)
            #expect(answer.method == "probabilistic")
            #expect(answer.confidenceScore >= 80)
            #expect(Set(answer.matchedFactors).isSuperset(of: ["ip", "screen", "timezone", "os_version"]))
            let data = try #require(answer.deepLinkData)
            #expect(data.shortCode == "pasta")
            #expect(data.linkId == link.id)
            #expect(data.deepLinkPath == "/recipes/42")
            #expect(data.customParameters == ["recipe": "42"])
            #expect(data.utmParameters == UTMParameters(source: "newsletter", campaign: "spring"))
            #expect(data.appScheme == "mealtime")
            #expect(data.clickedAt != nil)
        }
    }

    @Test func aDifferentDeviceIsOrganicWithNullDeepLinkData() async throws {
        try await Self.withSetup { server, _, publishable, _ in
            _ = try await Self.click(server, Phone(address: "198.51.100.23"))
            server.clock.advance(by: 15 * 60)
            var stranger = Phone(address: "203.0.113.77")
            stranger.width = 750
            stranger.height = 1334
            stranger.timezone = "Europe/Berlin"
            stranger.osVersion = "16.7"
            stranger.sdkAgent = "Mealtime/4.2.1 iOS/16.7"
            let response = try await Self.install(server, key: publishable, stranger)
            #expect(response.status == .ok)
            let object = try response.jsonObject()
            #expect(object["attributed"] as? Bool == false)
            #expect(object["method"] as? String == "organic")
            #expect(object["confidenceScore"] as? Double == 0)
            #expect(object["deepLinkData"] is NSNull)
        }
    }

    @Test func aClickTokenMatchesDeterministicallyFromAnotherNetwork() async throws {
        try await Self.withSetup { server, _, publishable, link in
            let token = try await Self.click(server, Phone(address: "198.51.100.23"))
            server.clock.advance(by: 3 * 86_400)
            var later = Phone(address: "192.0.2.200")
            later.timezone = "Asia/Tokyo"
            let answer = try await Self.install(
                server, key: publishable, later, extra: #", "installReferrer": "lf_click=\#(token)&utm_source=newsletter""#
            )
            .decode(InstallResponse.self)
            #expect(answer.method == "deterministic")
            #expect(answer.confidenceScore == 100)
            #expect(answer.deepLinkData?.linkId == link.id)
        }
    }

    @Test func aRetriedReportAnswersTheSameInstall() async throws {
        try await Self.withSetup { server, _, publishable, _ in
            _ = try await Self.click(server, Phone(address: "198.51.100.23"))
            server.clock.advance(by: 600)
            let phone = Phone(address: "198.51.100.23")
            let first = try await Self.install(server, key: publishable, phone).decode(InstallResponse.self)
            server.clock.advance(by: 60)
            let second = try await Self.install(server, key: publishable, phone).decode(InstallResponse.self)
            #expect(first.installId == second.installId)
            #expect(first.attributed == second.attributed)
            #expect(second.deepLinkData?.shortCode == "pasta")
        }
    }

    @Test func aClickIsNeverCreditedToTwoDevices() async throws {
        try await Self.withSetup { server, _, publishable, _ in
            let token = try await Self.click(server, Phone(address: "198.51.100.23"))
            server.clock.advance(by: 600)
            let first = try await Self.install(
                server, key: publishable, Phone(address: "198.51.100.23"), extra: #", "installKey": "device-one""#
            )
            .decode(InstallResponse.self)
            #expect(first.attributed)
            // A second device with the very same token and signals gets nothing from the consumed click.
            let second = try await Self.install(
                server, key: publishable, Phone(address: "198.51.100.23"),
                extra: #", "installKey": "device-two", "clickToken": "\#(token)""#
            ).decode(InstallResponse.self)
            #expect(second.installId != first.installId)
            #expect(second.attributed == false)
        }
    }

    @Test func anInstallNeedsToKnowItsApp() async throws {
        try await TestServer.run { server in
            _ = try await server.createTenant(#"{"name": "One"}"#)
            _ = try await server.createTenant(#"{"name": "Two"}"#)
            let response = try await server.send(.post, "/api/sdk/v1/install", body: .json(Phone(address: "198.51.100.1").installBody()))
            expectAPIError(response, .unauthorized, code: "app_key_required")
        }
    }

    @Test func aSingleAppDeploymentNeedsNoKey() async throws {
        try await TestServer.run { server in
            _ = try await server.createTenant(#"{"name": "Only"}"#)
            let response = try await server.send(.post, "/api/sdk/v1/install", body: .json(Phone(address: "198.51.100.1").installBody()))
            #expect(response.status == .ok)
            #expect(try response.decode(InstallResponse.self).attributed == false)
        }
    }

    @Test(arguments: [
        (#"{"timezone": "UTC"}"#, "invalid_field"),
        (#"{"userAgent": 5}"#, "invalid_field"),
        (#"{"userAgent": "x", "screenWidth": -1}"#, "invalid_field"),
        (#"{"userAgent": "x", "attributionWindowHours": 5000}"#, "invalid_field"),
        (#"{"userAgent": "x""#, "invalid_json"),
    ])
    func badInstallReportsAreRefused(body: String, code: String) async throws {
        try await Self.withSetup { server, _, publishable, _ in
            let response = try await server.send(.post, "/api/sdk/v1/install", token: publishable, body: .json(body))
            expectAPIError(response, .badRequest, code: code)
        }
    }

    @Test func theInstallIsReadableWithItsClickAndLink() async throws {
        try await Self.withSetup { server, tenant, publishable, link in
            _ = try await Self.click(server, Phone(address: "198.51.100.23"))
            server.clock.advance(by: 300)
            let answer = try await Self.install(server, key: publishable, Phone(address: "198.51.100.23")).decode(InstallResponse.self)
            let shown = try await server.send(.get, "/api/installs/\(answer.installId)", token: tenant.secretKey)
            #expect(shown.status == .ok)
            let object = try shown.jsonObject()
            #expect(object["method"] as? String == "probabilistic")
            #expect((object["link"] as? [String: Any])?["id"] as? String == link.id)
            #expect((object["click"] as? [String: Any])?["platform"] as? String == "ios")
            let other = try await server.createTenant(#"{"name": "Other"}"#)
            expectAPIError(
                try await server.send(.get, "/api/installs/\(answer.installId)", token: other.secretKey), .notFound,
                code: "install_not_found")
        }
    }
}
