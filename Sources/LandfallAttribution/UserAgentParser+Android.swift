extension UserAgentParser {
    /// Where "Android" was found and what version followed it.
    struct AndroidToken: Sendable {
        /// Nil when the user agent says Android but no version (or only a reduced one we can't read).
        var version: [Int]?
        /// Index just past the version, where "; <model> Build/..." may follow.
        var segmentsStart: Int?
    }

    /// Bytes that may precede a real "Android" OS token. Excludes letters and "-", so
    /// "TwitterAndroid/10.90" and "Telegram-Android/11.4.3" (app versions) are not read as
    /// the OS, while "(Linux; Android 14", "/Android 15" and "Android/14" are.
    private static let androidTokenPrecedingBytes: Set<UInt8> = [
        UInt8(ascii: " "), UInt8(ascii: ";"), UInt8(ascii: "("), UInt8(ascii: "/"), UInt8(ascii: ","),
    ]

    /// Segments that sit where a model name would but are not one: the reduced-UA
    /// placeholder "K", the legacy "U" security flag, the web view marker "wv", form factors.
    private static let nonModelSegments: Set<String> = ["k", "u", "wv", "mobile", "tablet", "linux", "x11"]

    /// Finds the Android OS token: "Android 14", "Android 7.1.2", "Android/14", or
    /// Instagram's "Android (33/13; ...)" (API level / release). The first readable one wins,
    /// which is the system's own token; app tokens later in the string are ignored.
    static func androidToken(in text: UserAgentText) -> AndroidToken? {
        let bytes = text.lower
        var sawAndroid = false
        var searchFrom = 0
        while let index = text.find("android", from: searchFrom) {
            searchFrom = index + 1
            guard index == 0 || androidTokenPrecedingBytes.contains(bytes[index - 1]) else { continue }
            sawAndroid = true
            var position = index + "android".utf8.count
            if position < bytes.count, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "/") {
                position += 1
            }
            if position < bytes.count, bytes[position] == UInt8(ascii: "(") {
                if let release = instagramAndroidRelease(text, openParen: position) {
                    return AndroidToken(version: release, segmentsStart: nil)
                }
                continue
            }
            let version = text.versionComponents(at: position)
            guard !version.isEmpty else { continue }
            var end = position
            while end < bytes.count,
                UserAgentText.isDigit(bytes[end]) || bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: "_")
            {
                end += 1
            }
            return AndroidToken(version: version, segmentsStart: end)
        }
        return sawAndroid ? AndroidToken(version: nil, segmentsStart: nil) : nil
    }

    /// "(33/13; ..." → [13]: the release after the API level.
    private static func instagramAndroidRelease(_ text: UserAgentText, openParen: Int) -> [Int]? {
        var position = openParen + 1
        while position < text.count, UserAgentText.isDigit(text.lower[position]) {
            position += 1
        }
        guard position > openParen + 1, position < text.count, text.lower[position] == UInt8(ascii: "/") else {
            return nil
        }
        let release = text.versionComponents(at: position + 1)
        return release.isEmpty ? nil : release
    }

    /// The model from "; Pixel 8 Build/UQ1A.240205.002)" or "; SAMSUNG SM-S911B)", reading
    /// the semicolon-separated segments after the Android version up to the closing paren.
    static func androidModel(in text: UserAgentText, from start: Int) -> String? {
        guard start < text.count, text.lower[start] == UInt8(ascii: ";") else { return nil }
        var segmentStart = start + 1
        var index = segmentStart
        var segmentsSeen = 0
        // A handful of segments is all a real user agent has here; the bound keeps garbage cheap.
        while index <= text.count, segmentsSeen < 8 {
            let atEnd = index == text.count
            let byte = atEnd ? UInt8(ascii: ")") : text.lower[index]
            if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ")") {
                if let model = modelCandidate(in: text, segmentStart..<index) {
                    return model
                }
                if byte == UInt8(ascii: ")") {
                    return nil
                }
                segmentsSeen += 1
                segmentStart = index + 1
            }
            index += 1
        }
        return nil
    }

    private static func modelCandidate(in text: UserAgentText, _ range: Range<Int>) -> String? {
        let bytes = text.lower
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, bytes[lower] == UInt8(ascii: " ") { lower += 1 }
        if text.find("build/", from: lower) == lower {
            return nil
        }
        // "Pixel 8 Build/UQ1A.240205.002", "Mi MIX 3 5G MIUI/V10.3.2.0.PEMEUVF": the build
        // and ROM ids are not part of the name.
        for suffix in [" build/", " miui/"] {
            if let start = text.find(suffix, from: lower), start < upper {
                upper = start
            }
        }
        while upper > lower, bytes[upper - 1] == UInt8(ascii: " ") { upper -= 1 }
        // Samsung Internet prefixes the model with the brand: "SAMSUNG SM-S911B".
        if upper - lower > 8, text.find("samsung ", from: lower) == lower {
            lower += 8
        }
        // Anything longer is not a model name but a malformed or hostile header.
        guard lower < upper, upper - lower <= 64 else { return nil }
        let segment = String(decoding: bytes[lower..<upper], as: UTF8.self)
        if nonModelSegments.contains(segment) || segment.hasPrefix("rv:") || isLocale(bytes[lower..<upper]) {
            return nil
        }
        return text.text(lower..<upper)
    }

    /// Old Android browsers put the UI language where newer ones put the model: "zh-tw", "en-us", "en".
    private static func isLocale(_ segment: ArraySlice<UInt8>) -> Bool {
        let bytes = Array(segment)
        guard bytes.count >= 2, UserAgentText.isLetter(bytes[0]), UserAgentText.isLetter(bytes[1]) else {
            return false
        }
        if bytes.count == 2 {
            return true
        }
        let separator = bytes[2]
        let region = bytes.dropFirst(3)
        return (separator == UInt8(ascii: "-") || separator == UInt8(ascii: "_"))
            && (2...4).contains(region.count)
            && region.allSatisfy(UserAgentText.isLetter)
    }
}
