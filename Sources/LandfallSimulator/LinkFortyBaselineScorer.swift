import Foundation

/// LinkForty Core's published matching rule, reproduced as a baseline.
///
/// It scores every click among the newest 1000 of the whole deployment (not per app, any platform;
/// then those older than the window are skipped) against the install:
/// - IP: the first three octets (IPv4) or four groups (IPv6) equal: 40 points; no address is skipped;
/// - user agent: "platform|browser" equal, where platform is the first of iPhone, iPad, Android,
///   Windows, Macintosh, Linux and browser the first of Chrome, Safari, Firefox, Edge, Opera found
///   in the string: 30 points. An SDK's user agent ("Mealtime/4.2.1 iOS/26.1") names neither, so
///   against a browser click it never gets these points;
/// - time zone equal: 10; language, first two letters equal: 10;
/// - screen width and height equal: 10 (its redirect clicks carry no screen, so never).
/// The highest score at or above 70 wins; on ties the newest click; clicks are never consumed.
public struct LinkFortyBaselineScorer: Sendable {
    public struct Fingerprint: Sendable, Hashable {
        public var ipAddress: String
        public var userAgent: String
        public var timezone: String?
        public var language: String?
        public var screenWidth: Int?
        public var screenHeight: Int?

        public init(
            ipAddress: String, userAgent: String, timezone: String? = nil, language: String? = nil,
            screenWidth: Int? = nil, screenHeight: Int? = nil
        ) {
            self.ipAddress = ipAddress
            self.userAgent = userAgent
            self.timezone = timezone
            self.language = language
            self.screenWidth = screenWidth
            self.screenHeight = screenHeight
        }
    }

    /// How the user agent points are awarded.
    public enum UserAgentRule: String, Sendable, Codable {
        /// As published: platform and browser names read from both strings must be equal.
        case published
        /// A charitable variant: 30 points whenever click and install are on the same OS family
        /// (as if the rule understood SDK user agents). Not LinkForty's behaviour; shown to
        /// separate the rule's IP-and-flat-points design from its user agent quirk.
        case sameOSFamily
    }

    public var threshold: Int
    public var poolSize: Int
    public var userAgentRule: UserAgentRule

    public init(threshold: Int = 70, poolSize: Int = 1000, userAgentRule: UserAgentRule = .published) {
        self.threshold = threshold
        self.poolSize = poolSize
        self.userAgentRule = userAgentRule
    }

    public static let ipPoints = 40
    public static let userAgentPoints = 30
    public static let timezonePoints = 10
    public static let languagePoints = 10
    public static let screenPoints = 10

    /// The published score of one click against one install.
    public static func score(install: Fingerprint, click: Fingerprint) -> (score: Int, matchedFactors: [String]) {
        var score = 0
        var matched: [String] = []
        if !install.ipAddress.isEmpty, !click.ipAddress.isEmpty, normalizeIP(install.ipAddress) == normalizeIP(click.ipAddress) {
            score += ipPoints
            matched.append("ip")
        }
        if !install.userAgent.isEmpty, !click.userAgent.isEmpty,
            normalizeUserAgent(install.userAgent) == normalizeUserAgent(click.userAgent)
        {
            score += userAgentPoints
            matched.append("user_agent")
        }
        if let a = install.timezone, let b = click.timezone, !a.isEmpty, a == b {
            score += timezonePoints
            matched.append("timezone")
        }
        if let a = install.language, let b = click.language, !a.isEmpty, !b.isEmpty,
            a.prefix(2).lowercased() == b.prefix(2).lowercased()
        {
            score += languagePoints
            matched.append("language")
        }
        if let w1 = install.screenWidth, let h1 = install.screenHeight, let w2 = click.screenWidth, let h2 = click.screenHeight,
            w1 != 0, h1 != 0, w2 != 0, h2 != 0, w1 == w2, h1 == h2
        {
            score += screenPoints
            matched.append("screen")
        }
        return (score, matched)
    }

    /// IPv4: the first three octets; IPv6: the first four groups.
    public static func normalizeIP(_ address: String) -> String {
        let dot: Character = "."
        let colon: Character = ":"
        if address.contains(dot) { return keep(3, of: address, separatedBy: dot) }
        if address.contains(colon) { return keep(4, of: address, separatedBy: colon) }
        return address
    }

    private static func keep(_ count: Int, of address: String, separatedBy separator: Character) -> String {
        let parts: [Substring] = address.split(separator: separator, omittingEmptySubsequences: false)
        return parts.prefix(count).joined(separator: String(separator))
    }

    /// "platform|browser", lowercased: the leftmost of each alternative list, as a JavaScript
    /// `/(a|b|…)/i` match finds it (at one position, the first alternative listed wins).
    public static func normalizeUserAgent(_ userAgent: String) -> String {
        let bytes = Array(userAgent.utf8.lazy.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 })
        let platform = leftmost(["iphone", "ipad", "android", "windows", "macintosh", "linux"], in: bytes)
        let browser = leftmost(["chrome", "safari", "firefox", "edge", "opera"], in: bytes)
        return "\(platform)|\(browser)"
    }

    static func leftmost(_ alternatives: [String], in bytes: [UInt8]) -> String {
        let words = alternatives.map { Array($0.utf8) }
        guard !bytes.isEmpty else { return "" }
        for start in bytes.indices {
            for (index, word) in words.enumerated() where start + word.count <= bytes.count {
                if bytes[start..<(start + word.count)].elementsEqual(word) { return alternatives[index] }
            }
        }
        return ""
    }

    // MARK: The same rule over pre-encoded fingerprints, for 100k installs × 1000 clicks

    /// A fingerprint with every compared value reduced to an interned number (-1: absent).
    public struct Encoded: Sendable, Hashable {
        var ip: Int32
        var userAgent: Int32
        var osFamily: Int32
        var timezone: Int32
        var language: Int32
        var screen: Int32
    }

    /// Interns strings to small numbers so a comparison is one integer test.
    public struct Interner: Sendable {
        private var ids: [String: Int32] = [:]
        private var normalizedUserAgents: [String: String] = [:]

        mutating func normalizedUserAgent(_ userAgent: String) -> String {
            if let known = normalizedUserAgents[userAgent] { return known }
            let normalized = LinkFortyBaselineScorer.normalizeUserAgent(userAgent)
            normalizedUserAgents[userAgent] = normalized
            return normalized
        }

        public init() {}
        public mutating func id(_ value: String?) -> Int32 {
            guard let value, !value.isEmpty else { return -1 }
            if let id = ids[value] { return id }
            let id = Int32(ids.count)
            ids[value] = id
            return id
        }
    }

    /// Encodes a fingerprint; `osFamily` is only used by the `.sameOSFamily` variant.
    public static func encode(_ fingerprint: Fingerprint, osFamily: String, interner: inout Interner) -> Encoded {
        var screen: String?
        if let w = fingerprint.screenWidth, let h = fingerprint.screenHeight, w != 0, h != 0 { screen = "\(w)x\(h)" }
        return Encoded(
            ip: interner.id(fingerprint.ipAddress.isEmpty ? nil : "ip:" + normalizeIP(fingerprint.ipAddress)),
            userAgent: interner.id(fingerprint.userAgent.isEmpty ? nil : "ua:" + interner.normalizedUserAgent(fingerprint.userAgent)),
            osFamily: interner.id("os:" + osFamily),
            timezone: interner.id(fingerprint.timezone.map { "tz:" + $0 }),
            language: interner.id(fingerprint.language.flatMap { $0.isEmpty ? nil : "lang:" + $0.prefix(2).lowercased() }),
            screen: interner.id(screen.map { "screen:" + $0 })
        )
    }

    /// The score of `score(install:click:)`, over encoded fingerprints.
    public func score(_ install: Encoded, _ click: Encoded) -> Int {
        func same(_ a: Int32, _ b: Int32) -> Bool { a >= 0 && a == b }
        var score = 0
        if same(install.ip, click.ip) { score += Self.ipPoints }
        switch userAgentRule {
        case .published: if same(install.userAgent, click.userAgent) { score += Self.userAgentPoints }
        case .sameOSFamily: if same(install.osFamily, click.osFamily) { score += Self.userAgentPoints }
        }
        if same(install.timezone, click.timezone) { score += Self.timezonePoints }
        if same(install.language, click.language) { score += Self.languagePoints }
        if same(install.screen, click.screen) { score += Self.screenPoints }
        return score
    }

    /// The best click for an install among the deployment's clicks `clicks[0..<received]` (in
    /// time order): the newest `poolSize` of them are scored, those older than the window
    /// skipped, and the first (newest) with the highest score wins. Returns the best score even
    /// under the threshold, so callers can threshold offline.
    public func best(
        _ install: Encoded, at now: Date, window: TimeInterval, clickDates: [Date], clicks: [Encoded], received: Int
    ) -> (position: Int, score: Int)? {
        var best: (position: Int, score: Int)?
        let end = min(received, clicks.count, clickDates.count)
        let oldest = now.addingTimeInterval(-window)
        var position = end - 1
        while position >= max(0, end - poolSize) {
            defer { position -= 1 }
            if clickDates[position] < oldest { continue }
            let score = score(install, clicks[position])
            if score > (best?.score ?? 0) { best = (position, score) }
        }
        return best
    }
}
