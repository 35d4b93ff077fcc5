import Foundation

/// Dashboard accounts, their roles per app and their server-side sessions.
public protocol DashboardAccountStorage: Sendable {
    /// Throws ``StoreError`` `.conflict("email")` when the email is taken.
    func insertDashboardUser(_ user: DashboardUserRecord) async throws
    func dashboardUser(id: String) async throws -> DashboardUserRecord?
    /// The account with this (already lowercased) email.
    func dashboardUser(email: String) async throws -> DashboardUserRecord?
    /// Every account, ordered by email.
    func dashboardUsers() async throws -> [DashboardUserRecord]
    /// Deletes the account with its memberships and sessions. Returns false when there was none.
    func deleteDashboardUser(id: String) async throws -> Bool

    /// Gives the account the role in the app, replacing the role it had there.
    func putDashboardMembership(_ membership: DashboardMembershipRecord) async throws
    /// Returns false when the account was not a member of the app.
    func deleteDashboardMembership(userId: String, appId: String) async throws -> Bool
    /// The account's memberships, ordered by app id.
    func dashboardMemberships(userId: String) async throws -> [DashboardMembershipRecord]
    /// The app's members, oldest first.
    func dashboardMembers(appId: String) async throws -> [DashboardMembershipRecord]

    func insertDashboardSession(_ session: DashboardSessionRecord) async throws
    func dashboardSession(tokenHash: String) async throws -> DashboardSessionRecord?
    /// The account's sessions that have not expired at `now`, newest first.
    func dashboardSessions(userId: String, now: Date) async throws -> [DashboardSessionRecord]
    /// Returns false when the account has no such session.
    func deleteDashboardSession(id: String, userId: String) async throws -> Bool
    /// Ends every session of the account; returns how many there were.
    @discardableResult func deleteDashboardSessions(userId: String) async throws -> Int
}
