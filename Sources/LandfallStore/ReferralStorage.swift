import Foundation

/// Referral programs, referral codes, the identities fraud checks compare, and referrals.
public protocol ReferralStorage: Sendable {
    func referralProgram(appId: String) async throws -> ReferralProgramRecord?
    /// Creates or replaces the app's program.
    func saveReferralProgram(_ record: ReferralProgramRecord) async throws

    func referralCode(appId: String, userId: String) async throws -> ReferralCodeRecord?
    func referralCode(appId: String, code: String) async throws -> ReferralCodeRecord?
    /// Throws ``StoreError`` `.conflict("user")` when the user has a code, `.conflict("code")` when
    /// another user has this one.
    func insertReferralCode(_ record: ReferralCodeRecord) async throws
    /// Points the user's code at its invite link.
    func setReferralCodeLink(appId: String, userId: String, linkId: String) async throws

    /// Records that `identity` belongs to its user; recording it again changes nothing.
    func addReferralIdentity(_ identity: ReferralIdentity, appId: String, at date: Date) async throws
    /// What is known of the user, newest first, at most `limit`.
    func referralIdentities(appId: String, userId: String, limit: Int) async throws -> [ReferralIdentity]
    /// The users (at most `limit`) an identity value is known for.
    func referralUsers(appId: String, kind: ReferralIdentity.Kind, value: String, limit: Int) async throws -> [String]

    /// Stores a new referral and returns it with its assigned id. Throws `.conflict("referee")` when
    /// the referee already has a referral in the app.
    func insertReferral(_ referral: ReferralRecord) async throws -> ReferralRecord
    func referral(id: Int64, appId: String) async throws -> ReferralRecord?
    /// A referrer's referrals, newest first.
    func referrals(appId: String, referrerId: String, limit: Int, after: ReferralCursor?) async throws -> ReferralPage
    /// The app's referrals in `status`, newest first (the flagged report).
    func referrals(appId: String, status: ReferralStatus, limit: Int, after: ReferralCursor?) async throws -> ReferralPage
    /// How many referrals the referrer made since `since`.
    func referralCount(appId: String, referrerId: String, since: Date) async throws -> Int
    /// How many referees registered from the address with this hash since `since`.
    func referralCount(appId: String, ipHash: String, since: Date) async throws -> Int
    /// Moves a referral to `status` when it is in one of `from`, adding `reasons`; returns the
    /// updated referral, or nil when it does not exist or was in another status.
    func transitionReferral(
        id: Int64, appId: String, from: Set<ReferralStatus>, to status: ReferralStatus, reasons: [String], at date: Date
    ) async throws -> ReferralRecord?
    /// Records the key action `at` for a pending or flagged referral that has none yet; returns the
    /// updated referral or nil.
    func qualifyReferral(id: Int64, appId: String, at date: Date, now: Date) async throws -> ReferralRecord?
    /// Brings referrals in `scope` up to date at `now`: records the first key-action event of each
    /// referee install that has none recorded yet, then completes pending referrals whose hold
    /// period has passed. Returns the referrals completed, at most `limit` per step.
    func settleReferrals(_ scope: ReferralScope, now: Date, limit: Int) async throws -> [ReferralRecord]
}
