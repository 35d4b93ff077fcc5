import Foundation
import LandfallSimulator
import Testing

@Suite("LinkForty Core baseline")
struct LinkFortyBaselineScorerTests {
    typealias Scorer = LinkFortyBaselineScorer
    static let safari =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.1 Mobile/15E148 Safari/604.1"
    static let sdk = "Mealtime/4.2.1 iOS/26.1"

    static let click = Scorer.Fingerprint(ipAddress: "203.0.113.9", userAgent: safari, timezone: "America/Chicago", language: "en-US")
    static let install = Scorer.Fingerprint(
        ipAddress: "203.0.113.77", userAgent: sdk, timezone: "America/Chicago", language: "en_US", screenWidth: 1179, screenHeight: 2556
    )

    @Test("a native SDK install never gets the user agent points against a browser click")
    func sdkUserAgent() {
        let result = Scorer.score(install: Self.install, click: Self.click)
        #expect(!result.matchedFactors.contains("user_agent"))
        #expect(Scorer.normalizeUserAgent(Self.sdk) == "|")
        #expect(Scorer.normalizeUserAgent(Self.safari) == "iphone|safari")
    }

    @Test("same /24, time zone and language make 60: under the threshold of 70")
    func sixtyIsNotEnough() {
        let result = Scorer.score(install: Self.install, click: Self.click)
        #expect(result.score == 60)
        #expect(result.matchedFactors == ["ip", "timezone", "language"])
        #expect(result.score < Scorer().threshold)
    }

    @Test("user agents compare as the leftmost platform and browser names, as a JavaScript regex finds them")
    func leftmost() {
        let chrome = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Mobile Safari/537.36"
        #expect(Scorer.normalizeUserAgent(chrome) == "linux|chrome")
        #expect(Scorer.normalizeUserAgent("Mealtime/4.2.1 Android/15") == "android|")
        var browserInstall = Self.install
        browserInstall.userAgent = Self.safari
        #expect(Scorer.score(install: browserInstall, click: Self.click).score == 90)
    }

    @Test("the encoded scorer gives the published score")
    func encodedAgrees() {
        var interner = Scorer.Interner()
        let samples = [
            Self.click, Self.install,
            Scorer.Fingerprint(ipAddress: "198.51.100.4", userAgent: Self.safari, timezone: "Europe/Paris", language: "fr-FR"),
            Scorer.Fingerprint(
                ipAddress: "203.0.113.1", userAgent: Self.sdk, timezone: nil, language: "en", screenWidth: 1179, screenHeight: 2556),
        ]
        let scorer = Scorer()
        for a in samples {
            for b in samples {
                let encoded = scorer.score(
                    Scorer.encode(a, osFamily: "ios", interner: &interner), Scorer.encode(b, osFamily: "ios", interner: &interner)
                )
                #expect(encoded == Scorer.score(install: a, click: b).score)
            }
        }
    }

    @Test("the best match is the newest of the highest scores among the newest pool, inside the window")
    func best() {
        var interner = Scorer.Interner()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let scorer = Scorer(poolSize: 3, userAgentRule: .sameOSFamily)
        let clicks = [
            (Self.click, 9 * 86_400.0),  // the best score, but outside the window
            (Self.click, 600.0),  // outside the newest three
            (Self.click, 300.0),
            (Self.click, 200.0),  // newest of the best: wins
            (Scorer.Fingerprint(ipAddress: "192.0.2.1", userAgent: Self.safari), 100.0),
        ]
        let encoded = clicks.map { Scorer.encode($0.0, osFamily: "ios", interner: &interner) }
        let dates = clicks.map { now.addingTimeInterval(-$0.1) }
        let install = Scorer.encode(Self.install, osFamily: "ios", interner: &interner)
        let best = scorer.best(install, at: now, window: 7 * 86_400, clickDates: dates, clicks: encoded, received: clicks.count)
        #expect(best?.position == 3)
        #expect(best?.score == 90)
        #expect(Scorer().best(install, at: now, window: 7 * 86_400, clickDates: dates, clicks: encoded, received: 5)?.score == 60)
    }
}
