import Foundation
import HTTPTypes
import Hummingbird
import LandfallModels
import LandfallStore
import Logging

/// `/dashboard/apps/:appId/links…`: list, create, show (QR code, charts, installs), edit, QR download.
struct DashboardLinksController: Sendable {
    let gate: DashboardGate
    let service: LinkService
    let now: @Sendable () -> Date

    func register(on router: Router<LandfallRequestContext>) {
        router.get("dashboard/apps/:appId", use: appHome)
        router.get("dashboard/apps/:appId/links", use: list)
        router.post("dashboard/apps/:appId/links", use: create)
        router.post("dashboard/apps/:appId/links/bulk", use: bulk)
        router.get("dashboard/apps/:appId/links/:linkId", use: show)
        router.post("dashboard/apps/:appId/links/:linkId", use: update)
        router.get("dashboard/apps/:appId/links/:linkId/qr", use: qr)
    }

    @Sendable func appHome(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        DashboardLayout.redirect(to: "/dashboard/apps/\(try context.parameters.require("appId"))/links")
    }

    @Sendable func list(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        return try await gate.withApp(context, session: session, needs: .viewer) { app, role in
            var query = LinkQuery(limit: 50)
            if let cursor = request.uri.queryParameters.get("cursor") { query.after = LinkCursorCoding.decode(cursor) }
            var notice: String?
            if let count = request.uri.queryParameters.get("paused").flatMap({ Int($0) }) { notice = "\(count) links paused." }
            if let count = request.uri.queryParameters.get("resumed").flatMap({ Int($0) }) { notice = "\(count) links resumed." }
            return try await listPage(
                app: app, role: role, session: session, query: query, error: nil, fields: nil, notice: notice, status: .ok)
        }
    }

    @Sendable func create(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        let form = try await DashboardForm.read(request)
        guard try await gate.checkCSRF(form, session: session) else { return gate.forbidden(session: session) }
        return try await gate.withApp(context, session: session, needs: .editor) { app, role in
            var content = LinkContent(originalUrl: form["originalUrl"], deepLinkPath: form["deepLinkPath"])
            content.title = form["title"]
            if let campaign = form["utmCampaign"] { content.utmParameters = UTMParameters(campaign: campaign) }
            do {
                let created = try await service.create(LinkInput(content: content, customCode: form["customCode"]), app: app, template: nil)
                context.logger.info("dashboard created link", metadata: ["app": "\(app.id)", "link": "\(created.link.id)"])
                return DashboardLayout.redirect(to: "/dashboard/apps/\(app.id)/links/\(created.link.id)?created=1")
            } catch let error as APIError {
                var fields = DashboardLinkPages.createFields(form)
                let unplaced = DashboardField.attach(error, to: &fields, aliases: DashboardLinkPages.aliases)
                return try await listPage(
                    app: app, role: role, session: session, query: LinkQuery(limit: 50),
                    error: unplaced ?? "The link was not created: see the field marked below.", fields: fields, status: error.status)
            }
        }
    }

    /// Pauses or resumes the ticked links: each saved through ``LinkService/update(_:with:app:)`` as
    /// `PATCH /api/links/:id` with `isActive` would, so a paused link answers as the API's would.
    @Sendable func bulk(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        let form = try await DashboardForm.read(request)
        guard try await gate.checkCSRF(form, session: session) else { return gate.forbidden(session: session) }
        return try await gate.withApp(context, session: session, needs: .editor) { app, role in
            let active: Bool
            switch form["action"] {
            case "pause": active = false
            case "resume": active = true
            default: throw APIError.validation("action", "must be pause or resume")
            }
            let ids = form.values.keys.filter { $0.hasPrefix("select-") && form[$0] == "true" }.map {
                String($0.dropFirst("select-".count))
            }
            guard !ids.isEmpty else {
                return try await listPage(
                    app: app, role: role, session: session, query: LinkQuery(limit: 50), error: nil, fields: nil,
                    bulkError: "Tick at least one link first.", status: .badRequest)
            }
            for id in ids.sorted() {
                guard let link = try await gate.storage.link(id: id, appId: app.id) else { continue }
                guard link.isActive != active else { continue }
                let input = LinkInput(
                    content: link.content, externalUserId: link.externalUserId, expiresAt: link.expiresAt, isActive: active)
                _ = try await service.update(link, with: input, app: app)
            }
            context.logger.info(
                "dashboard bulk link change", metadata: ["app": "\(app.id)", "links": "\(ids.count)", "active": "\(active)"])
            return DashboardLayout.redirect(to: "/dashboard/apps/\(app.id)/links?\(active ? "resumed" : "paused")=\(ids.count)")
        }
    }

    @Sendable func show(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        return try await withLink(context, session: session, needs: .viewer) { app, link, role in
            try await showPage(request, app: app, link: link, role: role, session: session)
        }
    }

    private func showPage(_ request: Request, app: AppRecord, link: LinkRecord, role: DashboardRole, session: DashboardGate.Session)
        async throws -> Response
    {
        let notice: String? =
            switch request.uri.queryParameters.get("created") ?? request.uri.queryParameters.get("saved") {
            case .some: request.uri.queryParameters.get("created") != nil ? "Link created." : "Changes saved."
            case .none: nil
            }
        do {
            let options = try QRImageRequest(request: request)
            return try await detailPage(
                app: app, link: link, role: role, session: session, qr: options, notice: notice, error: nil, status: .ok)
        } catch let error as APIError {
            // The page's QR form has the size and error-correction inputs; any other message goes above.
            let field = DashboardField.fieldName(of: error).flatMap { ["size", "ecc"].contains($0) ? $0 : nil }
            return try await detailPage(
                app: app, link: link, role: role, session: session, qr: QRImageRequest(), notice: nil,
                error: field == nil ? error.message : nil, qrError: field.map { ($0, error.message) }, status: error.status)
        }
    }

    @Sendable func update(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        let form = try await DashboardForm.read(request)
        guard try await gate.checkCSRF(form, session: session) else { return gate.forbidden(session: session) }
        return try await withLink(context, session: session, needs: .editor) { app, link, role in
            var content = link.content
            content.originalUrl = form["originalUrl"]
            content.title = form["title"]
            content.deepLinkPath = form["deepLinkPath"]
            let input = LinkInput(
                content: content, externalUserId: link.externalUserId, expiresAt: link.expiresAt, isActive: form["isActive"] == "true"
            )
            do {
                _ = try await service.update(link, with: input, app: app)
                context.logger.info("dashboard updated link", metadata: ["app": "\(app.id)", "link": "\(link.id)"])
                return DashboardLayout.redirect(to: "/dashboard/apps/\(app.id)/links/\(link.id)?saved=1")
            } catch let error as APIError {
                var fields = DashboardLinkPages.editFields(link, posted: form)
                let unplaced = DashboardField.attach(error, to: &fields, aliases: DashboardLinkPages.aliases)
                return try await detailPage(
                    app: app, link: link, role: role, session: session, qr: QRImageRequest(), notice: nil,
                    error: unplaced ?? "The link was not saved: see the field marked below.", editFields: fields, status: error.status)
            }
        }
    }

    @Sendable func qr(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { throw APIError.unauthorized }
        guard let (app, link) = try await appAndLink(context, session: session) else { throw LinksController.linkNotFound }
        return try QRImageRequest(request: request).response(encoding: service.url(for: link, app: app), filename: "qr-\(link.shortCode)")
    }

    private func appAndLink(_ context: LandfallRequestContext, session: DashboardGate.Session) async throws -> (AppRecord, LinkRecord)? {
        guard let app = try await gate.app(try context.parameters.require("appId"), session: session),
            let link = try await gate.storage.link(id: try context.parameters.require("linkId"), appId: app.id)
        else { return nil }
        return (app, link)
    }

    /// Runs `body` with the route's app and link when the session's role in the app is at least `needs`.
    private func withLink(
        _ context: LandfallRequestContext, session: DashboardGate.Session, needs: DashboardRole,
        _ body: (AppRecord, LinkRecord, DashboardRole) async throws -> Response
    ) async throws -> Response {
        try await gate.withApp(context, session: session, needs: needs, what: "link") { app, role in
            guard let link = try await gate.storage.link(id: try context.parameters.require("linkId"), appId: app.id) else {
                return gate.notFound(session: session, what: "link")
            }
            return try await body(app, link, role)
        }
    }

    private func listPage(
        app: AppRecord, role: DashboardRole, session: DashboardGate.Session, query: LinkQuery, error: String?, fields: [DashboardField]?,
        notice: String? = nil, bulkError: String? = nil, status: HTTPResponse.Status
    ) async throws -> Response {
        let page = try await gate.storage.listLinks(appId: app.id, query: query)
        let rows = page.links.map { DashboardLinkPages.LinkRow(link: $0, url: service.url(for: $0, app: app)) }
        let chrome = session.chrome(title: "\(app.name) links", appRole: role)
        let html = DashboardLinkPages.list(
            app: app, links: rows, nextCursor: page.nextCursor.map(LinkCursorCoding.encode), chrome: chrome, error: error,
            fields: fields ?? DashboardLinkPages.createFields(nil),
            notice: notice, bulkError: bulkError
        )
        return DashboardLayout.response(html, status: status, nonce: chrome.nonce)
    }

    private func detailPage(
        app: AppRecord, link: LinkRecord, role: DashboardRole, session: DashboardGate.Session, qr: QRImageRequest, notice: String?,
        error: String?, editFields: [DashboardField]? = nil, qrError: (field: String, message: String)? = nil,
        status: HTTPResponse.Status
    ) async throws -> Response {
        let url = service.url(for: link, app: app)
        let svg: String
        if let code = try? QRCode(text: url, errorCorrection: qr.errorCorrection) {
            // On the page the code is shown at most 320 px wide; the size applies to downloads.
            svg = QRImage.svg(code, width: min(320, QRImage.scale(for: code, maximumWidth: qr.size) * QRImage.modulesAcross(code)))
        } else {
            svg = #"<p class="error">The short URL is too long for a QR code at this level.</p>"#
        }
        let activity = try await LinkActivity.load(link: link, storage: gate.storage, now: now())
        let chrome = session.chrome(title: link.content.title ?? link.shortCode, appRole: role)
        let html = DashboardLinkPages.detail(
            .init(
                app: app, link: link, url: url, qr: qr, qrSVG: svg, activity: activity, notice: notice, error: error,
                editFields: editFields ?? DashboardLinkPages.editFields(link), qrError: qrError), chrome: chrome
        )
        return DashboardLayout.response(html, status: status, nonce: chrome.nonce)
    }
}
