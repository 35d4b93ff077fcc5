/// What a `User-Agent` header says about the device and software that sent it.
///
/// Produced by `UserAgentParser.parse(_:)`. Every field is a best effort: user agents are
/// self-reported, frozen or reduced by modern browsers, and sometimes absent.
public struct UserAgentInfo: Sendable, Hashable, Codable {
    /// The operating system family.
    public var platform: DevicePlatform
    /// The OS version as "major.minor" (e.g. "17.4", "14.0"), or nil when the user agent
    /// does not carry one. Windows reports its NT version ("10.0" for Windows 10 and 11);
    /// macOS browsers report the frozen "10.15".
    public var osVersion: String?
    /// The form factor.
    public var deviceClass: DeviceClass
    /// The device model when the user agent names one: "iPhone", "iPad", "Pixel 8", "SM-S918B".
    public var deviceModel: String?
    /// The browser: "Safari", "Chrome", "Firefox", "Edge", "Samsung Internet", "Opera",
    /// "Yandex Browser", "Internet Explorer". Nil for in-app browsers, bare web views,
    /// app HTTP clients, tools and crawlers.
    public var browser: String?
    /// The app whose embedded browser sent the request, when it identifies itself.
    public var inAppBrowser: InAppBrowser?
    /// True when the request came from an app's or SDK's own HTTP client rather than from a
    /// browser or web view (e.g. `Mealtime/4.2.1 iOS/18.1`, `okhttp/4.12.0`, `Dalvik/2.1.0`).
    public var isNativeApp: Bool
    /// True for a Safari user agent that claims to be a Mac. iPadOS Safari requests desktop
    /// sites by default and then sends exactly that string, so the server cannot tell the two
    /// apart; a page can, by checking `navigator.maxTouchPoints > 1`.
    public var mayBeIPad: Bool
    /// Set when the user agent is a crawler or a link-preview fetcher.
    public var bot: BotDetector.Match?

    /// True for iOS and Android.
    public var isMobile: Bool { platform == .ios || platform == .android }

    /// Creates a value; every field defaults to "unknown".
    public init(
        platform: DevicePlatform = .other,
        osVersion: String? = nil,
        deviceClass: DeviceClass = .unknown,
        deviceModel: String? = nil,
        browser: String? = nil,
        inAppBrowser: InAppBrowser? = nil,
        isNativeApp: Bool = false,
        mayBeIPad: Bool = false,
        bot: BotDetector.Match? = nil
    ) {
        self.platform = platform
        self.osVersion = osVersion
        self.deviceClass = deviceClass
        self.deviceModel = deviceModel
        self.browser = browser
        self.inAppBrowser = inAppBrowser
        self.isNativeApp = isNativeApp
        self.mayBeIPad = mayBeIPad
        self.bot = bot
    }
}
