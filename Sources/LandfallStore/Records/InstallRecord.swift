import Foundation
import LandfallModels

/// One app install as reported by an SDK, with the attribution decided for it.
public struct InstallRecord: Sendable, Hashable, Codable {
    public var id: String
    public var appId: String
    /// What makes a retried or repeated report the same install (an SDK install key, a device ID,
    /// or a hash of the fingerprint); unique per app.
    public var dedupKey: String
    public var createdAt: Date
    public var fingerprint: InstallFingerprint
    public var method: InstallMethod
    public var confidence: Int
    public var matchedFactors: [String]
    public var clickId: String?
    public var linkId: String?
    /// What the engine saw when it decided (`MatchObservation.text`): written with the install for
    /// the app's model fit, never read back with the install.
    public var matchObservation: String?

    public init(
        id: String, appId: String, dedupKey: String, createdAt: Date, fingerprint: InstallFingerprint,
        method: InstallMethod, confidence: Int, matchedFactors: [String], clickId: String? = nil, linkId: String? = nil,
        matchObservation: String? = nil
    ) {
        self.matchObservation = matchObservation
        self.id = id
        self.appId = appId
        self.dedupKey = dedupKey
        self.createdAt = createdAt
        self.fingerprint = fingerprint
        self.method = method
        self.confidence = confidence
        self.matchedFactors = matchedFactors
        self.clickId = clickId
        self.linkId = linkId
    }

    /// The observation is the fit's, not part of an install's record as the API and webhooks show it.
    enum CodingKeys: String, CodingKey {
        case id, appId, dedupKey, createdAt, fingerprint, method, confidence, matchedFactors, clickId, linkId
    }
}

/// The device signals an install arrived with, as stored.
public struct InstallFingerprint: Sendable, Hashable, Codable {
    public var userAgent: String?
    public var ipAddress: String?
    public var ipPrefix: String?
    public var platform: String
    public var osVersion: String?
    public var deviceModel: String?
    public var screenWidth: Int?
    public var screenHeight: Int?
    public var timezone: String?
    public var language: String?
    public var appVersion: String?
    public var sdkName: String?
    public var sdkVersion: String?

    public init(
        userAgent: String? = nil, ipAddress: String? = nil, ipPrefix: String? = nil, platform: String, osVersion: String? = nil,
        deviceModel: String? = nil, screenWidth: Int? = nil, screenHeight: Int? = nil, timezone: String? = nil,
        language: String? = nil, appVersion: String? = nil, sdkName: String? = nil, sdkVersion: String? = nil
    ) {
        self.userAgent = userAgent
        self.ipAddress = ipAddress
        self.ipPrefix = ipPrefix
        self.platform = platform
        self.osVersion = osVersion
        self.deviceModel = deviceModel
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.timezone = timezone
        self.language = language
        self.appVersion = appVersion
        self.sdkName = sdkName
        self.sdkVersion = sdkVersion
    }
}

/// An in-app event tied to an install, and through it to the link and click that drove it.
public struct EventRecord: Sendable, Hashable, Codable {
    public var id: String
    public var appId: String
    public var installId: String
    /// The SDK's own id for the event; a retry with the same id is the same event.
    public var clientEventId: String?
    public var name: String
    /// The event's properties as a JSON object text.
    public var data: String
    public var occurredAt: Date
    public var receivedAt: Date
    /// Revenue in millionths of the currency unit: exact, and summable in SQL.
    public var revenueMicros: Int64?
    /// ISO 4217 code, uppercase.
    public var revenueCurrency: String?
    public var linkId: String?
    public var clickId: String?
    /// Orders events that share a timestamp (SDKs send whole seconds) the way they arrived.
    public var sequence: Int64

    public init(
        id: String, appId: String, installId: String, clientEventId: String?, name: String, data: String,
        occurredAt: Date, receivedAt: Date, revenueMicros: Int64? = nil, revenueCurrency: String? = nil,
        linkId: String? = nil, clickId: String? = nil, sequence: Int64 = 0
    ) {
        self.id = id
        self.appId = appId
        self.installId = installId
        self.clientEventId = clientEventId
        self.name = name
        self.data = data
        self.occurredAt = occurredAt
        self.receivedAt = receivedAt
        self.revenueMicros = revenueMicros
        self.revenueCurrency = revenueCurrency
        self.linkId = linkId
        self.clickId = clickId
        self.sequence = sequence
    }
}

/// A direct deep link resolved by an app (`/api/sdk/v1/resolve`): an app open, never an install candidate.
public struct AppOpenRecord: Sendable, Hashable, Codable {
    public var id: String
    public var appId: String
    public var linkId: String
    public var openedAt: Date
    public var platform: String?
    public var osVersion: String?
    public var screenWidth: Int?
    public var screenHeight: Int?
    public var timezone: String?
    public var language: String?

    public init(
        id: String, appId: String, linkId: String, openedAt: Date, platform: String? = nil, osVersion: String? = nil,
        screenWidth: Int? = nil, screenHeight: Int? = nil, timezone: String? = nil, language: String? = nil
    ) {
        self.id = id
        self.appId = appId
        self.linkId = linkId
        self.openedAt = openedAt
        self.platform = platform
        self.osVersion = osVersion
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.timezone = timezone
        self.language = language
    }
}

/// Counts of click signal values for one app and platform over some days: the population the
/// engine weighs agreements against.
public struct ClickPopulation: Sendable, Hashable {
    public var clickCount: Int
    /// `factor` → `value` → clicks.
    public var counts: [String: [String: Int]]

    public init(clickCount: Int, counts: [String: [String: Int]]) {
        self.clickCount = clickCount
        self.counts = counts
    }
}

/// One row of the daily click statistics.
public struct ClickStatDelta: Sendable, Hashable {
    public var appId: String
    public var platform: String
    /// Days since 1970 (UTC).
    public var day: Int64
    /// A factor name, or nil for the day's total.
    public var factor: String?
    /// The factor's value, or ``carriedValue`` for the clicks that carry any value of it.
    public var value: String?
    public var clicks: Int

    /// The value a factor's carried count is kept under: no factor has an empty value.
    public static let carriedValue = ""

    public init(appId: String, platform: String, day: Int64, factor: String?, value: String?, clicks: Int) {
        self.appId = appId
        self.platform = platform
        self.day = day
        self.factor = factor
        self.value = value
        self.clicks = clicks
    }
}
