import Foundation
import SQLKit

extension SQLStorage {
    public func insertDashboardUser(_ user: DashboardUserRecord) async throws {
        try await writeUnique(conflictField: "email") { database in
            try await database.raw(
                """
                INSERT INTO dashboard_users (id, email, password_hash, created_at, updated_at)
                VALUES (\(bind: user.id), \(bind: user.email), \(bind: user.passwordHash), \(bind: user.createdAt.epochMilliseconds),
                        \(bind: user.updatedAt.epochMilliseconds))
                """
            ).run()
        }
    }

    public func dashboardUser(id: String) async throws -> DashboardUserRecord? {
        try await provider.read { database in
            try await database.raw("SELECT * FROM dashboard_users WHERE id = \(bind: id)").first()
        }.map(decodeDashboardUser)
    }

    public func dashboardUser(email: String) async throws -> DashboardUserRecord? {
        try await provider.read { database in
            try await database.raw("SELECT * FROM dashboard_users WHERE email = \(bind: email)").first()
        }.map(decodeDashboardUser)
    }

    public func dashboardUsers() async throws -> [DashboardUserRecord] {
        try await provider.read { database in
            try await database.raw("SELECT * FROM dashboard_users ORDER BY email").all()
        }.map(decodeDashboardUser)
    }

    public func deleteDashboardUser(id: String) async throws -> Bool {
        try await provider.write { database in
            try await database.raw("DELETE FROM dashboard_users WHERE id = \(bind: id) RETURNING id").all().isEmpty == false
        }
    }

    public func putDashboardMembership(_ membership: DashboardMembershipRecord) async throws {
        try await provider.write { database in
            try await database.raw(
                """
                INSERT INTO dashboard_memberships (user_id, app_id, role, created_at)
                VALUES (\(bind: membership.userId), \(bind: membership.appId), \(bind: membership.role.rawValue),
                        \(bind: membership.createdAt.epochMilliseconds))
                ON CONFLICT (user_id, app_id) DO UPDATE SET role = excluded.role
                """
            ).run()
        }
    }

    public func deleteDashboardMembership(userId: String, appId: String) async throws -> Bool {
        try await provider.write { database in
            try await database.raw(
                "DELETE FROM dashboard_memberships WHERE user_id = \(bind: userId) AND app_id = \(bind: appId) RETURNING user_id"
            ).all().isEmpty == false
        }
    }

    public func dashboardMemberships(userId: String) async throws -> [DashboardMembershipRecord] {
        try await provider.read { database in
            try await database.raw("SELECT * FROM dashboard_memberships WHERE user_id = \(bind: userId) ORDER BY app_id").all()
        }.map(decodeDashboardMembership)
    }

    public func dashboardMembers(appId: String) async throws -> [DashboardMembershipRecord] {
        try await provider.read { database in
            try await database.raw(
                "SELECT * FROM dashboard_memberships WHERE app_id = \(bind: appId) ORDER BY created_at, user_id"
            ).all()
        }.map(decodeDashboardMembership)
    }

    public func insertDashboardSession(_ session: DashboardSessionRecord) async throws {
        try await provider.write { database in
            try await database.raw(
                """
                INSERT INTO dashboard_sessions (id, user_id, token_hash, created_at, expires_at)
                VALUES (\(bind: session.id), \(bind: session.userId), \(bind: session.tokenHash), \(bind: session.createdAt.epochMilliseconds),
                        \(bind: session.expiresAt.epochMilliseconds))
                """
            ).run()
        }
    }

    public func dashboardSession(tokenHash: String) async throws -> DashboardSessionRecord? {
        try await provider.read { database in
            try await database.raw("SELECT * FROM dashboard_sessions WHERE token_hash = \(bind: tokenHash)").first()
        }.map(decodeDashboardSession)
    }

    public func dashboardSessions(userId: String, now: Date) async throws -> [DashboardSessionRecord] {
        try await provider.read { database in
            try await database.raw(
                """
                SELECT * FROM dashboard_sessions WHERE user_id = \(bind: userId) AND expires_at > \(bind: now.epochMilliseconds)
                ORDER BY created_at DESC, id
                """
            ).all()
        }.map(decodeDashboardSession)
    }

    public func deleteDashboardSession(id: String, userId: String) async throws -> Bool {
        try await provider.write { database in
            try await database.raw(
                "DELETE FROM dashboard_sessions WHERE id = \(bind: id) AND user_id = \(bind: userId) RETURNING id"
            ).all().isEmpty == false
        }
    }

    @discardableResult
    public func deleteDashboardSessions(userId: String) async throws -> Int {
        try await provider.write { database in
            try await database.raw("DELETE FROM dashboard_sessions WHERE user_id = \(bind: userId) RETURNING id").all().count
        }
    }

    private func decodeDashboardUser(_ row: any SQLRow) throws -> DashboardUserRecord {
        DashboardUserRecord(
            id: try row.decode(column: "id", as: String.self),
            email: try row.decode(column: "email", as: String.self),
            passwordHash: try row.decode(column: "password_hash", as: String.self),
            createdAt: Date(epochMilliseconds: try row.decode(column: "created_at", as: Int64.self)),
            updatedAt: Date(epochMilliseconds: try row.decode(column: "updated_at", as: Int64.self))
        )
    }

    private func decodeDashboardMembership(_ row: any SQLRow) throws -> DashboardMembershipRecord {
        let roleText = try row.decode(column: "role", as: String.self)
        guard let role = DashboardRole(rawValue: roleText) else {
            throw StoreError.corruptRecord("dashboard membership: unknown role '\(roleText)'")
        }
        return DashboardMembershipRecord(
            userId: try row.decode(column: "user_id", as: String.self),
            appId: try row.decode(column: "app_id", as: String.self),
            role: role,
            createdAt: Date(epochMilliseconds: try row.decode(column: "created_at", as: Int64.self))
        )
    }

    private func decodeDashboardSession(_ row: any SQLRow) throws -> DashboardSessionRecord {
        DashboardSessionRecord(
            id: try row.decode(column: "id", as: String.self),
            userId: try row.decode(column: "user_id", as: String.self),
            tokenHash: try row.decode(column: "token_hash", as: String.self),
            createdAt: Date(epochMilliseconds: try row.decode(column: "created_at", as: Int64.self)),
            expiresAt: Date(epochMilliseconds: try row.decode(column: "expires_at", as: Int64.self))
        )
    }
}
