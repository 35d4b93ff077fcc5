import Foundation
import Hummingbird
import LandfallStore
import Logging

/// `/dashboard/account`: an account's own sessions, signing one out, and "sign out everywhere".
/// Sessions of the admin token and of app keys are not stored, so this page is for accounts only.
struct DashboardAccountController: Sendable {
    let gate: DashboardGate
    let now: @Sendable () -> Date

    func register(on router: Router<LandfallRequestContext>) {
        router.get("dashboard/account", use: page)
        router.post("dashboard/account/sessions/:sessionId/revoke", use: revoke)
        router.post("dashboard/account/sign-out-everywhere", use: signOutEverywhere)
    }

    @Sendable func page(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        guard case .user(let userId, let email, let current) = session.principal else {
            return gate.notFound(session: session, what: "account")
        }
        let sessions = try await gate.storage.dashboardSessions(userId: userId, now: now())
        let chrome = session.chrome(title: "Account")
        return DashboardLayout.response(
            DashboardAccountPages.account(email: email, sessions: sessions, current: current, chrome: chrome), nonce: chrome.nonce)
    }

    @Sendable func revoke(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        let form = try await DashboardForm.read(request)
        guard try await gate.checkCSRF(form, session: session) else { return gate.forbidden(session: session) }
        guard case .user(let userId, _, let current) = session.principal else { return gate.notFound(session: session, what: "session") }
        let sessionId = try context.parameters.require("sessionId")
        // Scoped to the account: another account's session id is simply not found.
        guard try await gate.storage.deleteDashboardSession(id: sessionId, userId: userId) else {
            return gate.notFound(session: session, what: "session")
        }
        context.logger.info("dashboard session revoked", metadata: ["user": "\(userId)"])
        if sessionId == current { return signedOut(request) }
        return DashboardLayout.redirect(to: "/dashboard/account")
    }

    @Sendable func signOutEverywhere(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        let form = try await DashboardForm.read(request)
        guard try await gate.checkCSRF(form, session: session) else { return gate.forbidden(session: session) }
        guard case .user(let userId, _, _) = session.principal else { return gate.notFound(session: session, what: "account") }
        let count = try await gate.storage.deleteDashboardSessions(userId: userId)
        context.logger.info("dashboard signed out everywhere", metadata: ["user": "\(userId)", "sessions": "\(count)"])
        return signedOut(request)
    }

    private func signedOut(_ request: Request) -> Response {
        var response = DashboardLayout.redirect(to: "/dashboard/login")
        response.setCookie(gate.cookie(DashboardSessions.cookieName, "", request: request, maxAge: 0))
        return response
    }
}
