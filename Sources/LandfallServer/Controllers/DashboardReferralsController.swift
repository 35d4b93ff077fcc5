import Foundation
import HTTPTypes
import Hummingbird
import LandfallStore
import Logging

/// `/dashboard/apps/:appId/referrals…`: every member reads the program, the flagged queue and recent
/// referrals; editors review (approve a flagged referral, reject or reverse one with a reason) and
/// owners save the program, through the same ``ReferralService`` as `/api/referrals`.
struct DashboardReferralsController: Sendable {
    let gate: DashboardGate
    let service: ReferralService

    /// Rows per table; the API pages further.
    static let limit = 50

    func register(on router: Router<LandfallRequestContext>) {
        router.get("dashboard/apps/:appId/referrals", use: list)
        router.post("dashboard/apps/:appId/referrals/program", use: saveProgram)
        router.post("dashboard/apps/:appId/referrals/:referralId/approve", use: approve)
        router.post("dashboard/apps/:appId/referrals/:referralId/reverse", use: reverse)
    }

    @Sendable func list(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        return try await gate.withApp(context, session: session, needs: .viewer) { app, role in
            let query = request.uri.queryParameters
            var notice: String?
            if query.get("saved") != nil { notice = "Program saved." }
            if let id = query.get("approved") { notice = "Referral \(id) approved." }
            if let id = query.get("reversed") { notice = "Referral \(id) reversed." }
            return try await page(app: app, role: role, session: session, outcome: .init(notice: notice), status: .ok)
        }
    }

    @Sendable func saveProgram(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try await gate.posting(request, context, needs: .owner) { app, role, session, form in
            do {
                _ = try await service.saveProgram(try DashboardReferralPages.input(form).validated(), app: app)
                context.logger.info("dashboard saved referral program", metadata: ["app": "\(app.id)"])
                return DashboardLayout.redirect(to: "/dashboard/apps/\(app.id)/referrals?saved=1")
            } catch let error as APIError {
                var fields = DashboardReferralPages.fields(posted: form)
                let unplaced = DashboardField.attach(error, to: &fields)
                return try await page(
                    app: app, role: role, session: session,
                    outcome: .init(formError: unplaced ?? "The program was not saved: see the field marked below.", programFields: fields),
                    status: error.status)
            }
        }
    }

    @Sendable func approve(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try await gate.posting(request, context, needs: .editor) { app, role, session, _ in
            let id = try ReferralsController.id(context)
            do {
                _ = try await service.complete(id: id, input: ReviewInput(reviewed: true), app: app)
            } catch let error as APIError {
                return try await page(
                    app: app, role: role, session: session, outcome: .init(formError: error.message), status: error.status)
            }
            context.logger.info("dashboard approved referral", metadata: ["app": "\(app.id)", "referral": "\(id)"])
            return DashboardLayout.redirect(to: "/dashboard/apps/\(app.id)/referrals?approved=\(id)")
        }
    }

    /// Rejecting a flagged referral and reversing a pending or complete one are the API's reverse.
    @Sendable func reverse(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try await gate.posting(request, context, needs: .editor) { app, role, session, form in
            let id = try ReferralsController.id(context)
            do {
                _ = try await service.reverse(id: id, input: ReviewInput(reason: form["reason"]), app: app)
            } catch let error as APIError {
                let beside = DashboardField.fieldName(of: error) == "reason"
                return try await page(
                    app: app, role: role, session: session,
                    outcome: .init(formError: beside ? nil : error.message, refusedReview: beside ? (id, error.message) : nil),
                    status: error.status)
            }
            context.logger.info("dashboard reversed referral", metadata: ["app": "\(app.id)", "referral": "\(id)"])
            return DashboardLayout.redirect(to: "/dashboard/apps/\(app.id)/referrals?reversed=\(id)")
        }
    }

    private func page(
        app: AppRecord, role: DashboardRole, session: DashboardGate.Session, outcome: DashboardReferralPages.Outcome,
        status: HTTPResponse.Status
    ) async throws -> Response {
        let storage = gate.storage
        let flagged = try await storage.referrals(appId: app.id, status: .flagged, limit: Self.limit, after: nil).referrals
        // Storage lists by status only, so the newest of each status are merged into one list.
        var recent: [ReferralRecord] = []
        for status in ReferralStatus.allCases {
            recent += try await storage.referrals(appId: app.id, status: status, limit: Self.limit, after: nil).referrals
        }
        recent.sort { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
        let chrome = session.chrome(title: "\(app.name) referrals", appRole: role)
        let html = DashboardReferralPages.page(
            app: app, program: try await storage.referralProgram(appId: app.id), flagged: flagged, recent: Array(recent.prefix(Self.limit)),
            outcome: outcome, chrome: chrome)
        return DashboardLayout.response(html, status: status, nonce: chrome.nonce)
    }
}
