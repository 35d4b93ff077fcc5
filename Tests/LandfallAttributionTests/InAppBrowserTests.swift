import LandfallAttribution
import Testing

/// What a parse of one in-app browser sample should report.
struct InAppExpectation: Sendable, CustomTestStringConvertible {
    let sample: Sample
    let app: InAppBrowser
    let platform: DevicePlatform
    let osVersion: String

    init(_ sample: Sample, _ app: InAppBrowser, _ platform: DevicePlatform, _ osVersion: String) {
        self.sample = sample
        self.app = app
        self.platform = platform
        self.osVersion = osVersion
    }

    var testDescription: String { sample.name }
}

@Suite("In-app browsers")
struct InAppBrowserTests {
    static let expectations: [InAppExpectation] = [
        InAppExpectation(Samples.instagramIOS14, .instagram, .ios, "14.1"),
        InAppExpectation(Samples.instagramIOS17, .instagram, .ios, "17.1"),
        InAppExpectation(Samples.instagramAndroid, .instagram, .android, "14.0"),
        InAppExpectation(Samples.facebookIOS10, .facebook, .ios, "10.3"),
        InAppExpectation(Samples.facebookIOS18, .facebook, .ios, "18.1"),
        InAppExpectation(Samples.facebookMetaIAB, .facebook, .ios, "18.6"),
        InAppExpectation(Samples.facebookAndroid, .facebook, .android, "5.0"),
        InAppExpectation(Samples.messengerIOS, .messenger, .ios, "17.5"),
        InAppExpectation(Samples.messengerAndroid, .messenger, .android, "14.0"),
        InAppExpectation(Samples.tiktokAndroid, .tiktok, .android, "11.0"),
        InAppExpectation(Samples.tiktokIOS, .tiktok, .ios, "14.8"),
        InAppExpectation(Samples.tiktokIOSTrill, .tiktok, .ios, "18.6"),
        InAppExpectation(Samples.linkedInIOS, .linkedin, .ios, "15.4"),
        InAppExpectation(Samples.snapchatIOS, .snapchat, .ios, "16.0"),
        InAppExpectation(Samples.twitterAndroid, .twitter, .android, "13.0"),
        InAppExpectation(Samples.twitterIPad, .twitter, .ios, "15.7"),
        InAppExpectation(Samples.lineIOS, .line, .ios, "11.2"),
        InAppExpectation(Samples.lineAndroid, .line, .android, "5.0"),
        InAppExpectation(Samples.weChatIOS, .wechat, .ios, "8.4"),
        InAppExpectation(Samples.weChatAndroid, .wechat, .android, "5.1"),
        InAppExpectation(Samples.pinterestIPad, .pinterest, .ios, "8.4"),
        InAppExpectation(Samples.telegramAndroid, .telegram, .android, "7.1"),
        InAppExpectation(Samples.discordDesktop, .discord, .windows, "10.0"),
        InAppExpectation(Samples.redditAndroid, .reddit, .android, "14.0"),
        InAppExpectation(Samples.gmailIOS, .gmail, .ios, "17.5"),
        InAppExpectation(Samples.threadsAndroid, .threads, .android, "14.0"),
        InAppExpectation(Samples.whatsAppIOS, .whatsapp, .ios, "26.0"),
        InAppExpectation(Samples.whatsAppAndroid, .whatsapp, .android, "10.0"),
        InAppExpectation(Samples.kakaoTalkIOS, .kakaotalk, .ios, "15.4"),
        InAppExpectation(Samples.kakaoTalkAndroid, .kakaotalk, .android, "12.0"),
        InAppExpectation(Samples.googleAppIOS, .google, .ios, "10.3"),
    ]

    @Test("Names the app whose web view sent the request", arguments: expectations)
    func namesTheApp(_ expected: InAppExpectation) {
        #expect(UserAgentParser.parse(expected.sample.userAgent).inAppBrowser == expected.app)
    }

    @Test("Still reads the platform and OS version around the app's tokens", arguments: expectations)
    func stillReadsPlatformAndVersion(_ expected: InAppExpectation) {
        let info = UserAgentParser.parse(expected.sample.userAgent)
        #expect(info.platform == expected.platform)
        #expect(info.osVersion == expected.osVersion)
    }

    @Test("Is a browser of an app, not a named browser, an app client or a bot", arguments: Samples.inAppBrowsers)
    func isNeitherNamedBrowserNorAppClientNorBot(_ sample: Sample) {
        let info = UserAgentParser.parse(sample.userAgent)
        #expect(info.browser == nil)
        #expect(!info.isNativeApp)
        #expect(info.bot == nil)
    }

    @Test("Every sample is covered by an expectation")
    func everySampleIsCovered() {
        #expect(Set(Self.expectations.map(\.sample.name)) == Set(Samples.inAppBrowsers.map(\.name)))
    }

    @Test("Every app the parser can name has a sample", arguments: InAppBrowser.allCases)
    func everyAppHasASample(_ app: InAppBrowser) {
        #expect(Self.expectations.contains { $0.app == app })
    }

    @Test(
        "Keeps the device model and form factor of the phone it runs on",
        arguments: [
            (Samples.instagramAndroid, "Pixel 8", DeviceClass.phone),
            (Samples.messengerAndroid, "SM-S911B", DeviceClass.phone),
            (Samples.facebookIOS18, "iPhone", DeviceClass.phone),
            (Samples.pinterestIPad, "iPad", DeviceClass.tablet),
        ])
    func keepsDeviceModelAndFormFactor(_ sample: Sample, _ model: String, _ deviceClass: DeviceClass) {
        let info = UserAgentParser.parse(sample.userAgent)
        #expect(info.deviceModel == model)
        #expect(info.deviceClass == deviceClass)
    }

    @Test("Ordinary browsers are not taken for in-app browsers", arguments: Samples.browsers)
    func ordinaryBrowsersAreNotInApp(_ sample: Sample) {
        #expect(UserAgentParser.parse(sample.userAgent).inAppBrowser == nil)
    }
}
