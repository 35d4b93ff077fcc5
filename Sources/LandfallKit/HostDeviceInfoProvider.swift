import Foundation
#if canImport(AppKit) && os(macOS)
import AppKit
#endif

/// Device information from the host it really runs on: `macOS` or `Linux` with the OS version from
/// `ProcessInfo`, the current time zone and language, and on macOS the main screen in pixels.
/// It never claims to be iOS.
public struct HostDeviceInfoProvider: DeviceInfoProvider {
    private let appName: String?
    private let appVersion: String?

    /// Creates a provider; `appName` and `appVersion` override what the main bundle says.
    ///
    /// - Parameters:
    ///   - appName: the name for the user agent; the bundle's display name or the process name when nil.
    ///   - appVersion: the app's version; the bundle's `CFBundleShortVersionString` when nil.
    public init(appName: String? = nil, appVersion: String? = nil) {
        self.appName = appName
        self.appVersion = appVersion
    }

    /// The platform name this build runs on.
    public static var platformName: String {
        #if targetEnvironment(macCatalyst)
        "macOS"
        #elseif os(macOS)
        "macOS"
        #elseif os(iOS)
        "iOS"
        #elseif os(tvOS)
        "tvOS"
        #elseif os(watchOS)
        "watchOS"
        #elseif os(visionOS)
        "visionOS"
        #elseif os(Linux)
        "Linux"
        #elseif os(Windows)
        "Windows"
        #elseif os(Android)
        "Android"
        #else
        "unknown"
        #endif
    }

    /// Reads the host's platform, OS version, time zone, language and (on macOS) main screen now.
    ///
    /// - Returns: the host's device information; no screen size on Linux, no device model anywhere.
    public func currentDeviceInfo() async -> DeviceInfo {
        let screen = await Self.screenPixels()
        return DeviceInfo(
            appName: appName ?? AppIdentity.name,
            appVersion: appVersion ?? AppIdentity.version,
            platform: Self.platformName,
            platformVersion: AppIdentity.osVersion(),
            screenWidth: screen?.width,
            screenHeight: screen?.height,
            timezone: TimeZone.current.identifier,
            language: LanguageTag.current(),
            deviceModel: nil
        )
    }

    private static func screenPixels() async -> (width: Int, height: Int)? {
        #if canImport(AppKit) && os(macOS)
        return await MainActor.run {
            guard let screen = NSScreen.main else { return nil }
            let scale = screen.backingScaleFactor
            return (width: Int(screen.frame.width * scale), height: Int(screen.frame.height * scale))
        }
        #else
        return nil
        #endif
    }
}
