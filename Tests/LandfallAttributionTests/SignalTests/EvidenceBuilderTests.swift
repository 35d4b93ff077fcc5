import Foundation
import LandfallAttribution
import Testing

/// Real user agents and fingerprints as the link page and the SDKs send them.
enum SignalSamples {
    static let clickedAt = Date(timeIntervalSince1970: 1_750_000_000)
    static let reportedAt = clickedAt.addingTimeInterval(6 * 60)

    static let iPhoneSafari =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
    static let iPadDesktopSafari =
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15"
    static let androidChromeReduced =
        "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"
    static let linkFortyIOS = "Mealtime/4.2.1 iOS/17.4"
    static let dalvikPixel8 = "Dalvik/2.1.0 (Linux; U; Android 14; Pixel 8 Build/UQ1A.240205.002)"

    /// An iPhone 15 Safari click whose page beacon reported its signals.
    static func iPhoneClick(
        language: String? = "en-US", acceptLanguage: String? = "en-US,en;q=0.9", timezone: String? = "Europe/Paris",
        screenWidth: Int? = 1179, ipAddress: String? = "203.0.113.9"
    ) -> ClickEvidence {
        EvidenceBuilder.click(
            id: "click-1", clickedAt: clickedAt, userAgent: iPhoneSafari, ipAddress: ipAddress,
            screenWidth: screenWidth, screenHeight: 2556, timezone: timezone, language: language,
            acceptLanguage: acceptLanguage, platformOverride: nil
        )
    }

    /// The LinkForty iOS SDK's install report from the same iPhone.
    static func linkFortyInstall(platformVersion: String? = "17.4", ipAddress: String? = "203.0.113.77") -> InstallEvidence {
        EvidenceBuilder.install(
            reportedAt: reportedAt, userAgent: linkFortyIOS, ipAddress: ipAddress, screenWidth: 1179, screenHeight: 2556,
            timezone: "Europe/Paris", language: "en_US", platform: "iOS", platformVersion: platformVersion, deviceModel: nil
        )
    }

    /// The LinkForty Android SDK's install report from a Pixel 8.
    static let dalvikInstall = EvidenceBuilder.install(
        reportedAt: reportedAt, userAgent: dalvikPixel8, ipAddress: "198.51.100.23", screenWidth: 1080, screenHeight: 2400,
        timezone: "America/New_York", language: "en-US", platform: "Android", platformVersion: "14", deviceModel: nil
    )
}

@Suite("Evidence builder: clicks")
struct ClickEvidenceTests {
    @Test("An iPhone Safari click carries the user agent's device and the beacon's signals")
    func iPhoneSafariClick() {
        let click = SignalSamples.iPhoneClick()
        #expect(click.clickId == "click-1")
        #expect(click.platform == .ios)
        #expect(click.osVersion == "17.4")
        #expect(click.deviceModel == "iPhone")
        #expect(click.ipPrefix == "203.0.113.0/24")
        #expect(click.screen == ScreenSize(width: 1179, height: 2556))
        #expect(click.timezone == "Europe/Paris")
        #expect(click.language == "en-US")
    }

    @Test("Without a beacon language the most preferred Accept-Language entry is used")
    func languageFallsBackToAcceptLanguage() {
        let click = SignalSamples.iPhoneClick(language: nil, acceptLanguage: "fr-FR,fr;q=0.9,en;q=0.8")
        #expect(click.language == "fr-FR")
    }

    @Test("An unreadable beacon language falls back to Accept-Language")
    func garbageBeaconLanguage() {
        let click = SignalSamples.iPhoneClick(language: "*", acceptLanguage: "de-de")
        #expect(click.language == "de-DE")
    }

    @Test("The beacon language wins over Accept-Language")
    func beaconLanguageWins() {
        let click = SignalSamples.iPhoneClick(language: "nl-NL", acceptLanguage: "en-US")
        #expect(click.language == "nl-NL")
    }

    @Test("A click from carrier-grade NAT has no network prefix")
    func cgnatClick() {
        #expect(SignalSamples.iPhoneClick(ipAddress: "100.64.1.1").ipPrefix == nil)
    }

    @Test("A touch iPad's desktop Safari becomes iOS with the OS version Safari tracks")
    func touchIPadOverride() {
        let click = EvidenceBuilder.click(
            id: "c", clickedAt: SignalSamples.clickedAt, userAgent: SignalSamples.iPadDesktopSafari, ipAddress: nil,
            screenWidth: 1640, screenHeight: 2360, timezone: nil, language: nil, acceptLanguage: nil, platformOverride: "ios"
        )
        #expect(click.platform == .ios)
        #expect(click.osVersion == "17.5")
        #expect(click.deviceModel == "iPad")
    }

    @Test("Without the override desktop Safari stays a Mac")
    func desktopSafariWithoutOverride() {
        let click = EvidenceBuilder.click(
            id: "c", clickedAt: SignalSamples.clickedAt, userAgent: SignalSamples.iPadDesktopSafari, ipAddress: nil,
            screenWidth: nil, screenHeight: nil, timezone: nil, language: nil, acceptLanguage: nil, platformOverride: nil
        )
        #expect(click.platform == .macos)
    }

    @Test("An unknown platform override is ignored")
    func unknownOverride() {
        let click = EvidenceBuilder.click(
            id: "c", clickedAt: SignalSamples.clickedAt, userAgent: SignalSamples.iPhoneSafari, ipAddress: nil,
            screenWidth: nil, screenHeight: nil, timezone: nil, language: nil, acceptLanguage: nil, platformOverride: "toaster"
        )
        #expect(click.platform == .ios)
        #expect(click.osVersion == "17.4")
    }

    @Test("Chrome's frozen 'Android 10; K' is not read as the OS version")
    func reducedChromeUserAgent() {
        let click = EvidenceBuilder.click(
            id: "c", clickedAt: SignalSamples.clickedAt, userAgent: SignalSamples.androidChromeReduced, ipAddress: nil,
            screenWidth: 1080, screenHeight: 2400, timezone: "America/New_York", language: "en-US", acceptLanguage: nil,
            platformOverride: nil
        )
        #expect(click.platform == .android)
        #expect(click.osVersion == nil)
        #expect(click.deviceModel == nil)
        #expect(EvidenceBuilder.signature(click) == nil)
    }
}

@Suite("Evidence builder: installs")
struct InstallEvidenceTests {
    @Test("A LinkForty iOS install takes the fingerprint's platform, version and signals")
    func linkFortyIOSInstall() {
        let install = SignalSamples.linkFortyInstall()
        #expect(install.platform == .ios)
        #expect(install.osVersion == "17.4")
        #expect(install.deviceModel == nil)
        #expect(install.ipPrefix == "203.0.113.0/24")
        #expect(install.screen == ScreenSize(width: 1179, height: 2556))
        #expect(install.timezone == "Europe/Paris")
        #expect(install.language == "en-US")
    }

    @Test("Without a platform version the SDK user agent supplies it")
    func versionFromSDKUserAgent() {
        let install = EvidenceBuilder.install(
            reportedAt: SignalSamples.reportedAt, userAgent: "Mealtime/4.2.1 iOS/18.1", ipAddress: nil, screenWidth: nil,
            screenHeight: nil, timezone: nil, language: nil, platform: nil, platformVersion: nil, deviceModel: nil
        )
        #expect(install.platform == .ios)
        #expect(install.osVersion == "18.1")
    }

    @Test("A Dalvik install reads Android, its version and the model from the user agent")
    func dalvikInstall() {
        let install = SignalSamples.dalvikInstall
        #expect(install.platform == .android)
        #expect(install.osVersion == "14.0")
        #expect(install.deviceModel == "Pixel 8")
        #expect(install.language == "en-US")
    }

    @Test(
        "Every platform spelling the SDKs send is understood",
        arguments: [
            ("iOS", DevicePlatform.ios), ("ios", .ios), ("iPadOS", .ios), ("Android", .android), ("android", .android),
        ])
    func platformSpellings(_ name: String, _ expected: DevicePlatform) {
        let install = EvidenceBuilder.install(
            reportedAt: SignalSamples.reportedAt, userAgent: nil, ipAddress: nil, screenWidth: nil, screenHeight: nil,
            timezone: nil, language: nil, platform: name, platformVersion: nil, deviceModel: nil
        )
        #expect(install.platform == expected)
    }

    @Test("A fingerprint platform that contradicts the user agent wins and drops the user agent's version")
    func reportedPlatformWins() {
        let install = EvidenceBuilder.install(
            reportedAt: SignalSamples.reportedAt, userAgent: SignalSamples.linkFortyIOS, ipAddress: nil, screenWidth: nil,
            screenHeight: nil, timezone: nil, language: nil, platform: "Android", platformVersion: nil, deviceModel: nil
        )
        #expect(install.platform == .android)
        #expect(install.osVersion == nil)
    }

    @Test(
        "An Apple hardware identifier becomes the family a click can report",
        arguments: [
            ("iPhone16,2", "iPhone"), ("iPad13,1", "iPad"), ("iPhone", "iPhone"),
        ])
    func appleHardwareIdentifier(_ model: String, _ expected: String) {
        let install = EvidenceBuilder.install(
            reportedAt: SignalSamples.reportedAt, userAgent: nil, ipAddress: nil, screenWidth: nil, screenHeight: nil,
            timezone: nil, language: nil, platform: "iOS", platformVersion: nil, deviceModel: model
        )
        #expect(install.deviceModel == expected)
    }

    @Test("A simulator architecture is not a device model")
    func simulatorModel() {
        let install = EvidenceBuilder.install(
            reportedAt: SignalSamples.reportedAt, userAgent: nil, ipAddress: nil, screenWidth: nil, screenHeight: nil,
            timezone: nil, language: nil, platform: "iOS", platformVersion: nil, deviceModel: "arm64"
        )
        #expect(install.deviceModel == nil)
    }
}

@Suite("Evidence builder: OS versions")
struct OSVersionTests {
    @Test(
        "Versions become major.minor",
        arguments: [
            ("18", "18.0"), ("17.4.1", "17.4"), ("17.4", "17.4"), ("14", "14.0"), (" 14 ", "14.0"), ("18_7", "18.7"),
            ("14.0.0", "14.0"), ("10.3.3.1", "10.3"),
        ])
    func majorMinor(_ raw: String, _ expected: String) {
        #expect(EvidenceBuilder.normalizeOSVersion(raw) == expected)
    }

    @Test(
        "Code names, garbage and absurd numbers are not versions",
        arguments: [
            nil, "", " ", "Baklava", "18.", ".18", "18..1", "1.2.3.4.5", "-1", "18.x", "v18", "18 1", "99999999999999999999",
            "1234.0", "١٨",
        ] as [String?])
    func notVersions(_ raw: String?) {
        #expect(EvidenceBuilder.normalizeOSVersion(raw) == nil)
    }
}

@Suite("Evidence builder: device signatures")
struct DeviceSignatureTests {
    @Test("An iPhone Safari click and the LinkForty iOS SDK's install have the same signature")
    func iOSClickAndInstallAgree() throws {
        let click = try #require(EvidenceBuilder.signature(SignalSamples.iPhoneClick()))
        let install = try #require(EvidenceBuilder.signature(SignalSamples.linkFortyInstall()))
        #expect(click == install)
        #expect(click == "ios|17.4|1176x2560|Europe/Paris|en")
    }

    @Test("An Android Chrome click with client hints and a Dalvik install have the same signature")
    func androidClickAndInstallAgree() throws {
        let click = EvidenceBuilder.click(
            id: "c", clickedAt: SignalSamples.clickedAt, userAgent: SignalSamples.androidChromeReduced,
            ipAddress: "198.51.100.40", screenWidth: 1079, screenHeight: 2399, timezone: "US/Eastern", language: nil,
            acceptLanguage: "en-US,en;q=0.9", platformOverride: nil, platformVersion: "14.0.0", deviceModel: "Pixel 8"
        )
        #expect(click.osVersion == "14.0")
        #expect(click.deviceModel == SignalSamples.dalvikInstall.deviceModel)
        #expect(click.ipPrefix == SignalSamples.dalvikInstall.ipPrefix)
        let clickSignature = try #require(EvidenceBuilder.signature(click))
        #expect(clickSignature == EvidenceBuilder.signature(SignalSamples.dalvikInstall))
        #expect(clickSignature == "android|14.0|1080x2400|America/New_York|en")
    }

    @Test("A different OS version gives a different signature")
    func osUpdateChangesSignature() {
        #expect(
            EvidenceBuilder.signature(SignalSamples.iPhoneClick())
                != EvidenceBuilder.signature(SignalSamples.linkFortyInstall(platformVersion: "17.5")))
    }

    @Test(
        "A signature needs all five signals",
        arguments: [
            SignalSamples.iPhoneClick(language: nil, acceptLanguage: nil),
            SignalSamples.iPhoneClick(timezone: nil),
            SignalSamples.iPhoneClick(screenWidth: nil),
            ClickEvidence(
                clickId: "c", clickedAt: SignalSamples.clickedAt, platform: .ios, screen: ScreenSize(width: 1179, height: 2556),
                timezone: "Europe/Paris", language: "en-US"),
            ClickEvidence(
                clickId: "c", clickedAt: SignalSamples.clickedAt, platform: .other, osVersion: "17.4",
                screen: ScreenSize(width: 1179, height: 2556), timezone: "Europe/Paris", language: "en-US"),
        ])
    func incompleteSignature(_ click: ClickEvidence) {
        #expect(EvidenceBuilder.signature(click) == nil)
    }

    @Test("The network is not part of the signature")
    func signatureIgnoresNetwork() {
        #expect(
            EvidenceBuilder.signature(SignalSamples.iPhoneClick(ipAddress: "100.64.1.1"))
                == EvidenceBuilder.signature(SignalSamples.iPhoneClick(ipAddress: "203.0.113.9")))
    }
}

@Suite("Screen sizes from fingerprints")
struct ScreenFingerprintTests {
    @Test(
        "Missing, zero and negative sides are no screen",
        arguments: [
            (nil, 2556), (1179, nil), (0, 2556), (-1179, 2556), (nil, nil),
        ] as [(Int?, Int?)])
    func missingSides(_ width: Int?, _ height: Int?) {
        #expect(ScreenSize.fromFingerprint(width: width, height: height) == nil)
    }

    @Test("Portrait and landscape reports are the same screen")
    func orientationIndependent() {
        #expect(ScreenSize.fromFingerprint(width: 2556, height: 1179) == ScreenSize.fromFingerprint(width: 1179, height: 2556))
    }
}
