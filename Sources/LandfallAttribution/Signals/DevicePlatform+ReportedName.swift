extension DevicePlatform {
    /// A platform as an SDK or a click page names it: "iOS", "ios", "iPadOS", "Android",
    /// "macOS"; nil for anything else.
    init?(reportedName: String?) {
        guard let reportedName else { return nil }
        let name = Substring(reportedName.prefix(32)).trimmingASCIISpaces().lowercased()
        switch name {
        case "ios", "ipados", "iphoneos", "iphone", "ipad": self = .ios
        case "android": self = .android
        case "macos", "mac", "macintosh", "osx", "mac os x": self = .macos
        case "windows": self = .windows
        case "linux": self = .linux
        case "chromeos", "chrome os", "cros": self = .chromeos
        default: return nil
        }
    }
}
