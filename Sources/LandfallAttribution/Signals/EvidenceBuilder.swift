import Foundation

/// Turns the raw signals of a click or an install report into the normalised evidence the
/// `AttributionEngine` compares, and into the device-signature key the store indexes.
///
/// Both sides go through the same normalisers, so an iPhone's Safari click (`en-US`,
/// `1179×2556` from CSS pixels × devicePixelRatio) and the app's first launch on it (`en_US`,
/// native `1179×2556`) produce equal values.
///
/// ```swift
/// let click = EvidenceBuilder.click(
///     id: "c1", clickedAt: now, userAgent: safariUserAgent, ipAddress: "203.0.113.9",
///     screenWidth: 1179, screenHeight: 2556, timezone: "Europe/Paris", language: "en-US",
///     acceptLanguage: "en-US,en;q=0.9", platformOverride: nil
/// )
/// EvidenceBuilder.signature(click)   // "ios|17.4|1176x2560|Europe/Paris|en"
/// ```
public enum EvidenceBuilder {
    /// Evidence for one click on a link page.
    ///
    /// - Parameters:
    ///   - userAgent: the request's `User-Agent`: platform, OS version and device model.
    ///   - ipAddress: the client address; only a public one yields a network prefix.
    ///   - screenWidth: the page beacon's `screen.width × devicePixelRatio` (device pixels).
    ///   - language: the beacon's `navigator.language`; when absent or unreadable, the most
    ///     preferred entry of `acceptLanguage` is used.
    ///   - platformOverride: what the page found out that the user agent hides: "ios" when an
    ///     iPad's Safari claims to be a Mac but has a touch screen.
    ///   - platformVersion: the beacon's `navigator.userAgentData` platform version (Chromium),
    ///     the only source of the Android version once Chrome's user agent says "Android 10; K".
    ///   - deviceModel: the beacon's `navigator.userAgentData` model, for the same reason.
    ///   - parsedUserAgent: `userAgent` as ``UserAgentParser/parse(_:)`` reads it, when the caller
    ///     already has it.
    public static func click(
        id: String,
        clickedAt: Date,
        userAgent: String?,
        ipAddress: String?,
        screenWidth: Int?,
        screenHeight: Int?,
        timezone: String?,
        language: String?,
        acceptLanguage: String?,
        platformOverride: String?,
        platformVersion: String? = nil,
        deviceModel: String? = nil,
        parsedUserAgent: UserAgentInfo? = nil
    ) -> ClickEvidence {
        var device = DeviceReading(userAgent: userAgent, parsed: parsedUserAgent)
        if let override = DevicePlatform(reportedName: platformOverride) {
            device.override(platform: override)
        }
        return ClickEvidence(
            clickId: id,
            clickedAt: clickedAt,
            platform: device.platform,
            osVersion: normalizeOSVersion(platformVersion) ?? device.osVersion,
            deviceModel: normalizeDeviceModel(deviceModel, platform: device.platform) ?? device.deviceModel,
            ipPrefix: ipAddress.flatMap(IPAddressPrefix.prefix(of:)),
            screen: ScreenSize.fromFingerprint(width: screenWidth, height: screenHeight),
            timezone: TimeZoneName.normalize(timezone),
            language: LanguageTag.normalize(language) ?? LanguageTag.preferred(inAcceptLanguage: acceptLanguage)
        )
    }

    /// Evidence for one install report from an SDK.
    ///
    /// - Parameters:
    ///   - userAgent: the SDK's user agent (`Mealtime/4.2.1 iOS/18.1`, `Dalvik/2.1.0 (…)`):
    ///     the fallback for platform, OS version and model.
    ///   - platform: the fingerprint's platform ("iOS", "iPadOS", "Android"); wins over the
    ///     user agent.
    ///   - platformVersion: the fingerprint's OS version ("18", "17.4.1"); reduced to major.minor.
    ///   - deviceModel: a model name ("Pixel 8") or an Apple hardware identifier ("iPhone16,2",
    ///     reduced to "iPhone", the most a click's user agent can say).
    public static func install(
        reportedAt: Date,
        userAgent: String?,
        ipAddress: String?,
        screenWidth: Int?,
        screenHeight: Int?,
        timezone: String?,
        language: String?,
        platform: String?,
        platformVersion: String?,
        deviceModel: String?
    ) -> InstallEvidence {
        var device = DeviceReading(userAgent: userAgent)
        if let reported = DevicePlatform(reportedName: platform), reported != device.platform {
            // The user agent describes another OS, so its version and model do not apply.
            device = DeviceReading(platform: reported)
        }
        return InstallEvidence(
            reportedAt: reportedAt,
            platform: device.platform,
            osVersion: normalizeOSVersion(platformVersion) ?? device.osVersion,
            deviceModel: normalizeDeviceModel(deviceModel, platform: device.platform) ?? device.deviceModel,
            ipPrefix: ipAddress.flatMap(IPAddressPrefix.prefix(of:)),
            screen: ScreenSize.fromFingerprint(width: screenWidth, height: screenHeight),
            timezone: TimeZoneName.normalize(timezone),
            language: LanguageTag.normalize(language)
        )
    }

    /// The device-signature blocking key, `platform|osVersion|screen bucket|timezone|language`
    /// (the primary language subtag: an iPhone's `es_US` locale and its browser's `es-MX` agree):
    /// the store fetches the clicks whose key equals an install's. Nil unless all five are known.
    public static func signature(_ click: ClickEvidence) -> String? {
        signature(click.platform, click.osVersion, click.screen, click.timezone, click.language)
    }

    /// The same key for an install, in the identical format.
    public static func signature(_ install: InstallEvidence) -> String? {
        signature(install.platform, install.osVersion, install.screen, install.timezone, install.language)
    }

    private static func signature(
        _ platform: DevicePlatform, _ osVersion: String?, _ screen: ScreenSize?, _ timezone: String?, _ language: String?
    ) -> String? {
        guard platform != .other, let osVersion, let screen, let timezone, let language else { return nil }
        return [platform.rawValue, osVersion, screen.bucket, timezone, LanguageTag.primary(language)].joined(separator: "|")
    }
}
