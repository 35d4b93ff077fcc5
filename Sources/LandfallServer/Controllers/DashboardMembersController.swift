import Foundation
import HTTPTypes
import Hummingbird
import LandfallStore
import Logging

/// `/dashboard/apps/:appId/members`: an app's owners add people (an account is made for a new
/// email, its password shown once), change their roles and remove them. Owners only; a removed
/// member loses the app on their next request, as roles are read on every request.
struct DashboardMembersController: Sendable {
    let gate: DashboardGate
    let accounts: DashboardAccountService

    func register(on router: Router<LandfallRequestContext>) {
        router.get("dashboard/apps/:appId/members", use: list)
        router.post("dashboard/apps/:appId/members", use: add)
        router.post("dashboard/apps/:appId/members/:userId", use: changeRole)
        router.post("dashboard/apps/:appId/members/:userId/remove", use: remove)
    }

    @Sendable func list(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        return try await gate.withApp(context, session: session, needs: .owner) { app, _ in
            try await page(app: app, session: session, status: .ok)
        }
    }

    @Sendable func add(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        let form = try await DashboardForm.read(request)
        guard try await gate.checkCSRF(form, session: session) else { return gate.forbidden(session: session) }
        return try await gate.withApp(context, session: session, needs: .owner) { app, _ in
            do {
                let role = try DashboardAccountService.role(form["role"])
                let email = DashboardAccountService.normalizedEmail(form["email"] ?? "")
                var created: (email: String, password: String)?
                let user: DashboardUserRecord
                if let existing = try await gate.storage.dashboardUser(email: email) {
                    user = existing
                } else {
                    let password = SecretGenerator.base62(length: 20)
                    user = try await accounts.createUser(email: email, password: password)
                    created = (user.email, password)
                }
                _ = try await accounts.setRole(userId: user.id, appId: app.id, role: role)
                context.logger.info(
                    "dashboard member added", metadata: ["app": "\(app.id)", "user": "\(user.id)", "role": "\(role.rawValue)"])
                // Answered with the page itself rather than a redirect, so a new password is never in a URL.
                return try await page(
                    app: app, session: session, notice: "\(user.email) is now \(role.rawValue).", newPassword: created, status: .ok)
            } catch let error as APIError {
                return try await page(app: app, session: session, error: error.message, status: error.status)
            }
        }
    }

    @Sendable func changeRole(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        let form = try await DashboardForm.read(request)
        guard try await gate.checkCSRF(form, session: session) else { return gate.forbidden(session: session) }
        return try await gate.withApp(context, session: session, needs: .owner) { app, _ in
            let userId = try context.parameters.require("userId")
            do {
                let role = try DashboardAccountService.role(form["role"])
                let members = try await gate.storage.dashboardMembers(appId: app.id)
                guard members.contains(where: { $0.userId == userId }) else { throw DashboardAccountService.memberNotFound }
                if role != .owner { try Self.keepAnOwner(members, without: userId) }
                _ = try await accounts.setRole(userId: userId, appId: app.id, role: role)
                context.logger.info("dashboard role set", metadata: ["app": "\(app.id)", "user": "\(userId)", "role": "\(role.rawValue)"])
                return DashboardLayout.redirect(to: "/dashboard/apps/\(app.id)/members")
            } catch let error as APIError {
                return try await page(app: app, session: session, error: error.message, status: error.status)
            }
        }
    }

    @Sendable func remove(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let session = try await gate.session(request) else { return DashboardLayout.redirect(to: "/dashboard/login") }
        let form = try await DashboardForm.read(request)
        guard try await gate.checkCSRF(form, session: session) else { return gate.forbidden(session: session) }
        return try await gate.withApp(context, session: session, needs: .owner) { app, _ in
            let userId = try context.parameters.require("userId")
            do {
                try Self.keepAnOwner(try await gate.storage.dashboardMembers(appId: app.id), without: userId)
                guard try await gate.storage.deleteDashboardMembership(userId: userId, appId: app.id) else {
                    throw DashboardAccountService.memberNotFound
                }
                context.logger.info("dashboard member removed", metadata: ["app": "\(app.id)", "user": "\(userId)"])
                return DashboardLayout.redirect(to: "/dashboard/apps/\(app.id)/members")
            } catch let error as APIError {
                return try await page(app: app, session: session, error: error.message, status: error.status)
            }
        }
    }

    /// Refuses a change that would leave the app without an owner account: nobody could then manage
    /// its members from the dashboard (the admin token still can, through the API).
    static func keepAnOwner(_ members: [DashboardMembershipRecord], without userId: String) throws {
        let owners = members.filter { $0.role == .owner }
        if owners.contains(where: { $0.userId == userId }) && owners.count == 1 {
            throw APIError.conflict("last_owner", "an app keeps at least one owner; make someone else owner first")
        }
    }

    private func page(
        app: AppRecord, session: DashboardGate.Session, notice: String? = nil, error: String? = nil,
        newPassword: (email: String, password: String)? = nil, status: HTTPResponse.Status
    ) async throws -> Response {
        var members: [DashboardAccountPages.Member] = []
        for membership in try await gate.storage.dashboardMembers(appId: app.id) {
            if let user = try await gate.storage.dashboardUser(id: membership.userId) {
                members.append(.init(user: user, role: membership.role))
            }
        }
        let chrome = session.chrome(title: "\(app.name) members", appRole: .owner)
        let html = DashboardAccountPages.members(
            app: app, members: members, chrome: chrome, notice: notice, error: error, newPassword: newPassword)
        return DashboardLayout.response(html, status: status, nonce: chrome.nonce)
    }
}
