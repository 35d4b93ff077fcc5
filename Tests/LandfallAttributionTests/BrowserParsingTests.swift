import LandfallAttribution
import Testing

/// What a parse of one sample should report about OS and browser.
struct BrowserExpectation: Sendable, CustomTestStringConvertible {
    let sample: Sample
    let platform: DevicePlatform
    let osVersion: String?
    let deviceClass: DeviceClass
    let browser: String?

    init(_ sample: Sample, _ platform: DevicePlatform, _ osVersion: String?, _ deviceClass: DeviceClass, _ browser: String?) {
        self.sample = sample
        self.platform = platform
        self.osVersion = osVersion
        self.deviceClass = deviceClass
        self.browser = browser
    }

    var testDescription: String { sample.name }
}

@Suite("Browsers")
struct BrowserParsingTests {
    @Test(
        "Reports platform, OS version, form factor and browser",
        arguments: [
            BrowserExpectation(Samples.iPhoneSafari18, .ios, "18.1", .phone, "Safari"),
            BrowserExpectation(Samples.iPhoneSafari10, .ios, "10.2", .phone, "Safari"),
            BrowserExpectation(Samples.iPhoneSafari4, .ios, "4.0", .phone, "Safari"),
            BrowserExpectation(Samples.iPadSafari, .ios, "10.3", .tablet, "Safari"),
            BrowserExpectation(Samples.iPadYandex, .ios, "16.4", .tablet, "Yandex Browser"),
            BrowserExpectation(Samples.iPhoneChrome, .ios, "10.2", .phone, "Chrome"),
            BrowserExpectation(Samples.iPhoneFirefox, .ios, "18.1", .phone, "Firefox"),
            BrowserExpectation(Samples.iPhoneEdge, .ios, "18.1", .phone, "Edge"),
            BrowserExpectation(Samples.iPhoneOpera, .ios, "18.1", .phone, "Opera"),
            BrowserExpectation(Samples.androidChromeReduced, .android, "10.0", .phone, "Chrome"),
            BrowserExpectation(Samples.androidChromeSony, .android, "6.0", .phone, "Chrome"),
            BrowserExpectation(Samples.androidChromeNexus5X, .android, "7.1", .phone, "Chrome"),
            BrowserExpectation(Samples.samsungInternet, .android, "5.0", .phone, "Samsung Internet"),
            BrowserExpectation(Samples.androidFirefox, .android, "5.0", .phone, "Firefox"),
            BrowserExpectation(Samples.androidTabletBrave, .android, "11.0", .tablet, "Chrome"),
            BrowserExpectation(Samples.macChrome, .macos, "10.15", .desktop, "Chrome"),
            BrowserExpectation(Samples.macFirefox, .macos, "10.15", .desktop, "Firefox"),
            BrowserExpectation(Samples.macEdge, .macos, "10.15", .desktop, "Edge"),
            BrowserExpectation(Samples.windowsChrome, .windows, "10.0", .desktop, "Chrome"),
            BrowserExpectation(Samples.windowsEdge, .windows, "10.0", .desktop, "Edge"),
            BrowserExpectation(Samples.windowsFirefox, .windows, "6.1", .desktop, "Firefox"),
            BrowserExpectation(Samples.windowsIE11, .windows, "6.1", .desktop, "Internet Explorer"),
            BrowserExpectation(Samples.windowsOpera, .windows, "10.0", .desktop, "Opera"),
            BrowserExpectation(Samples.windowsYandex, .windows, "10.0", .desktop, "Yandex Browser"),
            BrowserExpectation(Samples.linuxChrome, .linux, nil, .desktop, "Chrome"),
            BrowserExpectation(Samples.ubuntuFirefox, .linux, nil, .desktop, "Firefox"),
            BrowserExpectation(Samples.chromeOS, .chromeos, nil, .desktop, "Chrome"),
        ])
    func reportsPlatformVersionFormFactorAndBrowser(_ expected: BrowserExpectation) {
        let info = UserAgentParser.parse(expected.sample.userAgent)
        #expect(info.platform == expected.platform)
        #expect(info.osVersion == expected.osVersion)
        #expect(info.deviceClass == expected.deviceClass)
        #expect(info.browser == expected.browser)
    }

    @Test("Browsers are neither apps, in-app browsers nor bots", arguments: Samples.browsers)
    func browsersAreNeitherAppsInAppBrowsersNorBots(_ sample: Sample) {
        let info = UserAgentParser.parse(sample.userAgent)
        #expect(!info.isNativeApp)
        #expect(info.inAppBrowser == nil)
        #expect(info.bot == nil)
    }

    @Test(
        "iOS 26 Safari's frozen 18.x OS token yields to the Safari version",
        arguments: [
            (Samples.iPhoneSafari26Frozen186, "26.0"),
            (Samples.iPhoneSafari26Frozen187, "26.2"),
        ])
    func frozenIOSVersionYieldsToSafariVersion(_ sample: Sample, _ expected: String) {
        #expect(UserAgentParser.parse(sample.userAgent).osVersion == expected)
    }

    @Test("A Version token below 26 does not override the OS token")
    func olderVersionTokenDoesNotOverrideOSToken() {
        // Edge on iOS 18.1 says Version/18.0.
        #expect(UserAgentParser.parse(Samples.iPhoneEdge.userAgent).osVersion == "18.1")
    }

    @Test(
        "iPhone, iPad and iPod user agents name the device and its form factor",
        arguments: [
            (Samples.iPhoneSafari18, "iPhone", DeviceClass.phone),
            (Samples.iPadSafari, "iPad", DeviceClass.tablet),
            (Samples.iPodYandex, "iPod", DeviceClass.phone),
        ])
    func appleDevicesAreNamed(_ sample: Sample, _ model: String, _ deviceClass: DeviceClass) {
        let info = UserAgentParser.parse(sample.userAgent)
        #expect(info.platform == .ios)
        #expect(info.deviceModel == model)
        #expect(info.deviceClass == deviceClass)
    }

    @Test("The device named first wins over devices named by apps later in the string")
    func firstNamedDeviceWins() {
        // "(iPad; CPU OS 15_7 ...) ... Twitter for iPhone/10.34" is X's iPhone app on an iPad.
        let info = UserAgentParser.parse(Samples.twitterIPad.userAgent)
        #expect(info.deviceModel == "iPad")
        #expect(info.deviceClass == .tablet)
    }

    @Test("Desktop-class Safari on a Mac may be an iPad", arguments: [Samples.iPadDesktopSafari, Samples.macSafari26])
    func desktopSafariMayBeIPad(_ sample: Sample) {
        let info = UserAgentParser.parse(sample.userAgent)
        #expect(info.platform == .macos)
        #expect(info.deviceClass == .desktop)
        #expect(info.browser == "Safari")
        #expect(info.mayBeIPad)
    }

    @Test(
        "Chrome, Firefox and Edge on a Mac cannot be an iPad",
        arguments: [
            Samples.macChrome, Samples.macFirefox, Samples.macEdge,
        ])
    func otherMacBrowsersAreNotIPads(_ sample: Sample) {
        #expect(!UserAgentParser.parse(sample.userAgent).mayBeIPad)
    }

    @Test(
        "Only a Mac user agent can be an iPad in disguise",
        arguments: [
            Samples.iPhoneSafari18, Samples.iPadSafari, Samples.windowsChrome, Samples.androidChromeReduced,
        ])
    func nonMacUserAgentsAreNotIPadsInDisguise(_ sample: Sample) {
        #expect(!UserAgentParser.parse(sample.userAgent).mayBeIPad)
    }

    @Test(
        "Android browsers report the model named before the build id",
        arguments: [
            (Samples.androidChromeSony, "D6653"),
            (Samples.androidChromePixel3, "Pixel 3"),
            (Samples.androidChromeNexus5X, "Nexus 5X"),
            (Samples.androidTabletBrave, "SM-T870"),
            (Samples.androidWebView, "Nexus 5"),
        ])
    func androidModelIsRead(_ sample: Sample, _ model: String) {
        #expect(UserAgentParser.parse(sample.userAgent).deviceModel == model)
    }

    @Test("Samsung Internet's brand prefix is not part of the model")
    func samsungPrefixIsDropped() {
        #expect(UserAgentParser.parse(Samples.samsungInternet.userAgent).deviceModel == "SM-G925F")
    }

    @Test(
        "A locale where newer browsers put the model is skipped",
        arguments: [
            (Samples.androidMIUIBrowser, "Redmi Note 3"),
            (Samples.androidTabletHTCFlyer, "HTC Flyer P510e"),
        ])
    func localeSegmentIsNotTheModel(_ sample: Sample, _ model: String) {
        #expect(UserAgentParser.parse(sample.userAgent).deviceModel == model)
    }

    @Test("Chrome's reduced user agent has no model", arguments: [Samples.androidChromeReduced])
    func reducedUserAgentHasNoModel(_ sample: Sample) {
        #expect(UserAgentParser.parse(sample.userAgent).deviceModel == nil)
    }

    @Test("Firefox for Android's own tokens are not taken for a model")
    func firefoxAndroidHasNoModel() {
        #expect(UserAgentParser.parse(Samples.androidFirefox.userAgent).deviceModel == nil)
    }

    @Test(
        "An Android user agent without Mobile is a tablet",
        arguments: [
            Samples.androidTabletBrave, Samples.androidTabletHTCFlyer,
        ])
    func androidWithoutMobileIsTablet(_ sample: Sample) {
        #expect(UserAgentParser.parse(sample.userAgent).deviceClass == .tablet)
    }

    @Test(
        "Android web views are not reported as Chrome",
        arguments: [
            Samples.androidWebView, Samples.androidMIUIBrowser,
        ])
    func androidWebViewsHaveNoBrowser(_ sample: Sample) {
        let info = UserAgentParser.parse(sample.userAgent)
        #expect(info.platform == .android)
        #expect(info.browser == nil)
    }

    @Test("isMobile is true for iOS and Android only", arguments: DevicePlatform.allCases)
    func isMobileOnlyForIOSAndAndroid(_ platform: DevicePlatform) {
        let info = UserAgentInfo(platform: platform)
        #expect(info.isMobile == (platform == .ios || platform == .android))
    }
}
