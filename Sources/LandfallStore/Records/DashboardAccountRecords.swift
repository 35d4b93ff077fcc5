import Foundation

/// A person who signs in to the dashboard with an email and a password.
public struct DashboardUserRecord: Sendable, Hashable {
    public var id: String
    /// Lowercased and trimmed; unique across the deployment.
    public var email: String
    /// A PHC-style string naming the algorithm and its parameters with the salt and hash, so the
    /// parameters can be raised later without breaking stored passwords.
    public var passwordHash: String
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: String, email: String, passwordHash: String, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.email = email
        self.passwordHash = passwordHash
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// What an account may do in one app. Each role can do everything the ones below it can.
public enum DashboardRole: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    /// Reads everything of the app; changes nothing.
    case viewer
    /// Also changes links, templates, referral review and webhooks.
    case editor
    /// Also manages the app's keys and members.
    case owner

    private var rank: Int {
        switch self {
        case .viewer: 0
        case .editor: 1
        case .owner: 2
        }
    }

    public static func < (lhs: DashboardRole, rhs: DashboardRole) -> Bool { lhs.rank < rhs.rank }
}

/// An account's role in one app.
public struct DashboardMembershipRecord: Sendable, Hashable {
    public var userId: String
    public var appId: String
    public var role: DashboardRole
    public var createdAt: Date

    public init(userId: String, appId: String, role: DashboardRole, createdAt: Date) {
        self.userId = userId
        self.appId = appId
        self.role = role
        self.createdAt = createdAt
    }
}

/// A signed-in browser of an account. The cookie carries a secret whose SHA-256 is `tokenHash`.
public struct DashboardSessionRecord: Sendable, Hashable {
    /// A public id: what the sessions page lists and revokes one by.
    public var id: String
    public var userId: String
    public var tokenHash: String
    public var createdAt: Date
    public var expiresAt: Date

    public init(id: String, userId: String, tokenHash: String, createdAt: Date, expiresAt: Date) {
        self.id = id
        self.userId = userId
        self.tokenHash = tokenHash
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
