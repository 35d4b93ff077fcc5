import Foundation
import HTTPTypes
import Hummingbird
import LandfallStore
import Logging

/// `/dashboard/apps/:appId/settings`: every member reads the app's settings and the files they
/// make; owners preview a change (validated, not saved) and save it through the same `AppService`
/// as `PATCH /api/apps/:id`.
struct DashboardSettingsController: Sendable {
    let gate: DashboardGate
    let apps: AppService

    func register(on router: Router<LandfallRequestContext>) {
        router.get("dashboard/apps/:appId/settings", use: show)
        router.post("dashboard/apps/:appId/settings", use: save)
        // Public like the sign-in page: the script holds nothing of any app.
        router.get(RouterPath(DashboardSettingsScript.path), use: { _, _ in DashboardSettingsScript.response() })
    }

    @Sendable func show(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        return try await gate.withApp(context, session: session, needs: .viewer) { app, role in
            let notice = request.uri.queryParameters.get("saved") != nil ? "Settings saved." : nil
            return page(
                app: app, role: role, session: session, form: .init(AppResponse(app)), settings: app.settings, previewing: false,
                notice: notice, formError: nil, status: .ok)
        }
    }

    @Sendable func save(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        let form = try await DashboardForm.read(request)
        guard try await gate.checkCSRF(form, session: session) else { return gate.forbidden(session: session) }
        return try await gate.withApp(context, session: session, needs: .owner) { app, role in
            var fields = DashboardSettingsPages.Form(posted: form, app: app)
            do {
                let input = try DashboardSettingsPages.input(form)
                if form["action"] == "preview" {
                    let settings = try input.validated().settings
                    return page(
                        app: app, role: role, session: session, form: fields, settings: settings, previewing: true,
                        notice: "Preview only: nothing was saved.", formError: nil, status: .ok)
                }
                _ = try await apps.update(app, with: input)
                context.logger.info("dashboard saved app settings", metadata: ["app": "\(app.id)"])
                return DashboardLayout.redirect(to: "/dashboard/apps/\(app.id)/settings?saved=1")
            } catch {
                guard let refusal = DashboardField.refusal(error) else { throw error }
                let unplaced = fields.attach(refusal)
                return page(
                    app: app, role: role, session: session, form: fields, settings: app.settings, previewing: false, notice: nil,
                    formError: unplaced ?? "The settings were not saved: see the field marked below.", status: refusal.status)
            }
        }
    }

    private func page(
        app: AppRecord, role: DashboardRole, session: DashboardGate.Session, form: DashboardSettingsPages.Form, settings: AppSettings,
        previewing: Bool, notice: String?, formError: String?, status: HTTPResponse.Status
    ) -> Response {
        let chrome = session.chrome(title: "\(app.name) settings", appRole: role)
        let html = DashboardSettingsPages.page(
            app: app, form: form, settings: settings, previewing: previewing, notice: notice, formError: formError, chrome: chrome)
        return DashboardLayout.response(html, status: status, nonce: chrome.nonce)
    }
}
