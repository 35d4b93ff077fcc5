import Foundation

/// The person an erasure request (GDPR article 17) names, inside one app.
public enum ErasureSubject: Sendable, Hashable {
    /// An install id, as the SDK's install answer and the management API show it.
    case install(String)
    /// The app's own id of a user: share links' `externalUserId`, referrers and referees, Branch's `identity`.
    case externalUser(String)
}

/// What an erasure removed.
public struct ErasureReport: Sendable, Hashable {
    /// Rows removed per table, every table an erasure visits included (0 where nothing was there).
    public var removedRows: [String: Int]
    /// The installs erased: the named one, or those the external user id is tied to (through a
    /// referral, the referral fraud checks' identities, or a Branch device's identity).
    public var installIds: [String]

    public init(removedRows: [String: Int], installIds: [String]) {
        self.removedRows = removedRows
        self.installIds = installIds
    }

    /// Whether anything at all was removed.
    public var isEmpty: Bool { removedRows.values.allSatisfy { $0 == 0 } }
}

/// Removes every row tied to one person, in one transaction.
public protocol ErasureStorage: Sendable {
    /// Erases `subject` inside app `appId`: their installs, with their events, SKAdNetwork conversion
    /// values, Branch devices and sessions, referral rows and identities, the clicks credited to
    /// those installs, the user's share links with their clicks, and the queued webhook messages
    /// (with deliveries and attempts) whose payload names any of these ids.
    ///
    /// Aggregates that name no one (daily click statistics) stay; app opens carry no install or user
    /// id and cannot be told apart. Erasing someone unknown removes nothing and succeeds.
    func erase(_ subject: ErasureSubject, appId: String) async throws -> ErasureReport
}
