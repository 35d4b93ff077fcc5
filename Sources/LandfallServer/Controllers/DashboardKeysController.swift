import Foundation
import HTTPTypes
import Hummingbird
import LandfallStore
import Logging

/// `/dashboard/apps/:appId/keys`: an app's owners list, issue and revoke its API keys through the
/// same `AppService` as `POST /api/apps/:id/keys` and `DELETE …/keys/:keyId`. Editors and viewers
/// get 403 on every route: a key is everything an editor's session is, and more.
struct DashboardKeysController: Sendable {
    let gate: DashboardGate
    let apps: AppService

    func register(on router: Router<LandfallRequestContext>) {
        router.get("dashboard/apps/:appId/keys", use: list)
        router.post("dashboard/apps/:appId/keys", use: issue)
        router.post("dashboard/apps/:appId/keys/:keyId/revoke", use: revoke)
    }

    @Sendable func list(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        return try await gate.withApp(context, session: session, needs: .owner) { app, _ in
            let notice = request.uri.queryParameters.get("revoked") != nil ? "The key was revoked." : nil
            return try await page(app: app, session: session, notice: notice, status: .ok)
        }
    }

    @Sendable func issue(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        let form = try await DashboardForm.read(request)
        guard try await gate.checkCSRF(form, session: session) else { return gate.forbidden(session: session) }
        return try await gate.withApp(context, session: session, needs: .owner) { app, _ in
            var name = Self.nameField(form["name"] ?? "")
            do {
                let created = try await apps.createKey(appId: app.id, input: KeyInput(kind: form["kind"], name: form["name"]))
                context.logger.info(
                    "dashboard issued key",
                    metadata: ["app": "\(app.id)", "key": "\(created.record.id)", "kind": "\(created.record.kind.rawValue)"])
                // The page itself, not a redirect: the key must never be in a URL, and no-store keeps it out of caches.
                return try await page(app: app, session: session, issued: created, status: .ok)
            } catch let error as APIError {
                var fields = [name]
                let unplaced = DashboardField.attach(error, to: &fields)
                name = fields[0]
                return try await page(app: app, session: session, name: name, formError: unplaced, status: error.status)
            }
        }
    }

    @Sendable func revoke(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        let form = try await DashboardForm.read(request)
        guard try await gate.checkCSRF(form, session: session) else { return gate.forbidden(session: session) }
        return try await gate.withApp(context, session: session, needs: .owner) { app, _ in
            let keyId = try context.parameters.require("keyId")
            do {
                try await apps.revokeKey(id: keyId, appId: app.id)
            } catch let error as APIError {
                return try await page(app: app, session: session, formError: error.message, status: error.status)
            }
            context.logger.info("dashboard revoked key", metadata: ["app": "\(app.id)", "key": "\(keyId)"])
            return DashboardLayout.redirect(to: "/dashboard/apps/\(app.id)/keys?revoked=1")
        }
    }

    static func nameField(_ value: String) -> DashboardField {
        DashboardField("name", "Name", value: value, hint: "What the key is for, up to 100 characters; blank names it by its kind.")
    }

    private func page(
        app: AppRecord, session: DashboardGate.Session, issued: (record: APIKeyRecord, key: String)? = nil,
        name: DashboardField = nameField(""), notice: String? = nil, formError: String? = nil, status: HTTPResponse.Status
    ) async throws -> Response {
        let chrome = session.chrome(title: "\(app.name) keys", appRole: .owner)
        let html = DashboardKeyPages.page(
            app: app, keys: try await gate.storage.keys(appId: app.id), issued: issued, name: name, notice: notice, formError: formError,
            chrome: chrome)
        return DashboardLayout.response(html, status: status, nonce: chrome.nonce)
    }
}
