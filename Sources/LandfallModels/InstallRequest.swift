import Foundation

/// The install report an SDK sends on first launch (LinkForty SDK specification, "DeviceFingerprint"), plus the
/// optional fields LinkForty's Android SDK and LandfallKit add.
public struct InstallRequest: Codable, Sendable, Hashable {
    /// The app's HTTP user agent, e.g. `Mealtime/4.2.1 iOS/18.1` or `Dalvik/2.1.0 (Linux; U; Android 14; Pixel 8 Build/…)`.
    public var userAgent: String
    /// The device's IANA time zone identifier, e.g. `Europe/Paris`.
    public var timezone: String?
    /// `en_US` (iOS) or `en-US` (Android); normalised by the server.
    public var language: String?
    /// Screen width in native pixels (points × scale), 1-20000.
    public var screenWidth: Int?
    /// Screen height in native pixels (points × scale), 1-20000.
    public var screenHeight: Int?
    /// The OS family: `iOS`, `Android`, `macOS`, `Linux`, …
    public var platform: String?
    /// The OS version string, e.g. `18.1` or `14`.
    public var platformVersion: String?
    /// The host app's version, e.g. `4.2.1` (`CFBundleShortVersionString` on iOS).
    public var appVersion: String?
    /// IDFA/GAID, only with the user's consent; also makes retries recognisable.
    public var deviceId: String?
    /// How far back the server may look for the click behind this install, in hours (1-2160); the
    /// server uses the smaller of this and the app's own window.
    public var attributionWindowHours: Int?
    /// The app's key in the body, as LinkForty's Android SDK sends it; identifies the app when the
    /// request has no `Authorization` header.
    public var appToken: String?
    /// The reporting SDK's name, e.g. `LandfallKit`; stored with the install.
    public var sdkName: String?
    /// The reporting SDK's version, e.g. `0.1.0`; stored with the install.
    public var sdkVersion: String?
    /// The click token (`lf_click`) when the app received it: from the opening URL, a clipboard hand-off.
    public var clickToken: String?
    /// The raw Play Install Referrer string (`lf_click=…&utm_source=…`); the server reads the token from it.
    public var installReferrer: String?
    /// A stable identifier of this install (a UUID the SDK keeps): a retried report answers the same install.
    public var installKey: String?
    /// The device model (`iPhone15,3`, `Pixel 8`) when the SDK knows it.
    public var deviceModel: String?

    /// Creates an install report; only the user agent is required, every parameter sets the property
    /// of the same name.
    public init(
        userAgent: String, timezone: String? = nil, language: String? = nil, screenWidth: Int? = nil, screenHeight: Int? = nil,
        platform: String? = nil, platformVersion: String? = nil, appVersion: String? = nil, deviceId: String? = nil,
        attributionWindowHours: Int? = nil, appToken: String? = nil, sdkName: String? = nil, sdkVersion: String? = nil,
        clickToken: String? = nil, installReferrer: String? = nil, installKey: String? = nil, deviceModel: String? = nil
    ) {
        self.userAgent = userAgent
        self.timezone = timezone
        self.language = language
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.platform = platform
        self.platformVersion = platformVersion
        self.appVersion = appVersion
        self.deviceId = deviceId
        self.attributionWindowHours = attributionWindowHours
        self.appToken = appToken
        self.sdkName = sdkName
        self.sdkVersion = sdkVersion
        self.clickToken = clickToken
        self.installReferrer = installReferrer
        self.installKey = installKey
        self.deviceModel = deviceModel
    }
}

/// The answer to an install report (LinkForty SDK specification, "InstallResponse"), plus `method` and `clickId`.
public struct InstallResponse: Codable, Sendable, Hashable {
    /// The server-assigned install UUID; events name the install by it.
    public var installId: String
    /// True when the install was matched to a link click.
    public var attributed: Bool
    /// 0-100: the probability that the click is the one behind the install.
    public var confidenceScore: Double
    /// The signals on which the install and its click agree (`click_token`, `ip`, `screen`,
    /// `timezone`, …); empty for an organic install.
    public var matchedFactors: [String]
    /// The link's data when attributed; null for an organic install.
    public var deepLinkData: DeepLinkData?
    /// `deterministic`, `probabilistic` or `organic`.
    public var method: String?
    /// The id of the matched click; nil for an organic install.
    public var clickId: String?

    /// Creates an answer; each parameter sets the property of the same name.
    public init(
        installId: String, attributed: Bool, confidenceScore: Double, matchedFactors: [String], deepLinkData: DeepLinkData?,
        method: String? = nil, clickId: String? = nil
    ) {
        self.installId = installId
        self.attributed = attributed
        self.confidenceScore = confidenceScore
        self.matchedFactors = matchedFactors
        self.deepLinkData = deepLinkData
        self.method = method
        self.clickId = clickId
    }

    enum CodingKeys: String, CodingKey {
        case installId, attributed, confidenceScore, matchedFactors, deepLinkData, method, clickId
    }

    /// Encodes the answer, writing `deepLinkData` as an explicit `null` for an organic install.
    ///
    /// - Parameter encoder: the encoder to write to.
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(installId, forKey: .installId)
        try container.encode(attributed, forKey: .attributed)
        try container.encode(confidenceScore, forKey: .confidenceScore)
        try container.encode(matchedFactors, forKey: .matchedFactors)
        // An explicit null: organic is an answer, not a missing field.
        try container.encode(deepLinkData, forKey: .deepLinkData)
        try container.encodeIfPresent(method, forKey: .method)
        try container.encodeIfPresent(clickId, forKey: .clickId)
    }
}

/// An in-app event (LinkForty SDK specification §5), with an optional client id that makes retries idempotent.
public struct EventRequest: Codable, Sendable, Hashable {
    /// The ``InstallResponse/installId`` of the install the event belongs to.
    public var installId: String
    /// The event's name, 1 to 128 characters, e.g. `signup` or `revenue`.
    public var eventName: String
    /// Free-form properties; a revenue event carries `amount` (a decimal string such as `"19.99"`) and
    /// `currency` (an ISO 4217 code).
    public var eventData: [String: JSONValue]?
    /// When the event happened; on the wire, ISO 8601 with `Z` or an offset, with or without
    /// fractional seconds. Absent (or zoneless): the time the server received it.
    public var timestamp: Date?
    /// The SDK's own id for this event; the server drops a second event with the same id.
    public var eventId: String?

    /// Creates an event; each parameter sets the property of the same name.
    public init(installId: String, eventName: String, eventData: [String: JSONValue]? = nil, timestamp: Date? = nil, eventId: String? = nil)
    {
        self.installId = installId
        self.eventName = eventName
        self.eventData = eventData
        self.timestamp = timestamp
        self.eventId = eventId
    }
    enum CodingKeys: String, CodingKey {
        case installId, eventName, eventData, timestamp, eventId
    }

    /// LinkForty's Flutter SDK stamps events with the device's local time and no zone
    /// (`2025-12-31T18:12:00.123456`), which names no instant: such a timestamp is read as absent, so
    /// the server uses the time it received the event rather than refusing it (the SDK would then
    /// hold the event at the head of its queue for ever).
    ///
    /// - Parameter decoder: the decoder to read from.
    /// - Throws: `DecodingError` when `installId` or `eventName` is missing or a field has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        installId = try container.decode(String.self, forKey: .installId)
        eventName = try container.decode(String.self, forKey: .eventName)
        eventData = try container.decodeIfPresent([String: JSONValue].self, forKey: .eventData)
        eventId = try container.decodeIfPresent(String.self, forKey: .eventId)
        if let text = try? container.decodeIfPresent(String.self, forKey: .timestamp), LandfallJSON.isZonelessTimestamp(text) {
            timestamp = nil
        } else {
            timestamp = try container.decodeIfPresent(Date.self, forKey: .timestamp)
        }
    }
}

/// The answer to an event: `success` for LinkForty's SDKs, `eventId`/`acknowledged` like LinkForty Core.
public struct EventResponse: Codable, Sendable, Hashable {
    /// Always true in a 2xx answer; LinkForty's SDKs check it.
    public var success: Bool
    /// Always true in a 2xx answer, as LinkForty Core sends it.
    public var acknowledged: Bool
    /// The server's id of the stored event; for a ``duplicate``, the id of the event first received.
    public var eventId: String
    /// True when the event had been received before (same `eventId` from the SDK).
    public var duplicate: Bool

    /// Creates an answer; each parameter sets the property of the same name.
    public init(success: Bool = true, acknowledged: Bool = true, eventId: String, duplicate: Bool) {
        self.success = success
        self.acknowledged = acknowledged
        self.eventId = eventId
        self.duplicate = duplicate
    }
}
