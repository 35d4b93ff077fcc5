import Foundation
import HTTPTypes
import Hummingbird
import LandfallStore
import Logging

/// `/dashboard/apps/:appId/import`: an editor pastes (or picks) a Firebase Dynamic Links or
/// LinkForty export and gets the summary `landfall import` prints; the links go through the same
/// ``LinkService/importLinks(_:unreadable:app:each:)``.
struct DashboardImportController: Sendable {
    let gate: DashboardGate
    let service: LinkService

    func register(on router: Router<LandfallRequestContext>) {
        router.get("dashboard/apps/:appId/import", use: form)
        router.post("dashboard/apps/:appId/import", use: upload)
    }

    @Sendable func form(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        return try await gate.withApp(context, session: session, needs: .viewer) { app, role in
            page(app: app, role: role, session: session, format: nil, contents: "", error: nil, summary: nil, status: .ok)
        }
    }

    @Sendable func upload(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        let form: DashboardForm
        do {
            form = try await DashboardForm.read(request, limit: DashboardImportPages.maximumFormSize)
        } catch let error as APIError where error.status == .contentTooLarge {
            // The form never arrived whole, so neither did its CSRF token: nothing is imported either way.
            return try await gate.withApp(context, session: session, needs: .viewer) { app, role in
                page(
                    app: app, role: role, session: session, format: nil, contents: "",
                    error: "The file is too large for the dashboard (\(error.message)); import it with landfall import.",
                    summary: nil, status: .contentTooLarge)
            }
        }
        guard try await gate.checkCSRF(form, session: session) else { return gate.forbidden(session: session) }
        return try await gate.withApp(context, session: session, needs: .editor) { app, role in
            let contents = form.values["contents"] ?? ""
            let refuse = { (format: LinkImportFormat?, message: String) in
                page(
                    app: app, role: role, session: session, format: format, contents: contents, error: message, summary: nil,
                    status: .badRequest)
            }
            guard let format = form["format"].flatMap(LinkImportFormat.init(rawValue:)) else {
                return refuse(nil, "format: must be one of \(LinkImportFormat.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard form["contents"] != nil else { return refuse(format, "Paste the export file's contents first.") }
            let parsed: (records: [LinkImportRecord], unreadable: [(line: Int, reason: String)])
            do {
                parsed = try format.parse(Data(contents.utf8))
            } catch let error as LinkImportError {
                return refuse(format, "The export cannot be read: \(error.description).")
            }
            let rows = parsed.records.count + parsed.unreadable.count
            guard rows <= DashboardImportPages.maximumRows else {
                return refuse(
                    format,
                    "The export has \(rows) links; the dashboard imports at most \(DashboardImportPages.maximumRows) at a time. "
                        + "Split it, or import it with landfall import.")
            }
            let summary = try await service.importLinks(parsed.records, unreadable: parsed.unreadable, app: app)
            context.logger.info(
                "dashboard imported links",
                metadata: [
                    "app": "\(app.id)", "imported": "\(summary.imported)", "duplicates": "\(summary.duplicates)",
                    "refused": "\(summary.refused.count)",
                ])
            // The text box comes back empty: the summary says what became of every row.
            return page(app: app, role: role, session: session, format: format, contents: "", error: nil, summary: summary, status: .ok)
        }
    }

    private func page(
        app: AppRecord, role: DashboardRole, session: DashboardGate.Session, format: LinkImportFormat?, contents: String, error: String?,
        summary: ImportSummary?, status: HTTPResponse.Status
    ) -> Response {
        let chrome = session.chrome(title: "\(app.name) link import", appRole: role)
        let html = DashboardImportPages.page(app: app, format: format, contents: contents, error: error, summary: summary, chrome: chrome)
        return DashboardLayout.response(html, status: status, nonce: chrome.nonce)
    }
}
