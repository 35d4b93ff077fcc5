/// The operating system family a user agent reports.
public enum DevicePlatform: String, Sendable, Codable, Hashable, CaseIterable {
    /// iPhone, iPad (when it says so) and iPod touch, in a browser or an app.
    case ios
    /// Android phones and tablets, in a browser, a web view or an app's HTTP client.
    case android
    /// macOS. Also what a desktop-class iPad Safari claims to be; see `UserAgentInfo.mayBeIPad`.
    case macos
    /// Windows.
    case windows
    /// Desktop Linux (an Android device is `.android`, not `.linux`).
    case linux
    /// ChromeOS.
    case chromeos
    /// Anything else: command-line tools, most crawlers, empty or unreadable input.
    case other
}

/// The form factor a user agent implies.
public enum DeviceClass: String, Sendable, Codable, Hashable, CaseIterable {
    /// A phone-sized touch device.
    case phone
    /// A tablet.
    case tablet
    /// A desktop or laptop computer.
    case desktop
    /// The user agent does not say (app HTTP clients, tools, crawlers, garbage).
    case unknown
}
