import Foundation
import HTTPTypes
import Hummingbird
import LandfallStore
import Logging

/// `/dashboard/apps/:appId/skan`: every member reads the SKAdNetwork schema and its bit layout;
/// owners save a new one through ``ConversionValueService/setSchema(json:appId:)``, the API's own
/// parsing and validation, with the API's message beside the schema when it is refused.
struct DashboardSKANController: Sendable {
    let gate: DashboardGate
    let service: ConversionValueService

    func register(on router: Router<LandfallRequestContext>) {
        router.get("dashboard/apps/:appId/skan", use: show)
        router.post("dashboard/apps/:appId/skan", use: save)
        router.post("dashboard/apps/:appId/skan/dev-key", use: rotateDevKey)
    }

    @Sendable func show(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        return try await gate.withApp(context, session: session, needs: .viewer) { app, role in
            let schema = try await service.schema(appId: app.id)
            let notice = request.uri.queryParameters.get("saved") != nil ? "Schema saved." : nil
            return try await page(
                app: app, role: role, session: session, schema: schema, field: DashboardSKANPages.field(DashboardSKANPages.json(schema)),
                notice: notice, status: .ok)
        }
    }

    @Sendable func save(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        let form = try await DashboardForm.read(request)
        guard try await gate.checkCSRF(form, session: session) else { return gate.forbidden(session: session) }
        return try await gate.withApp(context, session: session, needs: .owner) { app, role in
            let text = form.values["schema"] ?? ""
            do {
                _ = try await service.setSchema(json: Data(text.utf8), appId: app.id)
                context.logger.info("dashboard saved conversion schema", metadata: ["app": "\(app.id)"])
                return DashboardLayout.redirect(to: "/dashboard/apps/\(app.id)/skan?saved=1")
            } catch let error as APIError {
                // Every message is about the one document, whichever of its fields it names.
                var field = DashboardSKANPages.field(text)
                field.error = error.message
                field.hasError = true
                return try await page(
                    app: app, role: role, session: session, schema: try await service.schema(appId: app.id), field: field, notice: nil,
                    status: error.status)
            }
        }
    }

    /// Creates or rotates the dev key through ``ConversionValueService/rotateDevKey(appId:)``, as
    /// `POST /api/apps/:appId/skan-dev-key` does. The key is on this answer only (no redirect that
    /// could carry it, `no-store`); the page shows only its prefix from then on.
    @Sendable func rotateDevKey(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        let form = try await DashboardForm.read(request)
        guard try await gate.checkCSRF(form, session: session) else { return gate.forbidden(session: session) }
        return try await gate.withApp(context, session: session, needs: .owner) { app, role in
            let key = try await service.rotateDevKey(appId: app.id)
            context.logger.info("dashboard rotated SKAdNetwork dev key", metadata: ["app": "\(app.id)"])
            let schema = try await service.schema(appId: app.id)
            return try await page(
                app: app, role: role, session: session, schema: schema, field: DashboardSKANPages.field(DashboardSKANPages.json(schema)),
                notice: nil, newDevKey: key.devKey, status: .ok)
        }
    }

    private func page(
        app: AppRecord, role: DashboardRole, session: DashboardGate.Session, schema: ConversionSchema?, field: DashboardField,
        notice: String?, newDevKey: String? = nil, status: HTTPResponse.Status
    ) async throws -> Response {
        let chrome = session.chrome(title: "\(app.name) SKAdNetwork schema", appRole: role)
        let devKey = try await gate.storage.conversionDevKey(appId: app.id)
        return DashboardLayout.response(
            DashboardSKANPages.page(
                app: app, schema: schema, field: field, devKey: devKey, newDevKey: newDevKey, notice: notice, chrome: chrome),
            status: status, nonce: chrome.nonce)
    }
}
