import Foundation
import HTTPTypes
import Hummingbird
import LandfallStore
import Logging

/// `/dashboard`: the server-rendered web dashboard's sign-in, sign-out and app list. The link pages
/// are in ``DashboardLinksController``; both share ``DashboardGate`` for sessions and CSRF.
struct DashboardController: Sendable {
    let gate: DashboardGate
    let apps: AppService

    func register(on router: Router<LandfallRequestContext>) {
        router.get("dashboard", use: home)
        router.get("dashboard/login", use: loginPage)
        router.post("dashboard/login", use: login)
        router.post("dashboard/logout", use: logout)
        router.get("dashboard/apps", use: appList)
        router.post("dashboard/apps", use: createApp)
    }

    @Sendable func home(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        switch session.principal {
        case .admin: return DashboardLayout.redirect(to: "/dashboard/apps")
        case .app(let appId, _): return DashboardLayout.redirect(to: "/dashboard/apps/\(appId)/links")
        }
    }

    @Sendable func loginPage(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try await gate.loginPage(request: request, error: nil, status: .ok)
    }

    @Sendable func login(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let form = try await DashboardForm.read(request)
        guard let nonce = request.cookies[DashboardSessions.loginCookieName]?.value,
            DashboardSessions.matches(form["_csrf"], try await gate.sessions.loginToken(for: nonce))
        else {
            return try await gate.loginPage(request: request, error: "The sign-in form expired; please try again.", status: .forbidden)
        }
        guard let token = form["token"], let principal = try await gate.principal(forCredential: token) else {
            context.logger.info("dashboard sign-in refused")
            return try await gate.loginPage(
                request: request, error: "That is neither the admin token nor a live secret key.", status: .unauthorized)
        }
        context.logger.info("dashboard sign-in", metadata: ["principal": "\(principal)"])
        var response = DashboardLayout.redirect(to: "/dashboard")
        response.setCookie(
            gate.cookie(
                DashboardSessions.cookieName, try await gate.sessions.issue(principal), request: request,
                maxAge: Int(DashboardSessions.lifetime)))
        response.setCookie(gate.cookie(DashboardSessions.loginCookieName, "", request: request, maxAge: 0))
        return response
    }

    @Sendable func logout(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let form = try await DashboardForm.read(request)
        if let session = try await gate.session(request), try await gate.checkCSRF(form, session: session) == false {
            return gate.forbidden(session: session)
        }
        var response = DashboardLayout.redirect(to: "/dashboard/login")
        response.setCookie(gate.cookie(DashboardSessions.cookieName, "", request: request, maxAge: 0))
        return response
    }

    @Sendable func appList(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        return try await appsPage(session: session, error: nil, status: .ok)
    }

    @Sendable func createApp(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        let form = try await DashboardForm.read(request)
        guard try await gate.checkCSRF(form, session: session) else { return gate.forbidden(session: session) }
        guard session.principal == .admin else { return gate.forbidden(session: session) }
        do {
            let app = try await apps.createApp(
                name: form["name"] ?? "", slug: nil, domains: [], uriScheme: nil, webFallbackUrl: form["webFallbackUrl"]
            )
            context.logger.info("dashboard created app", metadata: ["app": "\(app.id)"])
            return DashboardLayout.redirect(to: "/dashboard/apps/\(app.id)/links")
        } catch let error as APIError {
            return try await appsPage(session: session, error: error.message, status: error.status)
        }
    }

    private func appsPage(session: DashboardGate.Session, error: String?, status: HTTPResponse.Status) async throws -> Response {
        let list: [AppRecord] =
            switch session.principal {
            case .admin: try await gate.storage.listApps()
            case .app(let appId, _): try await gate.storage.app(id: appId).map { [$0] } ?? []
            }
        let chrome = session.chrome(title: "Apps")
        return DashboardLayout.response(DashboardPages.apps(list, chrome: chrome, error: error), status: status, nonce: chrome.nonce)
    }
}
