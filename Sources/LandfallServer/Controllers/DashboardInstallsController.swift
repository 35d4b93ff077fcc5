import Foundation
import HTTPTypes
import Hummingbird
import LandfallModels
import LandfallStore

/// `/dashboard/apps/:appId/installs`: every member lists the app's installs, newest first, with
/// method, confidence and matched factors, filtered by method and platform, 50 a page.
struct DashboardInstallsController: Sendable {
    let gate: DashboardGate

    static let limit = 50

    func register(on router: Router<LandfallRequestContext>) {
        router.get("dashboard/apps/:appId/installs", use: list)
    }

    @Sendable func list(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        return try await gate.withApp(context, session: session, needs: .viewer) { app, role in
            let query = request.uri.queryParameters
            var errors: [String: String] = [:]
            var method: InstallMethod?
            if let text = query.get("method"), !text.isEmpty {
                method = InstallMethod(rawValue: text)
                if method == nil {
                    errors["method"] = "method: must be one of \(InstallMethod.allCases.map(\.rawValue).joined(separator: ", "))"
                }
            }
            var platform: String?
            if let text = query.get("platform"), !text.isEmpty {
                if DashboardInstallPages.platforms.contains(text) {
                    platform = text
                } else {
                    errors["platform"] = "platform: must be one of \(DashboardInstallPages.platforms.joined(separator: ", "))"
                }
            }
            let cursor = query.get("cursor").flatMap(Self.decode)
            let installs =
                errors.isEmpty
                ? try await gate.storage.installs(appId: app.id, method: method, platform: platform, after: cursor, limit: Self.limit) : []
            var next: String?
            if installs.count == Self.limit, let last = installs.last {
                var items = ["cursor=\(Self.encode(InstallCursor(createdAt: last.createdAt, id: last.id)))"]
                if let method { items.append("method=\(method.rawValue)") }
                if let platform { items.append("platform=\(platform)") }
                next = items.joined(separator: "&")
            }
            let chrome = session.chrome(title: "\(app.name) installs", appRole: role)
            let html = DashboardInstallPages.page(
                app: app, installs: installs, method: method, platform: platform, errors: errors, next: next, chrome: chrome)
            return DashboardLayout.response(html, status: errors.isEmpty ? .ok : .badRequest, nonce: chrome.nonce)
        }
    }

    /// `<milliseconds>_<id>`: ids are letters, digits and underscores, so the first `_` splits.
    static func encode(_ cursor: InstallCursor) -> String { "\(cursor.createdAt.epochMilliseconds)_\(cursor.id)" }

    static func decode(_ text: String) -> InstallCursor? {
        guard let separator = text.firstIndex(of: "_"), let milliseconds = Int64(text[..<separator]) else { return nil }
        return InstallCursor(createdAt: Date(epochMilliseconds: milliseconds), id: String(text[text.index(after: separator)...]))
    }
}
