extension EvidenceBuilder {
    /// An OS version as "major.minor", the form `UserAgentParser` reports: "18" → "18.0",
    /// "17.4.1" → "17.4", "18_7" → "18.7". Nil for anything but one to four numeric components
    /// (Android preview code names, garbage).
    public static func normalizeOSVersion(_ raw: String?) -> String? {
        guard let raw else { return nil }
        let text = Substring(raw.prefix(33)).trimmingASCIISpaces()
        guard !text.isEmpty, text.count <= 32 else { return nil }
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "." || $0 == "_" })
        guard (1...4).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard (1...6).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(part) else {
                return nil
            }
            numbers.append(number)
        }
        guard let major = numbers.first, major <= 999 else { return nil }
        return "\(major).\(numbers.count > 1 ? numbers[1] : 0)"
    }

    /// A reported device model in the form a click's user agent can match. Apple hardware
    /// identifiers become the family ("iPhone16,2" → "iPhone"), since Safari says no more;
    /// simulator architectures and unknown Apple names say nothing.
    static func normalizeDeviceModel(_ raw: String?, platform: DevicePlatform) -> String? {
        guard let raw else { return nil }
        let model = Substring(raw.prefix(65)).trimmingASCIISpaces()
        guard !model.isEmpty, model.count <= 64, !model.contains(where: { $0.isASCII && ($0.asciiValue ?? 0) < 0x20 }) else {
            return nil
        }
        guard platform == .ios else { return String(model) }
        let lowered = model.lowercased()
        for family in ["iPhone", "iPad", "iPod"] where lowered.hasPrefix(family.lowercased()) {
            return family
        }
        return nil
    }
}

/// Platform, OS version and model as a user agent reports them, corrected where browsers lie.
struct DeviceReading: Sendable {
    var platform: DevicePlatform
    var osVersion: String?
    var deviceModel: String?
    /// Whether this is a Mac Safari user agent that an iPad may have sent.
    var mayBeIPad = false
    /// Safari's own "Version/x.y", which on iPadOS tracks the OS.
    var safariVersion: String?

    init(platform: DevicePlatform) {
        self.platform = platform
    }

    /// - Parameter parsed: `userAgent` already parsed by ``UserAgentParser/parse(_:)`` (a caller
    ///   that memoises parsing passes it); parsed here when nil.
    init(userAgent: String?, parsed: UserAgentInfo? = nil) {
        let userAgent = userAgent ?? ""
        let info = parsed ?? UserAgentParser.parse(userAgent)
        platform = info.platform
        osVersion = info.osVersion
        deviceModel = info.deviceModel
        mayBeIPad = info.mayBeIPad
        if info.mayBeIPad {
            safariVersion = UserAgentParser.versionComponents(after: "version/", in: UserAgentText(userAgent))
                .flatMap(UserAgentParser.normalisedVersion)
        }
        // Chrome's reduced user agent says "Android 10; K" on every Android release: the version
        // is frozen, not read.
        if platform == .android, UserAgentText.occurs("Android 10; K)", in: userAgent) {
            osVersion = nil
        }
        if platform == .ios, Self.isFrozenIOSToken(userAgent, osVersion: osVersion) {
            osVersion = nil
        }
    }

    /// WebKit on iOS 26 and later freezes the OS token at 18_6 ("CPU iPhone OS 18_6 like Mac OS
    /// X"). Safari's `Version/` and some in-app browsers' own tokens tell the real version (the
    /// parser reads them); without either, as in Chrome, Firefox or TikTok on iOS, "18.6" may be
    /// iOS 18.6 or any iOS 26: unknown, rather than a value that disagrees with the app's report.
    static func isFrozenIOSToken(_ userAgent: String, osVersion: String?) -> Bool {
        guard osVersion == "18.6", UserAgentText.occurs("AppleWebKit/", in: userAgent), UserAgentText.occurs(" OS 18_6 ", in: userAgent)
        else { return false }
        return !UserAgentText.occurs("Version/", in: userAgent) && !UserAgentText.occurs("FBSV/", in: userAgent)
    }

    /// Applies what the page found out about the platform.
    mutating func override(platform newPlatform: DevicePlatform) {
        guard newPlatform != platform else { return }
        if newPlatform == .ios, mayBeIPad {
            // iPadOS Safari in desktop mode: "Intel Mac OS X 10_15_7" is frozen, but Safari ships
            // with the OS, so its version is the OS version.
            let version = safariVersion
            self = DeviceReading(platform: .ios)
            osVersion = version
            deviceModel = "iPad"
        } else {
            self = DeviceReading(platform: newPlatform)
        }
    }
}
