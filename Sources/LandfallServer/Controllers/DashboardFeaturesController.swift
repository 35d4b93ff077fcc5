import Foundation
import Hummingbird
import LandfallAttribution
import LandfallStore

/// `/dashboard/apps/:appId/attribution`: the app's learned attribution model, read only.
struct DashboardFeaturesController: Sendable {
    let gate: DashboardGate
    /// The server's attribution defaults, which an app's model starts from.
    var attribution = AttributionConfiguration()

    func register(on router: Router<LandfallRequestContext>) {
        router.get("dashboard/apps/:appId/attribution", use: attribution)
    }

    @Sendable func attribution(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        return try await gate.withApp(context, session: session, needs: .viewer) { app, _ in
            let view = AttributionModelView(app: app, base: attribution, stored: try await gate.storage.attributionModels(appId: app.id))
            let chrome = session.chrome(title: "\(app.name) attribution model")
            return DashboardLayout.response(DashboardAttributionPages.page(app: app, view: view, chrome: chrome), nonce: chrome.nonce)
        }
    }
}
