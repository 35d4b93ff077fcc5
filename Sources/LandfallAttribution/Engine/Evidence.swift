import Foundation

/// One click as the matching engine sees it: every signal already normalised.
public struct ClickEvidence: Sendable, Hashable {
    public var clickId: String
    public var clickedAt: Date
    public var platform: DevicePlatform
    /// "major.minor", as `UserAgentParser` reports it.
    public var osVersion: String?
    public var deviceModel: String?
    /// The routable network prefix (IPv4 /24, IPv6 /64); nil for carrier-grade NAT, private,
    /// loopback, link-local and unique-local addresses, which say nothing about a person.
    public var ipPrefix: String?
    public var screen: ScreenSize?
    /// IANA time zone identifier.
    public var timezone: String?
    /// BCP 47 language tag, normalised (`en-US`).
    public var language: String?
    /// The app the click belongs to, when the caller says: the engine never matches across apps.
    public var appId: String?

    public init(
        clickId: String, clickedAt: Date, platform: DevicePlatform, osVersion: String? = nil, deviceModel: String? = nil,
        ipPrefix: String? = nil, screen: ScreenSize? = nil, timezone: String? = nil, language: String? = nil, appId: String? = nil
    ) {
        self.appId = appId
        self.clickId = clickId
        self.clickedAt = clickedAt
        self.platform = platform
        self.osVersion = osVersion
        self.deviceModel = deviceModel
        self.ipPrefix = ipPrefix
        self.screen = screen
        self.timezone = timezone
        self.language = language
    }
}

/// An install report as the engine sees it, normalised the same way as clicks.
public struct InstallEvidence: Sendable, Hashable {
    public var reportedAt: Date
    public var platform: DevicePlatform
    public var osVersion: String?
    public var deviceModel: String?
    public var ipPrefix: String?
    public var screen: ScreenSize?
    public var timezone: String?
    public var language: String?
    /// The app that reported the install; clicks of another app are never its candidates.
    public var appId: String?

    public init(
        reportedAt: Date, platform: DevicePlatform, osVersion: String? = nil, deviceModel: String? = nil,
        ipPrefix: String? = nil, screen: ScreenSize? = nil, timezone: String? = nil, language: String? = nil, appId: String? = nil
    ) {
        self.appId = appId
        self.reportedAt = reportedAt
        self.platform = platform
        self.osVersion = osVersion
        self.deviceModel = deviceModel
        self.ipPrefix = ipPrefix
        self.screen = screen
        self.timezone = timezone
        self.language = language
    }
}

/// A screen in device pixels, orientation-independent: `short` ≤ `long`.
public struct ScreenSize: Sendable, Hashable, CustomStringConvertible {
    public let short: Int
    public let long: Int

    /// Nil unless both sides are plausible pixel counts.
    public init?(width: Int, height: Int) {
        guard (1...20_000).contains(width), (1...20_000).contains(height) else { return nil }
        short = min(width, height)
        long = max(width, height)
    }

    /// From points and a scale factor, as a web page or UIKit reports them (390 × 844 @3 → 1170 × 2532).
    public init?(points width: Double, _ height: Double, scale: Double) {
        guard scale > 0, width.isFinite, height.isFinite else { return nil }
        self.init(width: Int((width * scale).rounded()), height: Int((height * scale).rounded()))
    }

    /// `1170x2532`.
    public var description: String { "\(short)x\(long)" }

    /// The key under which population shares are counted: both sides rounded to 8 pixels, so a
    /// page's rounding (1081 for a native 1080) lands in the same bucket.
    public var bucket: String {
        func round8(_ value: Int) -> Int { ((value + 4) / 8) * 8 }
        return "\(round8(short))x\(round8(long))"
    }
}
