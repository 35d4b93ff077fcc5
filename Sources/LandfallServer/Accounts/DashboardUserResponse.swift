import Foundation
import LandfallStore

/// A dashboard user as the API shows it: never the password or its hash.
struct DashboardUserResponse: Encodable, Sendable {
    struct Membership: Encodable, Sendable {
        var appId: String
        var role: String
    }

    var id: String
    var email: String
    var createdAt: Date
    var apps: [Membership]

    init(_ user: DashboardUserRecord, memberships: [DashboardMembershipRecord]) {
        id = user.id
        email = user.email
        createdAt = user.createdAt
        apps = memberships.map { Membership(appId: $0.appId, role: $0.role.rawValue) }
    }
}
