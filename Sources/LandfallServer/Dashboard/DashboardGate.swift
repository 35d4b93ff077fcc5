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

    /// A signed-in request: who, the CSRF token its forms carry, and a fresh nonce for the page's CSP.
    struct Session: Sendable {
        var principal: DashboardPrincipal
        var csrf: String
        var nonce = SecretGenerator.base62(length: 22)

        func chrome(title: String) -> DashboardLayout.Chrome {
            .init(title: title, principal: principal, csrf: csrf, nonce: nonce)
        }
    }

    func session(_ request: Request) async throws -> Session? {
        guard let value = request.cookies[DashboardSessions.cookieName]?.value, !value.isEmpty,
            let (principal, payload) = try await sessions.principal(cookie: value)
        else { return nil }
        return Session(principal: principal, csrf: try await sessions.csrfToken(for: payload))
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

    /// The app when the session may manage it; nil (shown as not found) otherwise, so other apps' ids
    /// cannot be probed.
    func app(_ id: String, session: Session) async throws -> AppRecord? {
        guard session.principal.canManage(appId: id) else { return nil }
        return try await storage.app(id: id)
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
