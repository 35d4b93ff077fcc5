import Foundation
import HTTPTypes
import Hummingbird
import LandfallModels
import LandfallStore
import Logging

/// `/dashboard/apps/:appId/templates…`: every member reads the app's link templates; editors and
/// owners create, edit and delete them through the same ``TemplateService`` as `/api/templates`.
struct DashboardTemplatesController: Sendable {
    let gate: DashboardGate
    let service: TemplateService

    func register(on router: Router<LandfallRequestContext>) {
        router.get("dashboard/apps/:appId/templates", use: list)
        router.post("dashboard/apps/:appId/templates", use: create)
        router.get("dashboard/apps/:appId/templates/:templateId", use: show)
        router.post("dashboard/apps/:appId/templates/:templateId", use: update)
        router.post("dashboard/apps/:appId/templates/:templateId/delete", use: delete)
    }

    @Sendable func list(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        return try await gate.withApp(context, session: session, needs: .viewer) { app, role in
            let notice = request.uri.queryParameters.get("deleted") != nil ? "Template deleted." : nil
            return try await listPage(app: app, role: role, session: session, newFields: nil, notice: notice, formError: nil, status: .ok)
        }
    }

    @Sendable func create(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try await gate.posting(request, context, needs: .editor) { app, role, session, form in
            do {
                let created = try await service.create(DashboardTemplatePages.input(form, base: LinkContent()), app: app)
                context.logger.info("dashboard created template", metadata: ["app": "\(app.id)", "template": "\(created.id)"])
                return DashboardLayout.redirect(to: "/dashboard/apps/\(app.id)/templates/\(created.id)?created=1")
            } catch {
                guard let refusal = DashboardField.refusal(error) else { throw error }
                var fields = DashboardTemplatePages.fields(posted: form, base: LinkContent(), prefix: "new")
                let unplaced = Self.attach(refusal, to: &fields)
                return try await listPage(
                    app: app, role: role, session: session, newFields: fields, notice: nil,
                    formError: unplaced ?? "Not saved: see the field marked below.", status: refusal.status)
            }
        }
    }

    @Sendable func show(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        return try await gate.withApp(context, session: session, needs: .viewer, what: "template") { app, role in
            guard let template = try await template(context, app: app) else { return gate.notFound(session: session, what: "template") }
            let query = request.uri.queryParameters
            let notice = query.get("created") != nil ? "Template created." : query.get("saved") != nil ? "Changes saved." : nil
            return detailPage(app: app, template: template, role: role, session: session, fields: nil, notice: notice, formError: nil)
        }
    }

    @Sendable func update(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try await gate.posting(request, context, needs: .editor) { app, role, session, form in
            guard let current = try await template(context, app: app) else { return gate.notFound(session: session, what: "template") }
            do {
                _ = try await service.update(current, with: DashboardTemplatePages.input(form, base: current.defaults), app: app)
                context.logger.info("dashboard updated template", metadata: ["app": "\(app.id)", "template": "\(current.id)"])
                return DashboardLayout.redirect(to: "/dashboard/apps/\(app.id)/templates/\(current.id)?saved=1")
            } catch {
                guard let refusal = DashboardField.refusal(error) else { throw error }
                var fields = DashboardTemplatePages.fields(posted: form, base: current.defaults, prefix: "tpl")
                let unplaced = Self.attach(refusal, to: &fields)
                var response = detailPage(
                    app: app, template: current, role: role, session: session, fields: fields, notice: nil,
                    formError: unplaced ?? "Not saved: see the field marked below.")
                response.status = refusal.status
                return response
            }
        }
    }

    @Sendable func delete(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try await gate.posting(request, context, needs: .editor) { app, _, session, _ in
            let id = try context.parameters.require("templateId")
            do {
                try await service.delete(id: id, app: app)
            } catch let error as APIError where error.status == .notFound {
                return gate.notFound(session: session, what: "template")
            }
            context.logger.info("dashboard deleted template", metadata: ["app": "\(app.id)", "template": "\(id)"])
            return DashboardLayout.redirect(to: "/dashboard/apps/\(app.id)/templates?deleted=1")
        }
    }

    /// The API's message beside its field; a taken slug is the slug's.
    static func attach(_ refusal: APIError, to fields: inout [DashboardField]) -> String? {
        guard refusal.code == TemplateService.slugTaken.code, let index = fields.firstIndex(where: { $0.name == "slug" }) else {
            return DashboardField.attach(refusal, to: &fields)
        }
        fields[index].error = refusal.message
        fields[index].hasError = true
        return nil
    }

    private func template(_ context: LandfallRequestContext, app: AppRecord) async throws -> TemplateRecord? {
        try await gate.storage.template(id: try context.parameters.require("templateId"), appId: app.id)
    }

    private func listPage(
        app: AppRecord, role: DashboardRole, session: DashboardGate.Session, newFields: [DashboardField]?, notice: String?,
        formError: String?, status: HTTPResponse.Status
    ) async throws -> Response {
        let chrome = session.chrome(title: "\(app.name) templates", appRole: role)
        let html = DashboardTemplatePages.list(
            app: app, templates: try await gate.storage.templates(appId: app.id), newFields: newFields, notice: notice,
            formError: formError, chrome: chrome)
        return DashboardLayout.response(html, status: status, nonce: chrome.nonce)
    }

    private func detailPage(
        app: AppRecord, template: TemplateRecord, role: DashboardRole, session: DashboardGate.Session, fields: [DashboardField]?,
        notice: String?, formError: String?
    ) -> Response {
        let chrome = session.chrome(title: "\(template.name) template", appRole: role)
        let html = DashboardTemplatePages.detail(
            app: app, template: template, fields: fields, notice: notice, formError: formError, chrome: chrome)
        return DashboardLayout.response(html, nonce: chrome.nonce)
    }
}
