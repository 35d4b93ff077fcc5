import Foundation
import Hummingbird
import LandfallStore
import Logging

/// `/api/dashboard/users`: dashboard accounts and their roles per app, admin token only. This is how
/// the first owner of an app is made; owners then manage members on the dashboard.
struct DashboardUsersController: Sendable {
    let storage: any LandfallStorage
    let authenticator: Authenticator
    let accounts: DashboardAccountService

    func register(on router: Router<LandfallRequestContext>) {
        let users = router.group("api/dashboard/users")
        users.post(use: create)
        users.get(use: list)
        users.delete(":userId", use: delete)
        users.put(":userId/apps/:appId", use: setRole)
        users.delete(":userId/apps/:appId", use: removeMembership)
    }

    struct CreateInput: Decodable {
        var email: String
        var password: String
        /// With `role`: the app the new user gets the role in.
        var appId: String?
        var role: String?
    }

    struct RoleInput: Decodable {
        var role: String
    }

    @Sendable func create(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try authenticator.requireAdmin(request)
        let input = try await RequestDecoding.decode(CreateInput.self, from: request)
        // Both checked before the account exists, so a bad app or role leaves nothing behind.
        var grant: (appId: String, role: DashboardRole)?
        if let appId = input.appId {
            guard try await storage.app(id: appId) != nil else { throw AppsController.appNotFound }
            grant = (appId, try DashboardAccountService.role(input.role))
        } else if input.role != nil {
            throw APIError.validation("appId", "is required with a role")
        }
        let user = try await accounts.createUser(email: input.email, password: input.password)
        var memberships: [DashboardMembershipRecord] = []
        if let grant { memberships.append(try await accounts.setRole(userId: user.id, appId: grant.appId, role: grant.role)) }
        context.logger.info("dashboard user created", metadata: ["user": "\(user.id)"])
        return try JSONResponse.make(DashboardUserResponse(user, memberships: memberships), status: .created)
    }

    @Sendable func list(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try authenticator.requireAdmin(request)
        var data: [DashboardUserResponse] = []
        for user in try await storage.dashboardUsers() {
            data.append(DashboardUserResponse(user, memberships: try await storage.dashboardMemberships(userId: user.id)))
        }
        return try JSONResponse.make(["data": data])
    }

    @Sendable func delete(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try authenticator.requireAdmin(request)
        let userId = try context.parameters.require("userId")
        // Its sessions go with it: a deleted user is signed out everywhere at once.
        guard try await storage.deleteDashboardUser(id: userId) else { throw DashboardAccountService.userNotFound }
        context.logger.info("dashboard user deleted", metadata: ["user": "\(userId)"])
        return JSONResponse.noContent()
    }

    @Sendable func setRole(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try authenticator.requireAdmin(request)
        let (userId, appId) = (try context.parameters.require("userId"), try context.parameters.require("appId"))
        let role = try DashboardAccountService.role(try await RequestDecoding.decode(RoleInput.self, from: request).role)
        let membership = try await accounts.setRole(userId: userId, appId: appId, role: role)
        context.logger.info("dashboard role set", metadata: ["user": "\(userId)", "app": "\(appId)", "role": "\(role.rawValue)"])
        return try JSONResponse.make(DashboardUserResponse.Membership(appId: membership.appId, role: membership.role.rawValue))
    }

    @Sendable func removeMembership(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try authenticator.requireAdmin(request)
        let (userId, appId) = (try context.parameters.require("userId"), try context.parameters.require("appId"))
        guard try await storage.deleteDashboardMembership(userId: userId, appId: appId) else {
            throw DashboardAccountService.memberNotFound
        }
        context.logger.info("dashboard member removed", metadata: ["user": "\(userId)", "app": "\(appId)"])
        return JSONResponse.noContent()
    }
}
