import LandfallAttribution
import Testing

@Suite("Robustness")
struct RobustnessTests {
    /// Input that names no platform at all.
    static let garbage: [String] = [
        "",
        " ",
        "\u{0}\u{1}\u{7F}",
        "((((((((;;;;;;))))))",
        "🙂📱🤖",
        "Mozilla/5.0 (",
        "-",
        "null",
    ]

    /// Fragments that start a token and then stop, or carry absurd numbers.
    static let truncatedTokens: [String] = [
        "Android",
        "Mozilla/5.0 (Linux; Android ",
        "Mozilla/5.0 (Linux; Android 14;",
        "Mozilla/5.0 (Linux; Android 14; ",
        "Mozilla/5.0 (Linux; Android 99999999999999999999999.99999999999999999999; K)",
        "Mozilla/5.0 (Linux; Android (33/",
        "Mozilla/5.0 (iPhone; CPU iPhone OS ",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_7 like Mac OS X) Version/",
        "App/1 CFNetwork/1 Darwin/",
        "App/1 CFNetwork/1 Darwin/99999999999999999999.9",
        "iOS ",
        "iOS/",
        "Windows NT ",
        "Mac OS X ",
        "Mozilla/5.0 (Linux; Android 14; \(String(repeating: "x", count: 500)) Build/A)",
    ]

    @Test("Garbage is an unknown device on no platform", arguments: garbage)
    func garbageIsUnknown(_ userAgent: String) {
        let info = UserAgentParser.parse(userAgent)
        #expect(info == UserAgentInfo())
    }

    @Test(
        "Every reported OS version is major.minor",
        arguments: truncatedTokens + (Samples.browsers + Samples.inAppBrowsers + Samples.appClients).map(\.userAgent))
    func osVersionIsMajorDotMinor(_ userAgent: String) {
        guard let version = UserAgentParser.parse(userAgent).osVersion else { return }
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 2)
        #expect(parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) })
    }

    @Test("A device model is never longer than a model name can be", arguments: truncatedTokens)
    func deviceModelIsBounded(_ userAgent: String) {
        let model = UserAgentParser.parse(userAgent).deviceModel ?? ""
        #expect(model.utf8.count <= 64)
    }

    @Test(
        "A 100 KB user agent is parsed in well under a second",
        arguments: [
            String(repeating: "a", count: 100_000),
            String(repeating: "Mozilla/5.0 (Linux; Android 14; ", count: 3_200),
            String(repeating: "bo", count: 50_000),
            String(repeating: "; ", count: 50_000),
            String(repeating: "9.", count: 50_000),
        ])
    func hugeInputIsFast(_ userAgent: String) {
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            _ = UserAgentParser.parse(userAgent)
            _ = BotDetector.detect(userAgent)
        }
        #expect(elapsed < .milliseconds(500))
    }

    @Test("Text beyond the first 4 KB is not read")
    func textBeyondTheCapIsIgnored() {
        let padded = String(repeating: " ", count: 5_000) + "facebookexternalhit/1.1"
        #expect(BotDetector.detect(padded) == nil)
    }

    @Test("Multi-byte characters inside a model name survive decoding")
    func multiByteModelSurvives() {
        let info = UserAgentParser.parse("Mozilla/5.0 (Linux; Android 14; Téléphone 5G Build/X) AppleWebKit/537.36 Mobile Safari/537.36")
        #expect(info.deviceModel == "Téléphone 5G")
    }
}
