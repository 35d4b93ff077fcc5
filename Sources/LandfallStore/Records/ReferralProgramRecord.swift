import Foundation

/// The rules of an app's referral program: what counts as the referee's key action, how long a
/// reward is held, the caps and the fraud thresholds.
///
/// Stored as one JSON document per app: nothing is queried by these fields, and each referral
/// copies the completion rule it was registered under, so changing the program never rewrites
/// the fate of referrals already made.
public struct ReferralProgram: Sendable, Hashable, Codable {
    /// The event name whose arrival from the referee's install completes the referral (`purchase`).
    public var keyEvent: String
    /// When set, the key event counts only with at least this revenue, in millionths.
    public var minRevenueMicros: Int64?
    /// The currency `minRevenueMicros` is in (ISO 4217); required with it.
    public var revenueCurrency: String?
    /// Hours between the key action and completion, so refunds can reverse a referral first.
    public var holdHours: Int
    /// Referrals one referrer may make per rolling day and week; more are refused.
    public var maxPerDay: Int?
    public var maxPerWeek: Int?
    /// Hours from the referee's install to their registration; a later registration is refused.
    public var registrationWindowHours: Int
    /// Referrals of one referrer within an hour above which a new one is flagged (`velocity`).
    public var velocityPerHour: Int
    /// Referees registering from one IP address within a day above which a new one is flagged.
    public var maxRefereesPerIP: Int
    /// Seconds from click to install below which the install is flagged as click injection.
    public var minClickToInstallSeconds: Int
    /// The in-app path invite links open (`/signup`).
    public var deepLinkPath: String?
    /// Where invite links send browsers without the app; the app's web fallback when nil.
    public var webUrl: String?
    /// Whether an app's publishable key may read `GET /api/users/:userId/referrals` (referees'
    /// names and avatars); otherwise only a secret key may.
    public var publishableKeyMayList: Bool

    public init(
        keyEvent: String = "purchase", minRevenueMicros: Int64? = nil, revenueCurrency: String? = nil, holdHours: Int = 0,
        maxPerDay: Int? = nil, maxPerWeek: Int? = nil, registrationWindowHours: Int = 168, velocityPerHour: Int = 10,
        maxRefereesPerIP: Int = 3, minClickToInstallSeconds: Int = 10, deepLinkPath: String? = nil, webUrl: String? = nil,
        publishableKeyMayList: Bool = false
    ) {
        self.keyEvent = keyEvent
        self.minRevenueMicros = minRevenueMicros
        self.revenueCurrency = revenueCurrency
        self.holdHours = holdHours
        self.maxPerDay = maxPerDay
        self.maxPerWeek = maxPerWeek
        self.registrationWindowHours = registrationWindowHours
        self.velocityPerHour = velocityPerHour
        self.maxRefereesPerIP = maxRefereesPerIP
        self.minClickToInstallSeconds = minClickToInstallSeconds
        self.deepLinkPath = deepLinkPath
        self.webUrl = webUrl
        self.publishableKeyMayList = publishableKeyMayList
    }
}

/// An app's program as stored.
public struct ReferralProgramRecord: Sendable, Hashable {
    public var appId: String
    public var program: ReferralProgram
    public var createdAt: Date
    public var updatedAt: Date

    public init(appId: String, program: ReferralProgram, createdAt: Date, updatedAt: Date) {
        self.appId = appId
        self.program = program
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// A referrer's one stable code and the invite link that carries it.
public struct ReferralCodeRecord: Sendable, Hashable {
    public var appId: String
    /// The referrer's external user id.
    public var userId: String
    public var code: String
    public var linkId: String?
    public var createdAt: Date

    public init(appId: String, userId: String, code: String, linkId: String? = nil, createdAt: Date) {
        self.appId = appId
        self.userId = userId
        self.code = code
        self.linkId = linkId
        self.createdAt = createdAt
    }
}

/// Something known to belong to a user of an app, compared across referrer and referee by the
/// fraud checks: an install id, or a hash of an email address or payment instrument.
public struct ReferralIdentity: Sendable, Hashable {
    public struct Kind: RawRepresentable, Sendable, Hashable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let install = Kind(rawValue: "install")
        public static let email = Kind(rawValue: "email")
        public static let payment = Kind(rawValue: "payment")
    }

    public var userId: String
    public var kind: Kind
    public var value: String

    public init(userId: String, kind: Kind, value: String) {
        self.userId = userId
        self.kind = kind
        self.value = value
    }
}
