import Foundation
import Testing
@testable import LandfallKit

@Suite("Device information")
struct DeviceInfoTests {
    @Test(arguments: [
        ("en_US", "en-US"), ("en-US", "en-US"), ("zh_Hant_TW", "zh-Hant-TW"), ("de_DE@calendar=buddhist", "de-DE"),
        ("en_US_POSIX", "en-US"), ("fr", "fr"), ("en_US.UTF-8", "en-US"),
    ])
    func localeIdentifiersBecomeBCP47Tags(identifier: String, tag: String) {
        #expect(LanguageTag.bcp47(fromLocaleIdentifier: identifier) == tag)
    }

    @Test(arguments: ["", "C", "POSIX", "C.UTF-8"])
    func identifiersWithoutALanguageHaveNoTag(identifier: String) {
        #expect(LanguageTag.bcp47(fromLocaleIdentifier: identifier) == nil)
    }

    @Test func theUserAgentFollowsTheAppVersionPlatformVersionFormat() {
        #expect(Harness.iPhone.userAgent == "Mealtime/4.2.1 iOS/18.1")
        let spaced = DeviceInfo(appName: "Meal Time", appVersion: nil, platform: "Linux", platformVersion: "6.8")
        #expect(spaced.userAgent == "Meal-Time/0 Linux/6.8")
    }

    @Test func theHostProviderReportsTheRealPlatformNeverIOS() async {
        let info = await HostDeviceInfoProvider(appName: "Tool", appVersion: "1.0").currentDeviceInfo()
        #if os(Linux)
        #expect(info.platform == "Linux")
        #expect(info.screenWidth == nil)
        #elseif os(macOS)
        #expect(info.platform == "macOS")
        #endif
        #expect(info.appName == "Tool")
        #expect(info.timezone == TimeZone.current.identifier)
        #expect(info.platformVersion.split(separator: ".").count >= 2)
    }

    @Test func clickTokensAreFoundInURLsReferrersAndPlainText() {
        let token = "AbCdEfGhIjKlMnOpQrStUv"
        #expect(ClickToken.extract(from: "https://go.example.com/x?a=1&lf_click=\(token)") == token)
        #expect(ClickToken.extract(from: "lf_click%3D\(token)%26utm_source%3Dplay") == token)
        #expect(ClickToken.extract(from: token) == token)
        #expect(ClickToken.extract(from: "lf_click=short") == nil)
        #expect(ClickToken.extract(from: "nothing here") == nil)
    }
}
