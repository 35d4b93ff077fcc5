/// Turns a `User-Agent` header into a `UserAgentInfo`.
///
/// Pure and allocation-light: no regular expressions, no I/O, linear in the input, and
/// input beyond `UserAgentText.maximumLength` bytes is ignored, so a hostile header costs
/// no more than a normal one. Never traps on any input.
public enum UserAgentParser {
    /// Parses `userAgent`. Empty or unreadable input yields platform `.other` and device
    /// class `.unknown`.
    public static func parse(_ userAgent: String) -> UserAgentInfo {
        let text = UserAgentText(userAgent)
        let browserLike = looksLikeBrowser(text)
        let reading = readPlatform(text, browserLike: browserLike)
        var info = UserAgentInfo(
            platform: reading.platform,
            osVersion: reading.osVersion,
            deviceClass: reading.deviceClass,
            deviceModel: reading.deviceModel,
            bot: BotDetector.detect(in: text)
        )
        // A crawler is neither a browser nor an app install, whatever engine it borrows
        // (Applebot claims to be Mac Safari, Googlebot smartphone claims to be Chrome).
        guard info.bot == nil else { return info }

        if browserLike {
            info.inAppBrowser = InAppBrowser.detect(in: text)
            if info.inAppBrowser == nil {
                info.browser = browserName(text, platform: reading.platform)
            }
            info.mayBeIPad = reading.platform == .macos && info.browser == "Safari"
        } else {
            // Not a browser but a recognisable OS: an app's or SDK's own HTTP client.
            // Without an OS (curl, python-requests, garbage) it is just a tool.
            info.isNativeApp = reading.platform != .other
        }
        return info
    }

    /// Browsers and web views all open with the historical "Mozilla/5.0" and name their
    /// engine; app HTTP clients (`okhttp/4.12.0`, `Dalvik/2.1.0`, `MyApp/1 CFNetwork/...`)
    /// do not.
    static func looksLikeBrowser(_ text: UserAgentText) -> Bool {
        text.contains("mozilla/") || text.contains("applewebkit/") || text.contains("gecko/")
            || text.hasPrefix("opera/")
    }

    /// "major.minor" from version components: [17, 4, 1] → "17.4", [14] → "14.0".
    static func normalisedVersion(_ components: [Int]) -> String? {
        guard let major = components.first else { return nil }
        let minor = components.count > 1 ? components[1] : 0
        return "\(major).\(minor)"
    }

    /// The version after the first occurrence of `token` that is followed by digits.
    static func versionComponents(after token: String, in text: UserAgentText) -> [Int]? {
        var searchFrom = 0
        while let index = text.findWord(token, from: searchFrom) {
            let components = text.versionComponents(at: index + token.utf8.count)
            if !components.isEmpty {
                return components
            }
            searchFrom = index + 1
        }
        return nil
    }
}

/// The platform half of a parse: what the user agent says about OS and hardware.
struct PlatformReading: Sendable, Equatable {
    var platform: DevicePlatform
    var osVersion: String?
    var deviceClass: DeviceClass
    var deviceModel: String?

    static let unknown = PlatformReading(platform: .other, osVersion: nil, deviceClass: .unknown, deviceModel: nil)
}
