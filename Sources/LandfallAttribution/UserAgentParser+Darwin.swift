extension UserAgentParser {
    /// The iOS release ("major.minor") that shipped a Darwin kernel version.
    ///
    /// Darwin major = iOS major + 6 from iOS 7 (Darwin 13) to iOS 18 (Darwin 24); in 2025
    /// Apple renumbered to the year and Darwin 25 shipped as iOS 26. From iOS 15 the Darwin
    /// minor equals the iOS minor (iOS 17.4.1 ships CFNetwork 1494.0.7 on Darwin 23.4.0;
    /// build trains agree: 21E = 17.4). iOS 14 is off by one after 14.0 (Darwin 20.1.0 is
    /// 14.2, 20.3.0 is 14.4), because 14.1 reused 20.0.0. Before iOS 14 the minors do not
    /// line up with anything we can verify, so only the major is reported.
    static func iOSVersion(darwinMajor major: Int, darwinMinor minor: Int) -> String? {
        switch major {
        case 13...19:
            return "\(major - 6).0"
        case 20:
            return minor == 0 ? "14.0" : "14.\(minor + 1)"
        case 21...24:
            return "\(major - 6).\(minor)"
        case 25...40:
            return "\(major + 1).\(minor)"
        default:
            // Older than iOS 7, or not a real kernel version.
            return nil
        }
    }

    /// The macOS release that shipped a Darwin kernel version. Darwin 14–19 are OS X / macOS
    /// 10.10–10.15; Darwin 20–22 (Big Sur to Ventura) number their minors differently from the
    /// OS, so only the major is reported; from Sonoma (Darwin 23) the minors match (Darwin
    /// 23.4.0 is macOS 14.4), and Darwin 25 is macOS 26.
    static func macOSVersion(darwinMajor major: Int, darwinMinor minor: Int) -> String? {
        switch major {
        case 14...19:
            return "10.\(major - 4)"
        case 20...22:
            return "\(major - 9).0"
        case 23, 24:
            return "\(major - 9).\(minor)"
        case 25...40:
            return "\(major + 1).\(minor)"
        default:
            return nil
        }
    }
}
