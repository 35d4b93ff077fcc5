import Foundation
import HTTPTypes
import Hummingbird
import LandfallModels
import LandfallStore
import Logging

/// `/dashboard/apps/:appId/analytics`: the app's series over a range, per hour or day, grouped as
/// `GET /api/analytics/series` groups it, drawn as charts with the numbers in tables, and the same
/// series as the API's CSV. Every member reads it.
struct DashboardAnalyticsController: Sendable {
    let gate: DashboardGate
    let now: @Sendable () -> Date

    func register(on router: Router<LandfallRequestContext>) {
        router.get("dashboard/apps/:appId/analytics", use: page)
        router.get("dashboard/apps/:appId/analytics/csv", use: csv)
    }

    @Sendable func page(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        return try await gate.withApp(context, session: session, needs: .viewer) { app, role in
            do {
                let query = try await validated(request, app: app)
                let report = try await AnalyticsSeriesController.report(query, appId: app.id, storage: gate.storage)
                return render(app: app, role: role, session: session, outcome: .report(query, report), status: .ok)
            } catch let error as APIError {
                return render(app: app, role: role, session: session, outcome: .refused(request, error), status: error.status)
            }
        }
    }

    @Sendable func csv(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        return try await gate.withApp(context, session: session, needs: .viewer) { app, role in
            do {
                let query = try await validated(request, app: app)
                context.logger.info("dashboard analytics export", metadata: ["app": "\(app.id)"])
                return try await AnalyticsSeriesController.csv(query, appId: app.id, storage: gate.storage, logger: context.logger)
            } catch let error as APIError {
                return render(app: app, role: role, session: session, outcome: .refused(request, error), status: error.status)
            }
        }
    }

    /// The query as the API validates it, with the API's check that a given link is the app's.
    private func validated(_ request: Request, app: AppRecord) async throws -> SeriesRequest {
        let query = try SeriesRequest(request, now: now())
        if let linkId = query.linkId, try await gate.storage.link(id: linkId, appId: app.id) == nil {
            throw APIError.notFound("link_not_found", "no link with that id")
        }
        return query
    }

    private func render(
        app: AppRecord, role: DashboardRole, session: DashboardGate.Session, outcome: DashboardAnalyticsPages.Outcome,
        status: HTTPResponse.Status
    ) -> Response {
        let chrome = session.chrome(title: "\(app.name) analytics", appRole: role)
        return DashboardLayout.response(
            DashboardAnalyticsPages.page(app: app, outcome: outcome, chrome: chrome), status: status, nonce: chrome.nonce)
    }
}
