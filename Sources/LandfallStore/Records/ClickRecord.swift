import Foundation

/// One visit of a short link, human or bot, with the signals attribution matches on.
public struct ClickRecord: Sendable, Hashable, Codable {
    public var id: String
    public var appId: String
    public var linkId: String
    public var clickedAt: Date
    /// Random, unguessable; handed to the app (`lf_click`) for deterministic attribution.
    public var clickToken: String
    public var ipAddress: String?
    public var userAgent: String?
    public var platform: String
    public var osVersion: String?
    public var deviceClass: String
    public var deviceModel: String?
    public var browser: String?
    public var inAppBrowser: String?
    public var acceptLanguage: String?
    public var referrer: String?
    public var country: String?
    public var isBot: Bool
    public var botName: String?
    public var signals: ClickSignals
    /// The routable network prefix the engine matches on (nil for CGNAT, private and unknown addresses).
    public var ipPrefix: String?
    /// The device-signature key candidates are fetched by; nil until every part of it is known.
    public var signature: String?
    /// What the engine reads of this click, in the server's compact form, kept in the candidate
    /// indexes so a match reads no click row; nil for clicks stored before it was kept.
    public var matchEvidence: String?
    /// The install this click was attributed to: a click is consumed once.
    public var installId: String?
    /// When the server got a click posted after the fact (server to server, an import); nil for a
    /// redirect's click, which arrived when it happened.
    public var receivedAt: Date?

    public init(
        id: String, appId: String, linkId: String, clickedAt: Date, clickToken: String,
        ipAddress: String? = nil, userAgent: String? = nil, platform: String, osVersion: String? = nil,
        deviceClass: String, deviceModel: String? = nil, browser: String? = nil, inAppBrowser: String? = nil,
        acceptLanguage: String? = nil, referrer: String? = nil, country: String? = nil,
        isBot: Bool = false, botName: String? = nil, signals: ClickSignals = ClickSignals(),
        ipPrefix: String? = nil, signature: String? = nil, matchEvidence: String? = nil, installId: String? = nil,
        receivedAt: Date? = nil
    ) {
        self.id = id
        self.appId = appId
        self.linkId = linkId
        self.clickedAt = clickedAt
        self.clickToken = clickToken
        self.ipAddress = ipAddress
        self.userAgent = userAgent
        self.platform = platform
        self.osVersion = osVersion
        self.deviceClass = deviceClass
        self.deviceModel = deviceModel
        self.browser = browser
        self.inAppBrowser = inAppBrowser
        self.acceptLanguage = acceptLanguage
        self.referrer = referrer
        self.country = country
        self.isBot = isBot
        self.botName = botName
        self.signals = signals
        self.ipPrefix = ipPrefix
        self.signature = signature
        self.matchEvidence = matchEvidence
        self.installId = installId
        self.receivedAt = receivedAt
    }
}

/// What the interstitial page reports about the device after the click (the beacon).
public struct ClickSignals: Sendable, Hashable, Codable {
    /// Screen size in device pixels, as the app would report it.
    public var screenWidth: Int?
    public var screenHeight: Int?
    /// IANA time zone identifier.
    public var timezone: String?
    /// BCP 47 language tag.
    public var language: String?
    /// What Chromium's `navigator.userAgentData` tells once the user agent string is frozen
    /// ("Android 10; K"): the real OS version and device model.
    public var platformVersion: String?
    public var deviceModel: String?
    /// Set when the page learns the platform better than the user agent could (desktop-class iPad
    /// Safari); applied only to a click whose user agent said ``ambiguousDesktopPlatform``.
    public var platformOverride: String?

    /// The platform a desktop-class iPad's user agent claims.
    public static let ambiguousDesktopPlatform = "macos"

    public init(
        screenWidth: Int? = nil, screenHeight: Int? = nil, timezone: String? = nil, language: String? = nil,
        platformOverride: String? = nil, platformVersion: String? = nil, deviceModel: String? = nil
    ) {
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.timezone = timezone
        self.language = language
        self.platformOverride = platformOverride
        self.platformVersion = platformVersion
        self.deviceModel = deviceModel
    }
}
