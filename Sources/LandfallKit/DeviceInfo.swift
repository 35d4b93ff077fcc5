import Foundation

/// What the SDK tells the server about the device: the DeviceFingerprint of the LinkForty
/// specification, plus the app's name for the user agent.
public struct DeviceInfo: Sendable, Hashable {
    /// The app's name, the first part of ``userAgent``.
    public var appName: String
    /// The app's version (`CFBundleShortVersionString`).
    public var appVersion: String?
    /// `iOS`, `iPadOS`, `macOS`, `Linux`, … — the real platform, never a guess.
    public var platform: String
    /// The OS version, e.g. `18.1`.
    public var platformVersion: String
    /// The screen's width in native pixels (points × scale), portrait; nil where there is no screen.
    public var screenWidth: Int?
    /// The screen's height in native pixels, portrait.
    public var screenHeight: Int?
    /// IANA time zone identifier, e.g. `Europe/Paris`.
    public var timezone: String?
    /// BCP 47 language tag, e.g. `en-US`.
    public var language: String?
    /// The hardware model identifier (`iPhone15,3`) where the SDK can read it.
    public var deviceModel: String?

    /// Creates device information; only the app and platform are required, and each parameter sets
    /// the property of the same name.
    public init(
        appName: String, appVersion: String?, platform: String, platformVersion: String, screenWidth: Int? = nil,
        screenHeight: Int? = nil, timezone: String? = nil, language: String? = nil, deviceModel: String? = nil
    ) {
        self.appName = appName
        self.appVersion = appVersion
        self.platform = platform
        self.platformVersion = platformVersion
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.timezone = timezone
        self.language = language
        self.deviceModel = deviceModel
    }

    /// `{AppName}/{appVersion} {platform}/{platformVersion}`, e.g. `Mealtime/4.2.1 iOS/18.1`: the
    /// format LinkForty's iOS SDK sends and the server parses.
    public var userAgent: String {
        "\(Self.token(appName))/\(Self.token(appVersion ?? "0")) \(Self.token(platform))/\(Self.token(platformVersion))"
    }

    private static func token(_ text: String) -> String {
        let cleaned = String(text.map { $0.isLetter || $0.isNumber || "._-+".contains($0) ? $0 : "-" })
        return cleaned.isEmpty ? "unknown" : cleaned
    }
}

/// Supplies ``DeviceInfo``. The default is `UIKitDeviceInfoProvider` on iOS and
/// ``HostDeviceInfoProvider`` elsewhere; tests pass ``StaticDeviceInfoProvider``.
public protocol DeviceInfoProvider: Sendable {
    /// The device as it is now (the time zone or language may change while the app runs).
    ///
    /// - Returns: the fingerprint sent with the install report and with link resolutions.
    func currentDeviceInfo() async -> DeviceInfo
}

/// Always answers the same ``DeviceInfo``: for tests and simulators.
public struct StaticDeviceInfoProvider: DeviceInfoProvider {
    /// The answer to every call.
    public var info: DeviceInfo

    /// Creates a provider that always answers `info`.
    ///
    /// - Parameter info: the device to report.
    public init(_ info: DeviceInfo) {
        self.info = info
    }

    /// The same ``info`` on every call.
    ///
    /// - Returns: ``info``.
    public func currentDeviceInfo() async -> DeviceInfo { info }
}

/// Turns a locale identifier into a BCP 47 language tag: `en_US` → `en-US`,
/// `zh_Hant_TW` → `zh-Hant-TW`, `de_DE@calendar=buddhist` → `de-DE`, `en_US.UTF-8` → `en-US`.
enum LanguageTag {
    /// The tag, or nil for identifiers that name no language (`""`, `C`, `POSIX`).
    static func bcp47(fromLocaleIdentifier identifier: String) -> String? {
        // POSIX locale names carry an encoding and a modifier: `en_US.UTF-8@euro`.
        let base = identifier.prefix { $0 != "@" && $0 != "." }
        let parts = base.split(whereSeparator: { $0 == "_" || $0 == "-" })
            .map(String.init)
            .filter { $0.uppercased() != "POSIX" }
        guard let language = parts.first, language.count >= 2, language.count <= 8, language.allSatisfy(\.isLetter),
            language.uppercased() != "C"
        else {
            return nil
        }
        return ([language.lowercased()] + parts.dropFirst()).joined(separator: "-")
    }

    /// The user's preferred language as a BCP 47 tag.
    static func current() -> String? {
        if let preferred = Locale.preferredLanguages.first, let tag = bcp47(fromLocaleIdentifier: preferred) {
            return tag
        }
        return bcp47(fromLocaleIdentifier: Locale.current.identifier)
    }
}

/// The running app's name and version from its bundle, with fallbacks for tools and tests.
enum AppIdentity {
    static var name: String {
        let info = Bundle.main.infoDictionary
        return (info?["CFBundleDisplayName"] as? String) ?? (info?["CFBundleName"] as? String) ?? ProcessInfo.processInfo.processName
    }

    static var version: String? {
        Bundle.main.infoDictionary?["CFBundleShortVersionString"] as? String
    }

    static func osVersion() -> String {
        let version = ProcessInfo.processInfo.operatingSystemVersion
        var text = "\(version.majorVersion).\(version.minorVersion)"
        if version.patchVersion > 0 { text += ".\(version.patchVersion)" }
        return text
    }
}

/// The platform's default device information provider.
enum DefaultDeviceInfo {
    static func make() -> any DeviceInfoProvider {
        #if canImport(UIKit) && os(iOS) && !targetEnvironment(macCatalyst)
        UIKitDeviceInfoProvider()
        #else
        HostDeviceInfoProvider()
        #endif
    }
}
