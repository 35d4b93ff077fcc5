import Foundation
import Hummingbird
import LandfallAttribution
import LandfallStore

/// `/dashboard/apps/:appId/referrals` and `/attribution`: read-only views of an app's referrals
/// (flagged queue and recent ones) and its learned attribution model.
struct DashboardFeaturesController: Sendable {
    let gate: DashboardGate
    /// The server's attribution defaults, which an app's model starts from.
    var attribution = AttributionConfiguration()

    /// Rows per table; the API pages further.
    static let limit = 50

    func register(on router: Router<LandfallRequestContext>) {
        router.get("dashboard/apps/:appId/referrals", use: referrals)
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

    @Sendable func referrals(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        return try await gate.withApp(context, session: session, needs: .viewer) { app, _ in
            let storage = gate.storage
            let flagged = try await storage.referrals(appId: app.id, status: .flagged, limit: Self.limit, after: nil).referrals
            // Storage lists by status only, so the newest of each status are merged into one list.
            var recent: [ReferralRecord] = []
            for status in ReferralStatus.allCases {
                recent += try await storage.referrals(appId: app.id, status: status, limit: Self.limit, after: nil).referrals
            }
            recent.sort { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
            let chrome = session.chrome(title: "\(app.name) referrals")
            let html = DashboardReferralPages.page(
                app: app, program: try await storage.referralProgram(appId: app.id), flagged: flagged,
                recent: Array(recent.prefix(Self.limit)),
                chrome: chrome
            )
            return DashboardLayout.response(html, nonce: chrome.nonce)
        }
    }
}
