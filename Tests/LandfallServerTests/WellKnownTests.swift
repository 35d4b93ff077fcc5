import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import Testing

@Suite("Well-known files: apple-app-site-association and assetlinks.json")
struct WellKnownTests {
    static let iosApp = #"""
        {"name": "Acme", "domains": ["go.acme.test"], "iosTeamId": "ABCDE12345", "iosBundleIds": ["com.acme.shop", "com.acme.beta"]}
        """#
    static let androidApp = #"""
        {"name": "Acme", "domains": ["go.acme.test"], "androidPackageName": "com.acme.shop",
         "androidSha256CertFingerprints": ["146de983c5730650d8eeb9952f34fc6416a08342e61dbea88a0496b23fcf44e5"]}
        """#
    static let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    struct AASA: Decodable {
        struct AppLinks: Decodable {
            var apps: [String]
            var details: [Detail]
        }

        struct Detail: Decodable {
            var appID: String
            var paths: [String]
            var appIDs: [String]
            var components: [[String: ComponentValue]]
        }

        enum ComponentValue: Decodable, Equatable {
            case text(String)
            case flag(Bool)

            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let flag = try? container.decode(Bool.self) {
                    self = .flag(flag)
                } else {
                    self = .text(try container.decode(String.self))
                }
            }
        }

        struct WebCredentials: Decodable {
            var apps: [String]
        }

        var applinks: AppLinks
        var webcredentials: WebCredentials
    }

    struct AssetLink: Decodable {
        struct Target: Decodable {
            var namespace: String
            var package_name: String
            var sha256_cert_fingerprints: [String]
        }

        var relation: [String]
        var target: Target
    }

    @Test func appleAppSiteAssociationListsBothFormatsForEveryBundle() async throws {
        try await TestServer.run { server in
            _ = try await server.createApp(Self.iosApp)
            let response = try await server.send(.get, "/.well-known/apple-app-site-association", host: "go.acme.test")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            let file = try response.decode(AASA.self)
            #expect(file.applinks.apps.isEmpty)
            #expect(file.applinks.details.map(\.appIDs) == [["ABCDE12345.com.acme.shop"], ["ABCDE12345.com.acme.beta"]])
            #expect(file.applinks.details.map(\.appID) == ["ABCDE12345.com.acme.shop", "ABCDE12345.com.acme.beta"])
            #expect(file.webcredentials.apps == ["ABCDE12345.com.acme.shop", "ABCDE12345.com.acme.beta"])
            for detail in file.applinks.details {
                #expect(detail.paths == ["NOT /api/*", "NOT /health*", "*"])
                #expect(detail.components.map { $0["/"] } == [.text("/api/*"), .text("/health*"), .text("/*")])
                #expect(detail.components.map { $0["exclude"] } == [.flag(true), .flag(true), nil])
            }
        }
    }

    @Test func appleAppSiteAssociationIsAlsoServedAtTheRoot() async throws {
        try await TestServer.run { server in
            _ = try await server.createApp(Self.iosApp)
            let response = try await server.send(.get, "/apple-app-site-association", host: "go.acme.test")
            #expect(response.status == .ok)
            #expect(try response.decode(AASA.self).applinks.details.count == 2)
        }
    }

    @Test func hostIsMatchedWithoutPortOrCase() async throws {
        try await TestServer.run { server in
            _ = try await server.createApp(Self.iosApp)
            let response = try await server.send(.get, "/.well-known/apple-app-site-association", host: "GO.Acme.Test:443")
            #expect(response.status == .ok)
        }
    }

    @Test func eachHostServesItsOwnAppsFile() async throws {
        try await TestServer.run { server in
            _ = try await server.createApp(Self.iosApp)
            _ = try await server.createApp(
                #"{"name": "Other", "domains": ["go.other.test"], "iosTeamId": "ZZZZZ99999", "iosBundleIds": ["com.other.app"]}"#
            )
            let acme = try await server.send(.get, "/.well-known/apple-app-site-association", host: "go.acme.test")
            let other = try await server.send(.get, "/.well-known/apple-app-site-association", host: "go.other.test")
            #expect(try acme.decode(AASA.self).webcredentials.apps == ["ABCDE12345.com.acme.shop", "ABCDE12345.com.acme.beta"])
            #expect(try other.decode(AASA.self).webcredentials.apps == ["ZZZZZ99999.com.other.app"])
        }
    }

    @Test func assetLinksDelegatesURLHandlingWithNormalisedFingerprints() async throws {
        try await TestServer.run { server in
            _ = try await server.createApp(Self.androidApp)
            let response = try await server.send(.get, "/.well-known/assetlinks.json", host: "go.acme.test")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            let links = try response.decode([AssetLink].self)
            #expect(links.count == 1)
            let link = try #require(links.first)
            #expect(link.relation == ["delegate_permission/common.handle_all_urls"])
            #expect(link.target.namespace == "android_app")
            #expect(link.target.package_name == "com.acme.shop")
            #expect(link.target.sha256_cert_fingerprints == [Self.fingerprint])
        }
    }

    @Test func wellKnownFilesNeedNoCredentials() async throws {
        try await TestServer.run { server in
            _ = try await server.createApp(
                #"""
                {"name": "Acme", "domains": ["go.acme.test"], "iosTeamId": "ABCDE12345", "iosBundleIds": ["com.acme.shop"],
                 "androidPackageName": "com.acme.shop", "androidSha256CertFingerprints": ["\#(Self.fingerprint)"]}
                """#
            )
            for path in ["/.well-known/apple-app-site-association", "/.well-known/assetlinks.json"] {
                let response = try await server.send(.get, path, token: "lf_sk_not_a_real_key", host: "go.acme.test")
                #expect(response.status == .ok, "\(path)")
            }
        }
    }

    @Test func unknownHostAnswers404JSON() async throws {
        try await TestServer.run { server in
            _ = try await server.createApp(Self.iosApp)
            for path in ["/.well-known/apple-app-site-association", "/.well-known/assetlinks.json"] {
                let response = try await server.send(.get, path, host: "unknown.test")
                expectAPIError(response, .notFound, code: "app_not_found")
            }
        }
    }

    @Test func appWithoutIOSConfigurationAnswers404ForAppleAppSiteAssociation() async throws {
        try await TestServer.run { server in
            _ = try await server.createApp(Self.androidApp)
            let response = try await server.send(.get, "/.well-known/apple-app-site-association", host: "go.acme.test")
            expectAPIError(response, .notFound, code: "ios_not_configured")
        }
    }

    @Test func appWithoutAndroidConfigurationAnswers404ForAssetLinks() async throws {
        try await TestServer.run { server in
            _ = try await server.createApp(Self.iosApp)
            let response = try await server.send(.get, "/.well-known/assetlinks.json", host: "go.acme.test")
            expectAPIError(response, .notFound, code: "android_not_configured")
        }
    }

    @Test func wellKnownFilesFollowAnAppsDomainChange() async throws {
        try await TestServer.run { server in
            let app = try await server.createApp(Self.iosApp)
            let patched = try await server.admin(.patch, "/api/apps/\(app.id)", body: .json(#"{"domains": ["new.acme.test"]}"#))
            #expect(patched.status == .ok)
            expectAPIError(
                try await server.send(.get, "/.well-known/apple-app-site-association", host: "go.acme.test"),
                .notFound, code: "app_not_found"
            )
            #expect(try await server.send(.get, "/.well-known/apple-app-site-association", host: "new.acme.test").status == .ok)
        }
    }
}
