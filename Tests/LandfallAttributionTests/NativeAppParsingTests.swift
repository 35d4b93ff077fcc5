import LandfallAttribution
import Testing

/// What a parse of one app or SDK client sample should report.
struct AppClientExpectation: Sendable, CustomTestStringConvertible {
    let sample: Sample
    let platform: DevicePlatform
    let osVersion: String?

    init(_ sample: Sample, _ platform: DevicePlatform, _ osVersion: String?) {
        self.sample = sample
        self.platform = platform
        self.osVersion = osVersion
    }

    var testDescription: String { sample.name }
}

@Suite("App and SDK clients")
struct NativeAppParsingTests {
    static let expectations: [AppClientExpectation] = [
        AppClientExpectation(Samples.linkFortyIOS, .ios, "18.1"),
        AppClientExpectation(Samples.linkFortyAndroid, .android, "14.0"),
        AppClientExpectation(Samples.limeLinkIOS, .ios, "18.7"),
        AppClientExpectation(Samples.afNetworking, .ios, "17.4"),
        AppClientExpectation(Samples.slackIOSApp, .ios, "16.4"),
        AppClientExpectation(Samples.alamofire, .ios, "17.4"),
        AppClientExpectation(Samples.cfNetwork, .ios, "17.4"),
        AppClientExpectation(Samples.redditIOSApp, .ios, "26.1"),
        AppClientExpectation(Samples.facebookIOSApp, .ios, "13.6"),
        AppClientExpectation(Samples.dalvikPixel8, .android, "14.0"),
        AppClientExpectation(Samples.dalvikMIUI, .android, "9.0"),
        AppClientExpectation(Samples.androidAppClient, .android, "4.2"),
        AppClientExpectation(Samples.okHttp4, .android, nil),
        AppClientExpectation(Samples.okHttp3, .android, nil),
        AppClientExpectation(Samples.twitterAndroidApp, .android, "10.0"),
        AppClientExpectation(Samples.macOSCFNetwork, .macos, "10.13"),
    ]

    @Test("Reads the platform and OS version an app client reports", arguments: expectations)
    func readsPlatformAndVersion(_ expected: AppClientExpectation) {
        let info = UserAgentParser.parse(expected.sample.userAgent)
        #expect(info.platform == expected.platform)
        #expect(info.osVersion == expected.osVersion)
    }

    @Test("Every sample is covered by an expectation")
    func everySampleIsCovered() {
        #expect(Set(Self.expectations.map(\.sample.name)) == Set(Samples.appClients.map(\.name)))
    }

    @Test("Is marked as a native app with no browser", arguments: Samples.appClients)
    func isNativeAppWithoutBrowser(_ sample: Sample) {
        let info = UserAgentParser.parse(sample.userAgent)
        #expect(info.isNativeApp)
        #expect(info.browser == nil)
        #expect(info.inAppBrowser == nil)
        #expect(info.bot == nil)
        #expect(!info.mayBeIPad)
    }

    @Test(
        "Reports the device when the client names it",
        arguments: [
            (Samples.afNetworking, "iPhone", DeviceClass.phone),
            (Samples.slackIOSApp, "iPhone", DeviceClass.phone),
            (Samples.dalvikPixel8, "Pixel 8", DeviceClass.unknown),
            (Samples.dalvikMIUI, "Mi MIX 3 5G", DeviceClass.unknown),
            (Samples.androidAppClient, "Nexus 5", DeviceClass.unknown),
            (Samples.twitterAndroidApp, "Google Pixel 3", DeviceClass.unknown),
        ])
    func reportsNamedDevice(_ sample: Sample, _ model: String, _ deviceClass: DeviceClass) {
        let info = UserAgentParser.parse(sample.userAgent)
        #expect(info.deviceModel == model)
        #expect(info.deviceClass == deviceClass)
    }

    @Test(
        "Reports an unknown form factor when the client does not name the device",
        arguments: [
            Samples.linkFortyIOS, Samples.linkFortyAndroid, Samples.limeLinkIOS, Samples.alamofire, Samples.cfNetwork,
            Samples.okHttp4,
        ])
    func unnamedDeviceIsUnknown(_ sample: Sample) {
        let info = UserAgentParser.parse(sample.userAgent)
        #expect(info.deviceClass == .unknown)
        #expect(info.deviceModel == nil)
    }

    @Test("A macOS app client is a desktop")
    func macOSAppClientIsDesktop() {
        #expect(UserAgentParser.parse(Samples.macOSCFNetwork.userAgent).deviceClass == .desktop)
    }

    @Test("Command-line tools and HTTP libraries are not apps, browsers or bots", arguments: Samples.tools)
    func toolsAreUnknown(_ sample: Sample) {
        let info = UserAgentParser.parse(sample.userAgent)
        #expect(info.platform == .other)
        #expect(info.deviceClass == .unknown)
        #expect(!info.isNativeApp)
        #expect(info.browser == nil)
        #expect(info.bot == nil)
    }
}
