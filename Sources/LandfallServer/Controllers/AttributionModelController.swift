import Foundation
import Hummingbird
import LandfallAttribution
import LandfallStore

/// `GET /api/apps/:appId/attribution-model`: the app's learned attribution model; the admin
/// token, or the app's own secret key.
struct AttributionModelController: Sendable {
    let storage: any LandfallStorage
    let authenticator: Authenticator
    let attribution: AttributionConfiguration

    func register(on router: Router<LandfallRequestContext>) {
        router.get("api/apps/:appId/attribution-model", use: show)
    }

    @Sendable func show(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let appId = try context.parameters.require("appId")
        if (try? authenticator.requireAdmin(request)) == nil {
            let keyed = try await authenticator.requireSecretKey(request)
            // Another app's key learns nothing about this one, not even whether it exists.
            guard keyed.id == appId else { throw AppsController.appNotFound }
        }
        guard let app = try await storage.app(id: appId) else { throw AppsController.appNotFound }
        let view = AttributionModelView(app: app, base: attribution, stored: try await storage.attributionModels(appId: app.id))
        return try JSONResponse.make(view)
    }
}
