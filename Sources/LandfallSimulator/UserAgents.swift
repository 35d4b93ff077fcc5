import Foundation
import LandfallAttribution

/// Where a click was opened.
public enum BrowserKind: String, Sendable, Hashable, CaseIterable, Codable {
    case safari, chromeIOS, firefoxIOS, instagramIOS, facebookIOS, tiktokIOS
    case chromeAndroid, samsungInternet, firefoxAndroid, instagramAndroid, facebookAndroid, tiktokAndroid

    public var isInApp: Bool {
        switch self {
        case .instagramIOS, .facebookIOS, .tiktokIOS, .instagramAndroid, .facebookAndroid, .tiktokAndroid: true
        default: false
        }
    }
}

/// Realistic user agents for clicks and SDK installs, in the shapes real browsers send today.
///
/// What matters for attribution is reproduced on purpose:
/// - Safari on iOS 26 and later freezes the OS token at 18_6 but keeps `Version/26.x`; Chrome on
///   iOS and WebKit in-app browsers freeze the token the same way and carry no `Version/`, so the
///   server reads iOS 18.6 for an iPhone on 26.x.
/// - iPad Safari asks for desktop sites and sends a Mac user agent.
/// - Chrome and Samsung Internet on Android send the reduced "Android 10; K" (no model, no real
///   version); Android web views (in-app browsers) still send the real release and model.
/// - The SDKs send their own user agent ("Mealtime/4.2.1 iOS/26.1"), never a browser's.
public enum UserAgents {
    public static let appName = "Mealtime"
    public static let appVersion = "4.2.1"

    /// The iOS OS token a WebKit user agent carries for a given real version.
    static func iOSToken(_ version: String) -> String {
        let parts = version.split(separator: ".")
        if let major = Int(parts.first ?? ""), major >= 26 { return "18_6" }
        return parts.joined(separator: "_")
    }

    static func androidAPILevel(_ release: String) -> Int {
        switch Int(release.split(separator: ".").first ?? "") ?? 14 {
        case 16: 36
        case 15: 35
        case 14: 34
        case 13: 33
        case 12: 31
        case 11: 30
        case 10: 29
        default: 34
        }
    }

    /// A click's user agent.
    public static func click(kind: BrowserKind, device: DeviceModel, osVersion: String, screen: (Int, Int)) -> String {
        let token = iOSToken(osVersion)
        let iDevice = device.isTablet ? "iPad; CPU OS" : "iPhone; CPU iPhone OS"
        let webkit = "AppleWebKit/605.1.15 (KHTML, like Gecko)"
        let code = device.modelCode ?? "Pixel 8"
        let chrome = "Chrome/141.0.7390.122"
        let webView =
            "Mozilla/5.0 (Linux; Android \(osVersion); \(code) Build/BP2A.250605.031; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 \(chrome) Mobile Safari/537.36"
        switch kind {
        case .safari:
            if device.isTablet {
                return "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) \(webkit) Version/\(safariVersion(osVersion)) Safari/605.1.15"
            }
            return
                "Mozilla/5.0 (\(iDevice) \(token) like Mac OS X) \(webkit) Version/\(safariVersion(osVersion)) Mobile/15E148 Safari/604.1"
        case .chromeIOS:
            return "Mozilla/5.0 (\(iDevice) \(token) like Mac OS X) \(webkit) CriOS/141.0.7390.96 Mobile/15E148 Safari/604.1"
        case .firefoxIOS:
            return "Mozilla/5.0 (\(iDevice) \(token) like Mac OS X) \(webkit) FxiOS/144.0 Mobile/15E148 Safari/605.1.15"
        case .instagramIOS:
            let real = osVersion.replacingOccurrences(of: ".", with: "_")
            return
                "Mozilla/5.0 (\(iDevice) \(token) like Mac OS X) \(webkit) Mobile/15E148 Instagram 400.0.0.26.89 (iPhone16,2; iOS \(real); en_US; en; scale=3.00; \(screen.0)x\(screen.1); 812345678)"
        case .facebookIOS:
            return
                "Mozilla/5.0 (\(iDevice) \(token) like Mac OS X) \(webkit) Mobile/15E148 [FBAN/FBIOS;FBAV/530.0.0.41.106;FBBV/812345678;FBDV/iPhone16,2;FBMD/iPhone;FBSN/iOS;FBSV/\(osVersion);FBSS/3;FBID/phone;FBLC/en_US;FBOP/5;FBRV/0]"
        case .tiktokIOS:
            return
                "Mozilla/5.0 (\(iDevice) \(token) like Mac OS X) \(webkit) Mobile/15E148 musical_ly_41.5.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US"
        case .chromeAndroid:
            return "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Mobile Safari/537.36"
        case .samsungInternet:
            return
                "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/28.0 Chrome/130.0.0.0 Mobile Safari/537.36"
        case .firefoxAndroid:
            return "Mozilla/5.0 (Android \(osVersion); Mobile; rv:144.0) Gecko/144.0 Firefox/144.0"
        case .instagramAndroid:
            let api = androidAPILevel(osVersion)
            return
                "\(webView) Instagram 400.0.0.47.74 Android (\(api)/\(osVersion); 420dpi; \(screen.0)x\(screen.1); samsung; \(code); \(code); qcom; en_US; 801234567)"
        case .facebookAndroid:
            return "\(webView) [FB_IAB/FB4A;FBAV/530.0.0.45.74;]"
        case .tiktokAndroid:
            return "\(webView) trill_410503 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/trill app_version/41.5.3 ByteLocale/en"
        }
    }

    /// Safari's `Version/` token: the OS major.minor on iOS 17+ (26.x on iOS 26).
    static func safariVersion(_ osVersion: String) -> String {
        let parts = osVersion.split(separator: ".")
        return parts.prefix(2).joined(separator: ".") + (parts.count < 2 ? ".0" : "")
    }

    /// The SDK's user agent, as the LinkForty iOS and Android SDKs build it.
    public static func sdk(platform: DevicePlatform, osVersion: String) -> String {
        platform == .ios ? "\(appName)/\(appVersion) iOS/\(osVersion)" : "\(appName)/\(appVersion) Android/\(osVersion)"
    }

    /// The browser mix by platform; in-app browsers are picked with the model's in-app share.
    static let iOSBrowsers = WeightedTable<BrowserKind>([(.safari, 86), (.chromeIOS, 11), (.firefoxIOS, 3)])
    static let iOSInApp = WeightedTable<BrowserKind>([(.instagramIOS, 40), (.facebookIOS, 35), (.tiktokIOS, 25)])
    static let androidBrowsers = WeightedTable<BrowserKind>([(.chromeAndroid, 78), (.samsungInternet, 17), (.firefoxAndroid, 5)])
    static let androidInApp = WeightedTable<BrowserKind>([(.instagramAndroid, 40), (.facebookAndroid, 35), (.tiktokAndroid, 25)])
}
