import Hummingbird
import LandfallStore
import Logging

/// `GET /api/links/:linkId/qr?format=png|svg&size=&ecc=`: the link's short URL as a QR code; secret key.
struct QRCodeController: Sendable {
    let storage: any LandfallStorage
    let authenticator: Authenticator
    let service: LinkService

    func register(on router: Router<LandfallRequestContext>) {
        router.get("api/links/:linkId/qr", use: image)
    }

    @Sendable func image(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        let options = try QRImageRequest(request: request)
        let linkId = try context.parameters.require("linkId")
        guard let link = try await storage.link(id: linkId, appId: app.id) else { throw LinksController.linkNotFound }
        context.logger.debug("qr code", metadata: ["link": "\(link.id)", "format": "\(options.format.rawValue)"])
        return try options.response(encoding: service.url(for: link, app: app), filename: "qr-\(link.shortCode)")
    }
}
