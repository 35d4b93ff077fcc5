import Foundation

/// Where a referral stands.
public enum ReferralStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Registered; waiting for the referee's key action and the hold period.
    case pending
    /// The key action happened and the hold period passed: the referrer earns the reward.
    case complete
    /// Taken back (a refund or clawback).
    case reversed
    /// A fraud check fired; held for review, never completed automatically.
    case flagged
}

/// One referee's registration under a referrer's code.
public struct ReferralRecord: Sendable, Hashable {
    /// Assigned by the database, increasing; the Carton Caps referral design shows integer ids.
    public var id: Int64
    public var appId: String
    /// The referrer's external user id.
    public var referrerId: String
    public var code: String
    /// The referee's external user id, unique per app.
    public var refereeId: String
    public var refereeName: String?
    public var refereeAvatarUrl: String?
    public var installId: String?
    public var linkId: String?
    public var clickId: String?
    public var status: ReferralStatus
    /// Why the referral was flagged (`shared_device`, `click_injection`, …), or reversed.
    public var reasons: [String]
    /// The completion rule copied from the program at registration.
    public var keyEvent: String
    public var keyMinRevenueMicros: Int64?
    public var keyCurrency: String?
    public var holdMilliseconds: Int64
    public var emailHash: String?
    public var paymentHash: String?
    /// SHA-256 of the referee's IP address: counted per address, never shown.
    public var ipHash: String?
    public var createdAt: Date
    public var updatedAt: Date
    /// When the referee's key action happened.
    public var qualifiedAt: Date?
    /// When a pending referral that qualified completes (key action plus hold period).
    public var completesAt: Date?
    public var completedAt: Date?
    public var reversedAt: Date?

    public init(
        id: Int64 = 0, appId: String, referrerId: String, code: String, refereeId: String, refereeName: String? = nil,
        refereeAvatarUrl: String? = nil, installId: String? = nil, linkId: String? = nil, clickId: String? = nil,
        status: ReferralStatus = .pending, reasons: [String] = [], keyEvent: String, keyMinRevenueMicros: Int64? = nil,
        keyCurrency: String? = nil, holdMilliseconds: Int64 = 0, emailHash: String? = nil, paymentHash: String? = nil,
        ipHash: String? = nil, createdAt: Date, updatedAt: Date? = nil, qualifiedAt: Date? = nil, completesAt: Date? = nil,
        completedAt: Date? = nil, reversedAt: Date? = nil
    ) {
        self.id = id
        self.appId = appId
        self.referrerId = referrerId
        self.code = code
        self.refereeId = refereeId
        self.refereeName = refereeName
        self.refereeAvatarUrl = refereeAvatarUrl
        self.installId = installId
        self.linkId = linkId
        self.clickId = clickId
        self.status = status
        self.reasons = reasons
        self.keyEvent = keyEvent
        self.keyMinRevenueMicros = keyMinRevenueMicros
        self.keyCurrency = keyCurrency
        self.holdMilliseconds = holdMilliseconds
        self.emailHash = emailHash
        self.paymentHash = paymentHash
        self.ipHash = ipHash
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.qualifiedAt = qualifiedAt
        self.completesAt = completesAt
        self.completedAt = completedAt
        self.reversedAt = reversedAt
    }
}

/// A position in a newest-first list of referrals.
public struct ReferralCursor: Sendable, Hashable {
    public var createdAt: Date
    public var id: Int64

    public init(createdAt: Date, id: Int64) {
        self.createdAt = createdAt
        self.id = id
    }
}

/// A page of referrals, newest first.
public struct ReferralPage: Sendable, Hashable {
    public var referrals: [ReferralRecord]
    /// Pass back for the next page; nil on the last page.
    public var nextCursor: ReferralCursor?

    public init(referrals: [ReferralRecord], nextCursor: ReferralCursor?) {
        self.referrals = referrals
        self.nextCursor = nextCursor
    }
}

/// Which referrals a settling pass looks at: all, one app's, one referrer's, or one referral.
public struct ReferralScope: Sendable, Hashable {
    public var appId: String?
    public var referrerId: String?
    public var id: Int64?

    public init(appId: String? = nil, referrerId: String? = nil, id: Int64? = nil) {
        self.appId = appId
        self.referrerId = referrerId
        self.id = id
    }

    public static let everything = ReferralScope()
}
