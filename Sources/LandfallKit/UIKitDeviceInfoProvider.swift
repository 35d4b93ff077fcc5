#if canImport(UIKit) && os(iOS) && !targetEnvironment(macCatalyst)
import Foundation
import UIKit

/// Device information on iOS and iPadOS: `UIDevice`'s system name and version, the screen's
/// `nativeBounds` (pixels, portrait), the hardware model, the time zone and the language.
public struct UIKitDeviceInfoProvider: DeviceInfoProvider {
    private let appName: String?
    private let appVersion: String?

    /// Creates a provider; `appName` and `appVersion` override what the main bundle says.
    ///
    /// - Parameters:
    ///   - appName: the name for the user agent; the bundle's display name when nil.
    ///   - appVersion: the app's version; the bundle's `CFBundleShortVersionString` when nil.
    public init(appName: String? = nil, appVersion: String? = nil) {
        self.appName = appName
        self.appVersion = appVersion
    }

    /// Reads `UIDevice` and `UIScreen` on the main actor, and the time zone and language now.
    ///
    /// - Returns: the device's information, screen size in native pixels, portrait.
    public func currentDeviceInfo() async -> DeviceInfo {
        let (system, version, width, height) = await MainActor.run {
            let device = UIDevice.current
            let pixels = UIScreen.main.nativeBounds.size
            return (device.systemName, device.systemVersion, Int(pixels.width), Int(pixels.height))
        }
        return DeviceInfo(
            appName: appName ?? AppIdentity.name,
            appVersion: appVersion ?? AppIdentity.version,
            platform: system,
            platformVersion: version,
            screenWidth: width,
            screenHeight: height,
            timezone: TimeZone.current.identifier,
            language: LanguageTag.current(),
            deviceModel: Self.hardwareModel()
        )
    }

    /// `iPhone15,3`; on the simulator, the simulated model.
    private static func hardwareModel() -> String? {
        if let simulated = ProcessInfo.processInfo.environment["SIMULATOR_MODEL_IDENTIFIER"] { return simulated }
        var system = utsname()
        uname(&system)
        let model = withUnsafeBytes(of: &system.machine) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return model.isEmpty ? nil : model
    }
}
#endif
