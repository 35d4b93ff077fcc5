import Foundation
import LandfallAttribution
import LandfallSimulator
import Testing

@Suite("Click index")
struct ClickIndexTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let window: TimeInterval = 7 * 86_400
    static let screen = ScreenSize(width: 1179, height: 2556)

    static func click(
        _ id: String, minutesAgo: Double, platform: DevicePlatform = .ios, prefix: String? = "203.0.113.0/24",
        os: String? = "26.1", timezone: String? = "America/Chicago"
    ) -> ClickEvidence {
        ClickEvidence(
            clickId: id, clickedAt: now.addingTimeInterval(-minutesAgo * 60), platform: platform, osVersion: os,
            ipPrefix: prefix, screen: screen, timezone: timezone, language: "en-US"
        )
    }

    static let install = InstallEvidence(
        reportedAt: now, platform: .ios, osVersion: "26.1", ipPrefix: "203.0.113.0/24", screen: screen,
        timezone: "America/Chicago", language: "en-US"
    )

    func ids(_ index: ClickIndex, _ install: InstallEvidence = install) -> [String] {
        index.candidates(for: install, window: Self.window).map { index.clicks[$0].clickId }
    }

    @Test("fetches clicks sharing the prefix or the whole signature, newest first, and nothing else")
    func prefixOrSignature() {
        var index = ClickIndex()
        index.insert(Self.click("same-network", minutesAgo: 90, os: "18.6", timezone: "Europe/Paris"))
        index.insert(Self.click("same-device", minutesAgo: 60, prefix: "198.51.100.0/24"))
        index.insert(Self.click("stranger", minutesAgo: 30, prefix: "192.0.2.0/24", timezone: "Europe/Paris"))
        index.insert(Self.click("android", minutesAgo: 20, platform: .android))
        index.insert(Self.click("both", minutesAgo: 10))
        #expect(ids(index) == ["both", "same-network", "same-device"])
    }

    @Test("skips clicks outside the window, clicks after the install and consumed clicks")
    func windowAndConsumption() {
        var index = ClickIndex()
        index.insert(Self.click("too-old", minutesAgo: 7 * 1440 + 1))
        let consumed = index.insert(Self.click("consumed", minutesAgo: 30))
        index.insert(Self.click("kept", minutesAgo: 20))
        index.insert(Self.click("future", minutesAgo: -5))
        index.consume(consumed)
        #expect(ids(index) == ["kept"])
    }

    @Test("no signature without every part, so an unknown OS version is only fetched by network")
    func signatureNeedsAllParts() {
        #expect(ClickIndex.signature(of: Self.click("x", minutesAgo: 1, os: nil)) == nil)
        var index = ClickIndex()
        index.insert(Self.click("no-os-other-network", minutesAgo: 5, prefix: "198.51.100.0/24", os: nil))
        #expect(ids(index).isEmpty)
    }

    @Test("at most limitPerKey per key, the newest")
    func cap() {
        var index = ClickIndex(limitPerKey: 3)
        for minute in (1...10).reversed() {
            index.insert(Self.click("c\(minute)", minutesAgo: Double(minute), prefix: "198.51.100.0/24"))
        }
        var install = Self.install
        install.ipPrefix = "198.51.100.0/24"
        install.timezone = "Europe/Paris"
        #expect(ids(index, install) == ["c1", "c2", "c3"])
    }
}
