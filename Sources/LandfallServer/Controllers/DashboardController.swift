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
    let signIn: DashboardSignIn

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
        case .user: return DashboardLayout.redirect(to: "/dashboard/apps")
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
        let address = ClientAddress.of(request, context: context, trustProxy: gate.trustProxy)
        let principal: DashboardPrincipal
        if let email = form["email"] {
            // The password as typed: spaces at either end are part of it.
            switch try await signIn.check(email: email, password: form.values["password"] ?? "", address: address) {
            case .signedIn(let userId, let email):
                principal = .user(userId: userId, email: email, sessionId: "")
            case .refused:
                context.logger.info("dashboard sign-in refused", metadata: ["with": "password"])
                return try await gate.loginPage(request: request, error: "The email or the password is wrong.", status: .unauthorized)
            case .limited(let seconds):
                return try await limited(request, retryAfter: seconds, context: context)
            }
        } else {
            if let seconds = signIn.admit(address: address) { return try await limited(request, retryAfter: seconds, context: context) }
            guard let token = form["token"], let tokenPrincipal = try await gate.principal(forCredential: token) else {
                context.logger.info("dashboard sign-in refused", metadata: ["with": "token"])
                return try await gate.loginPage(
                    request: request, error: "That is neither the admin token nor a live secret key.", status: .unauthorized)
            }
            principal = tokenPrincipal
        }
        context.logger.info("dashboard sign-in", metadata: ["principal": "\(principal.logDescription)"])
        var response = DashboardLayout.redirect(to: "/dashboard")
        response.setCookie(
            gate.cookie(
                DashboardSessions.cookieName, try await gate.sessions.issue(principal), request: request,
                maxAge: Int(DashboardSessions.lifetime)))
        response.setCookie(gate.cookie(DashboardSessions.loginCookieName, "", request: request, maxAge: 0))
        return response
    }

    private func limited(_ request: Request, retryAfter seconds: Int, context: LandfallRequestContext) async throws -> Response {
        context.logger.info("dashboard sign-in rate limited")
        var response = try await gate.loginPage(
            request: request, error: "Too many sign-in attempts. Try again in \(seconds) seconds.", status: .tooManyRequests)
        response.headers[.retryAfter] = String(seconds)
        return response
    }

    @Sendable func logout(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let form = try await DashboardForm.read(request)
        if let session = try await gate.session(request) {
            guard try await gate.checkCSRF(form, session: session) else { return gate.forbidden(session: session) }
            // An account's session ends on the server too, not only in this browser.
            try await gate.sessions.revoke(session.payload)
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
            case .user:
                try await gate.storage.listApps().filter { session.roles[$0.id] != nil }
            }
        let chrome = session.chrome(title: "Apps")
        return DashboardLayout.response(DashboardPages.apps(list, chrome: chrome, error: error), status: status, nonce: chrome.nonce)
    }
}
