import Foundation
import Hummingbird
import LandfallStore

/// `/.well-known/apple-app-site-association` and `/.well-known/assetlinks.json` for the app that owns the Host.
struct WellKnownController: Sendable {
    let storage: any LandfallStorage

    func register(on router: Router<LandfallRequestContext>) {
        router.get(".well-known/apple-app-site-association", use: appleAppSiteAssociation)
        router.get("apple-app-site-association", use: appleAppSiteAssociation)
        router.get(".well-known/assetlinks.json", use: assetLinks)
    }

    @Sendable func appleAppSiteAssociation(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await owningApp(request)
        guard let association = AppleAppSiteAssociation(settings: app.settings) else {
            throw APIError.notFound("ios_not_configured", "the app on this host has no iOS team ID and bundle IDs")
        }
        return try JSONResponse.make(association)
    }

    @Sendable func assetLinks(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await owningApp(request)
        guard let statements = AssetLink.statements(settings: app.settings) else {
            throw APIError.notFound("android_not_configured", "the app on this host has no Android package and certificate fingerprints")
        }
        return try JSONResponse.make(statements)
    }

    private func owningApp(_ request: Request) async throws -> AppRecord {
        guard let host = RedirectController.host(of: request), let app = try await storage.app(forHost: host) else {
            throw APIError.notFound("app_not_found", "no app serves links on this host")
        }
        return app
    }
}

/// Both formats in one file: `appIDs` + `components` for iOS 13+, `appID` + `paths` for older systems.
struct AppleAppSiteAssociation: Encodable {
    struct Detail: Encodable {
        var appID: String
        var paths: [String]
        var appIDs: [String]
        var components: [Component]
    }

    struct Component: Encodable {
        var path: String
        var exclude: Bool?
        var comment: String?

        enum CodingKeys: String, CodingKey {
            case path = "/"
            case exclude, comment
        }
    }

    struct AppLinks: Encodable {
        var apps: [String] = []
        var details: [Detail]
    }

    struct WebCredentials: Encodable {
        var apps: [String]
    }

    var applinks: AppLinks
    var webcredentials: WebCredentials

    /// The file an app's settings make: nil without a team ID and at least one bundle ID. The
    /// dashboard's settings page previews the same value.
    init?(settings: AppSettings) {
        guard let teamId = settings.iosTeamId, !settings.iosBundleIds.isEmpty else { return nil }
        self.init(appIDs: settings.iosBundleIds.map { "\(teamId).\($0)" })
    }

    init(appIDs: [String]) {
        // The server's own endpoints must open in the browser, never in the app.
        let components = [
            Component(path: "/api/*", exclude: true, comment: "Landfall API"),
            Component(path: "/health*", exclude: true, comment: "Landfall health checks"),
            Component(path: "/*", comment: "Short links"),
        ]
        let paths = ["NOT /api/*", "NOT /health*", "*"]
        applinks = AppLinks(details: appIDs.map { Detail(appID: $0, paths: paths, appIDs: [$0], components: components) })
        webcredentials = WebCredentials(apps: appIDs)
    }
}

struct AssetLink: Encodable {
    struct Target: Encodable {
        var namespace = "android_app"
        var packageName: String
        var sha256CertFingerprints: [String]

        enum CodingKeys: String, CodingKey {
            case namespace
            case packageName = "package_name"
            case sha256CertFingerprints = "sha256_cert_fingerprints"
        }
    }

    var relation = ["delegate_permission/common.handle_all_urls"]
    var target: Target

    init(package: String, fingerprints: [String]) {
        target = Target(packageName: package, sha256CertFingerprints: fingerprints)
    }

    /// The statements an app's settings make: nil without a package name and a fingerprint.
    static func statements(settings: AppSettings) -> [AssetLink]? {
        guard let package = settings.androidPackageName, !settings.androidSha256CertFingerprints.isEmpty else { return nil }
        return [AssetLink(package: package, fingerprints: settings.androidSha256CertFingerprints)]
    }
}
