extension UserAgentParser {
    /// The iOS version from the tokens app and SDK HTTP clients use when they name the OS:
    /// "iOS/18.1" (LinkForty SDK: `Mealtime/4.2.1 iOS/18.1`), "iOS 17.4" (AFNetworking:
    /// `MyApp/1.2 (iPhone; iOS 17.4; Scale/3.00)`; Alamofire: `(com.x.app; build:5; iOS 17.4.1)`),
    /// "iOS 18_7" (LimeLink SDK) and "iOS Version 26.1" (Reddit).
    ///
    /// "iOS" must stand alone: browser tokens such as "CriOS/", "FxiOS/", "EdgiOS/" and
    /// Facebook's "FBIOS" end in the same letters.
    static func iOSVersionFromAppToken(_ text: UserAgentText) -> [Int]? {
        let bytes = text.lower
        var searchFrom = 0
        while let index = text.findWord("ios", from: searchFrom) {
            searchFrom = index + 1
            var position = index + 3
            guard position < bytes.count,
                bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "/")
            else { continue }
            position += 1
            if text.find("version ", from: position) == position {
                position += "version ".utf8.count
            }
            let version = text.versionComponents(at: position)
            if !version.isEmpty {
                return version
            }
        }
        return nil
    }

    /// Apps using URLSession without a custom user agent send
    /// `AppName/build CFNetwork/1494.0.7 Darwin/23.4.0`. The Darwin kernel version maps to
    /// the OS release; macOS apps are told apart by the CPU architecture macOS appends
    /// (`Darwin/23.4.0 (arm64)`), which iOS does not.
    static func readDarwin(_ text: UserAgentText) -> PlatformReading? {
        let darwinIndex = text.findWord("darwin/")
        guard darwinIndex != nil || text.containsWord("cfnetwork/") else { return nil }
        let darwin = darwinIndex.map { text.versionComponents(at: $0 + "darwin/".utf8.count) } ?? []
        let major = darwin.first
        let minor = darwin.count > 1 ? darwin[1] : 0
        if text.contains("(arm64)") || text.contains("(x86_64)") {
            return PlatformReading(
                platform: .macos,
                osVersion: major.flatMap { macOSVersion(darwinMajor: $0, darwinMinor: minor) },
                deviceClass: .desktop
            )
        }
        return PlatformReading(
            platform: .ios,
            osVersion: major.flatMap { iOSVersion(darwinMajor: $0, darwinMinor: minor) },
            deviceClass: .unknown
        )
    }
}
