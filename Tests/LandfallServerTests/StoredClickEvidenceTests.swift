import Foundation
import LandfallAttribution
@_spi(Synthetic) @testable import LandfallServer
import LandfallStore
import Testing

/// The evidence kept in the candidate indexes must be exactly what reading the click's row gives
/// the engine, or a match would decide differently depending on when the click was stored.
struct StoredClickEvidenceTests {
    static let clicks: [ClickRecord] = [
        ClickRecord(
            id: "c-iphone", appId: "a", linkId: "l", clickedAt: Date(timeIntervalSince1970: 1_790_000_000), clickToken: "t1",
            ipAddress: "203.0.113.7",
            userAgent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1",
            platform: "ios", osVersion: "18.6", deviceClass: "phone", acceptLanguage: "de-DE,de;q=0.9",
            signals: ClickSignals(screenWidth: 1179, screenHeight: 2556, timezone: "Europe/Berlin", language: "de-DE")
        ),
        ClickRecord(
            id: "c-android", appId: "a", linkId: "l", clickedAt: Date(timeIntervalSince1970: 1_790_000_100), clickToken: "t2",
            ipAddress: "2001:db8:1234:5678::1",
            userAgent: "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Mobile Safari/537.36",
            platform: "android", deviceClass: "phone", acceptLanguage: "pt-BR",
            signals: ClickSignals(platformVersion: "15.0.0", deviceModel: "Pixel\u{1F}9")
        ),
        // Nothing but a platform: every optional field empty.
        ClickRecord(
            id: "c-bare", appId: "a", linkId: "l", clickedAt: Date(timeIntervalSince1970: 1_790_000_200), clickToken: "t3",
            platform: "windows", deviceClass: "desktop"),
    ]

    @Test(arguments: clicks)
    func decodingTheStoredTextGivesTheEvidenceOfTheRow(_ click: ClickRecord) throws {
        let keyed = ClickEvidenceMapping.withMatchingKeys(click)
        let text = try #require(keyed.matchEvidence)
        var expected = ClickEvidenceMapping.evidence(click)
        let decoded = StoredClickEvidence.decode(text, clickId: click.id, clickedAt: click.clickedAt, ipPrefix: keyed.ipPrefix)
        // A separator inside a page-reported model is the one thing the text cannot carry as is.
        expected.deviceModel = expected.deviceModel?.replacingOccurrences(of: "\u{1F}", with: " ")
        #expect(decoded == expected)
    }

    @Test(arguments: [
        "", "2\u{1F}ios\u{1F}\u{1F}\u{1F}\u{1F}\u{1F}\u{1F}", "1\u{1F}ios", "1\u{1F}plan9\u{1F}\u{1F}\u{1F}\u{1F}\u{1F}\u{1F}",
    ])
    func textOfAnotherFormatOrShapeIsNotDecoded(_ text: String) {
        #expect(StoredClickEvidence.decode(text, clickId: "c", clickedAt: Date(), ipPrefix: nil) == nil)
    }

    @Test func aBotClickKeepsNoEvidence() {
        var bot = Self.clicks[0]
        bot.isBot = true
        #expect(ClickEvidenceMapping.withMatchingKeys(bot).matchEvidence == nil)
    }
}
