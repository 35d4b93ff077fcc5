import Foundation
import LandfallStore

/// Creates dashboard accounts and gives them roles in apps, validated the same way for the API,
/// the dashboard's members page and `landfall users`.
public struct DashboardAccountService: Sendable {
    let storage: any LandfallStorage
    let hasher: PasswordHasher
    let now: @Sendable () -> Date

    public init(storage: any LandfallStorage, hasher: PasswordHasher = PasswordHasher(), now: @escaping @Sendable () -> Date = { Date() }) {
        self.storage = storage
        self.hasher = hasher
        self.now = now
    }

    static let userNotFound = APIError.notFound("user_not_found", "there is no dashboard user with that id")
    static let memberNotFound = APIError.notFound("member_not_found", "that user is not a member of the app")

    /// The form every email is stored and looked up in.
    public static func normalizedEmail(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// Creates an account. Throws a validation error for a malformed email or a password outside
    /// 12-1024 characters, and a 409 when the email is taken.
    public func createUser(email: String, password: String) async throws -> DashboardUserRecord {
        let email = Self.normalizedEmail(email)
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.count <= 254, parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
            !email.contains(where: { $0.isWhitespace || $0.isNewline || $0 == "<" || $0 == ">" })
        else { throw APIError.validation("email", "must be an email address") }
        guard password.count >= PasswordHasher.minimumLength, password.utf8.count <= PasswordHasher.maximumLength else {
            throw APIError.validation(
                "password", "must be \(PasswordHasher.minimumLength) to \(PasswordHasher.maximumLength) characters long")
        }
        let date = now()
        let user = DashboardUserRecord(
            id: SecretGenerator.identifier(at: date), email: email, passwordHash: try await hasher.hash(password), createdAt: date,
            updatedAt: date)
        do {
            try await storage.insertDashboardUser(user)
        } catch let error as StoreError where error.conflictingField == "email" {
            throw APIError.conflict("email_taken", "a dashboard user with that email exists")
        }
        return user
    }

    /// Gives the account the role in the app (replacing its role there).
    public func setRole(userId: String, appId: String, role: DashboardRole) async throws -> DashboardMembershipRecord {
        guard try await storage.dashboardUser(id: userId) != nil else { throw Self.userNotFound }
        guard try await storage.app(id: appId) != nil else { throw AppsController.appNotFound }
        let existing = try await storage.dashboardMemberships(userId: userId).first { $0.appId == appId }
        let membership = DashboardMembershipRecord(userId: userId, appId: appId, role: role, createdAt: existing?.createdAt ?? now())
        try await storage.putDashboardMembership(membership)
        return membership
    }

    /// The role parsed from its name, or a validation error naming the three.
    public static func role(_ text: String?, field: String = "role") throws -> DashboardRole {
        guard let text, let role = DashboardRole(rawValue: text) else {
            throw APIError.validation(field, "must be owner, editor or viewer")
        }
        return role
    }
}
