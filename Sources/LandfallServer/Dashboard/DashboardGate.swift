import Foundation
import HTTPTypes
import Hummingbird
import LandfallStore

/// Sessions, CSRF checks, cookies and app access for the dashboard's routes.
struct DashboardGate: Sendable {
    let storage: any LandfallStorage
    let sessions: DashboardSessions
    let authenticator: Authenticator
    /// True when cookies must be `Secure`: the public URL is https, or a trusted proxy says the request was.
    let publicURLIsHTTPS: Bool
    let trustProxy: Bool

    /// A signed-in request: who, their role in each app they can see, the CSRF token its forms carry,
    /// and a fresh nonce for the page's CSP.
    struct Session: Sendable {
        var principal: DashboardPrincipal
        var csrf: String
        var payload: DashboardSessions.Payload
        /// An account's roles by app id, read on every request: a removed member loses the app at once.
        var roles: [String: DashboardRole] = [:]
        var nonce = SecretGenerator.base62(length: 22)

        /// The session's role in the app; nil when it may not see the app at all.
        ///
        /// The admin token owns every app. An app's secret key edits its own app and nothing else:
        /// through the API it can change links, templates, referrals and webhooks but not keys,
        /// so its session is an editor's.
        func role(in appId: String) -> DashboardRole? {
            switch principal {
            case .admin: .owner
            case .app(let own, _): own == appId ? .editor : nil
            case .user: roles[appId]
            }
        }

        func chrome(title: String, appRole: DashboardRole? = nil) -> DashboardLayout.Chrome {
            .init(title: title, principal: principal, csrf: csrf, nonce: nonce, role: appRole)
        }
    }

    func session(_ request: Request) async throws -> Session? {
        guard let value = request.cookies[DashboardSessions.cookieName]?.value, !value.isEmpty,
            let (principal, payload) = try await sessions.principal(cookie: value)
        else { return nil }
        var session = Session(principal: principal, csrf: try await sessions.csrfToken(for: payload), payload: payload)
        if case .user(let userId, _, _) = principal {
            for membership in try await storage.dashboardMemberships(userId: userId) { session.roles[membership.appId] = membership.role }
        }
        return session
    }

    func checkCSRF(_ form: DashboardForm, session: Session) async throws -> Bool {
        DashboardSessions.matches(form["_csrf"], session.csrf)
    }

    /// The principal a sign-in credential stands for: the admin token, or a live secret key.
    func principal(forCredential token: String) async throws -> DashboardPrincipal? {
        if let expected = authenticator.adminTokenHash(), SecretGenerator.sha256Hex(token) == expected { return .admin }
        guard let keyed = try await authenticator.liveKey(token), keyed.key.kind == .secret else { return nil }
        return .app(appId: keyed.app.id, keyId: keyed.key.id)
    }

    /// The app when the session may see it; nil (shown as not found) otherwise, so other apps' ids
    /// cannot be probed.
    func app(_ id: String, session: Session) async throws -> AppRecord? {
        guard session.role(in: id) != nil else { return nil }
        return try await storage.app(id: id)
    }

    /// Runs `body` with the route's app when the session's role there is at least `needs`. An app the
    /// session cannot see is 404 (its id cannot be probed); one it sees with a lesser role is 403 and
    /// `body` never runs, so nothing changes.
    func withApp(
        _ context: LandfallRequestContext, session: Session, needs: DashboardRole, what: String = "app",
        _ body: (AppRecord, DashboardRole) async throws -> Response
    ) async throws -> Response {
        let id = try context.parameters.require("appId")
        guard let role = session.role(in: id), let app = try await storage.app(id: id) else {
            return notFound(session: session, what: what)
        }
        guard role >= needs else { return forbidden(session: session) }
        return try await body(app, role)
    }

    /// A form post on an app's page: signed in, CSRF checked, and the role at least `needs`, or
    /// `body` never runs and nothing changes.
    func posting(
        _ request: Request, _ context: LandfallRequestContext, needs: DashboardRole,
        _ body: (AppRecord, DashboardRole, Session, DashboardForm) async throws -> Response
    ) async throws -> Response {
        guard let session = try await self.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        let form = try await DashboardForm.read(request)
        guard try await checkCSRF(form, session: session) else { return forbidden(session: session) }
        return try await withApp(context, session: session, needs: needs) { app, role in
            try await body(app, role, session, form)
        }
    }

    func cookie(_ name: String, _ value: String, request: Request, maxAge: Int) -> Cookie {
        let forwardedHTTPS = trustProxy && request.headers[HTTPField.Name("X-Forwarded-Proto")!]?.lowercased() == "https"
        return Cookie(
            name: name, value: value, maxAge: maxAge, path: "/dashboard", secure: publicURLIsHTTPS || forwardedHTTPS, httpOnly: true,
            sameSite: .strict
        )
    }

    func loginPage(request: Request, error: String?, status: HTTPResponse.Status) async throws -> Response {
        let nonce = SecretGenerator.base62(length: 22)
        let loginNonce = SecretGenerator.base62(length: 22)
        var response = DashboardLayout.response(
            DashboardPages.login(nonce: nonce, loginToken: try await sessions.loginToken(for: loginNonce), error: error), status: status,
            nonce: nonce
        )
        response.setCookie(cookie(DashboardSessions.loginCookieName, loginNonce, request: request, maxAge: 3_600))
        return response
    }

    func forbidden(session: Session) -> Response {
        let chrome = session.chrome(title: "Forbidden")
        return DashboardLayout.response(
            DashboardPages.message(
                "Not allowed", "The form was stale or this session may not do that. Reload the page and try again.", chrome: chrome),
            status: .forbidden, nonce: chrome.nonce
        )
    }

    func notFound(session: Session, what: String) -> Response {
        let chrome = session.chrome(title: "Not found")
        return DashboardLayout.response(
            DashboardPages.message("Not found", "There is no \(what) with that id that this session can see.", chrome: chrome),
            status: .notFound, nonce: chrome.nonce
        )
    }
}
