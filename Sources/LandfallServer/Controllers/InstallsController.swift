import Foundation
import Hummingbird
import LandfallModels
import LandfallStore

/// `GET /api/installs/:id`: an install with how it was attributed, its click and link; secret key.
struct InstallsController: Sendable {
    let storage: any LandfallStorage
    let authenticator: Authenticator
    let links: LinkService

    struct InstallView: Encodable {
        struct Click: Encodable {
            var id: String
            var clickedAt: Date
            var platform: String
            var osVersion: String?
            var inAppBrowser: String?
        }

        struct Link: Encodable {
            var id: String
            var shortCode: String
            var url: String
        }

        var id: String
        var appId: String
        var createdAt: Date
        var attributed: Bool
        var method: InstallMethod
        var confidence: Int
        var matchedFactors: [String]
        var platform: String
        var osVersion: String?
        var appVersion: String?
        var click: Click?
        var link: Link?
        var events: Int
    }

    func register(on router: Router<LandfallRequestContext>) {
        router.get("api/installs/:installId", use: show)
    }

    @Sendable func show(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        let installId = try context.parameters.require("installId")
        guard let install = try await storage.install(id: installId, appId: app.id) else {
            throw APIError.notFound("install_not_found", "no install with that id")
        }
        let click = try await install.clickId.asyncMap { try await storage.click(id: $0, appId: app.id) } ?? nil
        let link = try await install.linkId.asyncMap { try await storage.link(id: $0, appId: app.id) } ?? nil
        return try JSONResponse.make(
            InstallView(
                id: install.id, appId: install.appId, createdAt: install.createdAt, attributed: install.method.isAttributed,
                method: install.method, confidence: install.confidence, matchedFactors: install.matchedFactors,
                platform: install.fingerprint.platform, osVersion: install.fingerprint.osVersion,
                appVersion: install.fingerprint.appVersion,
                click: click.map {
                    .init(id: $0.id, clickedAt: $0.clickedAt, platform: $0.platform, osVersion: $0.osVersion, inAppBrowser: $0.inAppBrowser)
                },
                link: link.map { .init(id: $0.id, shortCode: $0.shortCode, url: links.url(for: $0, app: app)) },
                events: try await storage.events(installId: install.id).count
            ))
    }
}

extension Optional {
    func asyncMap<Mapped>(_ transform: (Wrapped) async throws -> Mapped) async rethrows -> Mapped? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
