extension UserAgentParser {
    /// Works out OS, version, form factor and model. Order matters: an iPhone user agent
    /// also says "like Mac OS X", an Android one says "Linux", and ChromeOS says "X11".
    static func readPlatform(_ text: UserAgentText, browserLike: Bool) -> PlatformReading {
        if let apple = readAppleMobileDevice(text) {
            return apple
        }
        if let android = readAndroid(text, browserLike: browserLike) {
            return android
        }
        if let version = iOSVersionFromAppToken(text) {
            // App and SDK formats that name the OS but not the device:
            // "Mealtime/4.2.1 iOS/18.1", "(com.x.app; build:5; iOS 17.4.1) Alamofire/5.8".
            return PlatformReading(platform: .ios, osVersion: normalisedVersion(version), deviceClass: .unknown)
        }
        if text.findWord("cros ") != nil {
            // ChromeOS's token is followed by a platform build number, not an OS version.
            return PlatformReading(platform: .chromeos, osVersion: nil, deviceClass: .desktop)
        }
        if text.containsWord("windows") {
            let version = versionComponents(after: "windows nt ", in: text).flatMap(normalisedVersion)
            return PlatformReading(platform: .windows, osVersion: version, deviceClass: .desktop)
        }
        if text.contains("macintosh") || text.contains("mac os x") {
            let version = versionComponents(after: "mac os x ", in: text).flatMap(normalisedVersion)
            return PlatformReading(platform: .macos, osVersion: version, deviceClass: .desktop)
        }
        if let darwin = readDarwin(text) {
            return darwin
        }
        if text.containsWord("linux") || text.containsWord("x11") || text.containsWord("ubuntu") {
            return PlatformReading(platform: .linux, osVersion: nil, deviceClass: .desktop)
        }
        if text.containsWord("okhttp/") || text.containsWord("dalvik/") {
            // Android's default HTTP stacks; okhttp says nothing about the OS version.
            return PlatformReading(platform: .android, osVersion: nil, deviceClass: .unknown)
        }
        return .unknown
    }

    /// iPhone, iPad and iPod user agents, from Safari, other iOS browsers, in-app web views
    /// and app clients that name the device ("MyApp/1.2 (iPhone; iOS 17.4; Scale/3.00)").
    static func readAppleMobileDevice(_ text: UserAgentText) -> PlatformReading? {
        // The device named first is the one in the platform comment; later mentions belong
        // to apps ("(iPad; CPU OS 15_7 ...) ... Twitter for iPhone/10.34" is an iPad).
        let devices: [(token: String, model: String, deviceClass: DeviceClass)] = [
            ("iphone", "iPhone", .phone), ("ipad", "iPad", .tablet), ("ipod", "iPod", .phone),
        ]
        let named = devices.compactMap { device in text.find(device.token).map { (index: $0, device: device) } }
        guard let first = named.min(by: { $0.index < $1.index })?.device else { return nil }
        let (model, deviceClass) = (first.model, first.deviceClass)
        let version =
            versionComponents(after: "iphone os ", in: text)
            ?? versionComponents(after: "cpu os ", in: text)
            ?? iOSVersionFromAppToken(text)
            // Facebook's own HTTP client sends only its bracketed tokens: "FBSV/13.6.1" is the OS.
            ?? versionComponents(after: "fbsv/", in: text)
        let osVersion =
            version.map { unfrozenIOSVersion($0, in: text) }.flatMap(normalisedVersion)
            ?? readDarwin(text).flatMap { $0.platform == .ios ? $0.osVersion : nil }
        return PlatformReading(platform: .ios, osVersion: osVersion, deviceClass: deviceClass, deviceModel: model)
    }

    /// Safari on iOS 26 and later freezes the OS token at the last iOS 18 release
    /// ("CPU iPhone OS 18_7 ... Version/26.2"); the Safari version still tracks the OS, so
    /// when the token says 18 and Version says 26 or more, the Version is the truth.
    ///
    /// In-app browsers carry no `Version/`, but some state the real OS in their own tokens:
    /// Facebook's and Messenger's `FBSV/26.1`, Instagram's and Threads' `(iPhone16,2; iOS 26_1; …)`.
    /// Those win over a frozen token too.
    static func unfrozenIOSVersion(_ reported: [Int], in text: UserAgentText) -> [Int] {
        guard reported.first == 18 else { return reported }
        if let safariVersion = versionComponents(after: "version/", in: text), let safariMajor = safariVersion.first, safariMajor >= 26 {
            return safariVersion
        }
        if let inApp = versionComponents(after: "fbsv/", in: text) ?? iOSVersionFromAppToken(text), let major = inApp.first, major >= 18 {
            return inApp
        }
        return reported
    }

    /// Android browsers, web views and app clients. Returns nil when "Android" is absent.
    static func readAndroid(_ text: UserAgentText, browserLike: Bool) -> PlatformReading? {
        guard let token = androidToken(in: text) else { return nil }
        let deviceClass: DeviceClass
        if browserLike {
            // Chrome's documented rule: phones send "Mobile", tablets do not.
            deviceClass = text.containsWord("mobile") ? .phone : .tablet
        } else {
            deviceClass = .unknown
        }
        return PlatformReading(
            platform: .android,
            osVersion: token.version.flatMap(normalisedVersion),
            deviceClass: deviceClass,
            deviceModel: token.segmentsStart.flatMap { androidModel(in: text, from: $0) }
        )
    }
}

extension PlatformReading {
    init(platform: DevicePlatform, osVersion: String?, deviceClass: DeviceClass) {
        self.init(platform: platform, osVersion: osVersion, deviceClass: deviceClass, deviceModel: nil)
    }
}
