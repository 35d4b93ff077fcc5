import Testing

/// A published user-agent string and what it was captured from.
///
/// Sources, abbreviated in the comments below:
/// - ua-parser-js: faisalman/ua-parser-js, `test/data/ua/**.json` fixtures
/// - inapp-spy: shalanah/inapp-spy, `src/tests/{mobile,tablet,desktop}.ts`
/// - whatwg/compat#283, matomo-org/device-detector#8262: iOS 26 frozen-UA reports
/// - brief: strings quoted in the Landfall task (SDK formats: LinkForty
///   `FingerprintCollector` on iOS and Android, LimeLink `DeferredDeepLinkService`)
/// - fixture: other public test fixtures found by exact-string search, whose repository
///   could not be named; used only where no better-attributed string was found
struct Sample: Sendable, CustomTestStringConvertible {
    let name: String
    let userAgent: String

    init(_ name: String, _ userAgent: String) {
        self.name = name
        self.userAgent = userAgent
    }

    var testDescription: String { name }
}

enum Samples {
    // MARK: Browsers

    /// inapp-spy
    static let iPhoneSafari18 = Sample(
        "Safari on iPhone, iOS 18.1",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
    )
    /// inapp-spy
    static let iPhoneSafari10 = Sample(
        "Safari on iPhone, iOS 10.2.1",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 10_2_1 like Mac OS X) AppleWebKit/602.4.6 (KHTML, like Gecko) Version/10.0 Mobile/14D27 Safari/602.1"
    )
    /// ua-parser-js (browser-all.json, "Mobile Safari")
    static let iPhoneSafari4 = Sample(
        "Safari on iPhone, iOS 4.0",
        "Mozilla/5.0 (iPhone; U; CPU iPhone OS 4_0 like Mac OS X; en-us) AppleWebKit/532.9 (KHTML, like Gecko) Version/4.0.5 Mobile/8A293 Safari/6531.22.7"
    )
    /// inapp-spy (tablet.ts)
    static let iPadSafari = Sample(
        "Safari on iPad, iOS 10.3.1",
        "Mozilla/5.0 (iPad; CPU OS 10_3_1 like Mac OS X) AppleWebKit/603.1.30 (KHTML, like Gecko) Version/10.0 Mobile/14E304 Safari/602.1"
    )
    /// ua-parser-js (browser-all.json, "Yandex on iPad")
    static let iPadYandex = Sample(
        "Yandex Browser on iPad, iPadOS 16.4.1",
        "Mozilla/5.0 (iPad; CPU OS 16_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.4 YaBrowser/23.3.3.330 Mobile/15E148 Safari/605.1"
    )
    /// ua-parser-js (browser-all.json, "Yandex on iPod"; no "OS" in its platform comment)
    static let iPodYandex = Sample(
        "Yandex Browser on iPod touch",
        "Mozilla/5.0 (iPod touch; CPU iPhone 16_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.4 YaBrowser/23.3.3.330 Mobile/15E148 Safari/605.1"
    )
    /// whatwg/compat#283 (Apple's example of the frozen iOS 26 user agent)
    static let iPhoneSafari26Frozen186 = Sample(
        "Safari 26.0 on iOS 26, OS token frozen at 18_6",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Mobile/15E148 Safari/604.1"
    )
    /// matomo-org/device-detector#8262
    static let iPhoneSafari26Frozen187 = Sample(
        "Safari 26.2 on iOS 26, OS token frozen at 18_7",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.2 Mobile/15E148 Safari/604.1"
    )
    /// inapp-spy (tablet.ts: an iPad in desktop mode)
    static let iPadDesktopSafari = Sample(
        "desktop-class Safari on iPad",
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15"
    )
    /// inapp-spy (desktop.ts)
    static let macSafari26 = Sample(
        "Safari 26.0.1 on a Mac",
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0.1 Safari/605.1.15"
    )
    /// inapp-spy (desktop.ts)
    static let macChrome = Sample(
        "Chrome on a Mac",
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36"
    )
    /// inapp-spy (desktop.ts)
    static let macFirefox = Sample(
        "Firefox on a Mac",
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:141.0) Gecko/20100101 Firefox/141.0"
    )
    /// ua-parser-js (browser-all.json, "Microsoft Edge 100")
    static let macEdge = Sample(
        "Edge on a Mac",
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/100.0.1108.55 Safari/537.36 Edg/100.0.1108.55"
    )
    /// inapp-spy
    static let iPhoneChrome = Sample(
        "Chrome on iPhone (CriOS)",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 10_2_1 like Mac OS X) AppleWebKit/602.1.50 (KHTML, like Gecko) CriOS/58.0.3029.113 Mobile/14D27 Safari/602.1"
    )
    /// inapp-spy
    static let iPhoneFirefox = Sample(
        "Firefox on iPhone (FxiOS)",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/130.1  Mobile/15E148 Safari/605.1.15"
    )
    /// inapp-spy
    static let iPhoneEdge = Sample(
        "Edge on iPhone (EdgiOS)",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) EdgiOS/128.0.2739.82 Version/18.0 Mobile/15E148 Safari/604.1"
    )
    /// inapp-spy
    static let iPhoneOpera = Sample(
        "Opera on iPhone (OPT)",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1 OPT/5.0.7"
    )
    /// inapp-spy (Chrome's reduced user agent)
    static let androidChromeReduced = Sample(
        "Chrome on Android, reduced user agent",
        "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Mobile Safari/537.36"
    )
    /// inapp-spy
    static let androidChromeSony = Sample(
        "Chrome on a Sony Xperia",
        "Mozilla/5.0 (Linux; Android 6.0.1; D6653 Build/23.5.A.0.575) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/58.0.3029.83 Mobile Safari/537.36"
    )
    /// inapp-spy
    static let androidChromePixel3 = Sample(
        "Chrome on a Pixel 3",
        "Mozilla/5.0 (Linux; Android 12; Pixel 3) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/102.0.0.0 Mobile Safari/537.36"
    )
    /// ua-parser-js (browser-all.json, "Chrome Mobile")
    static let androidChromeNexus5X = Sample(
        "Chrome on a Nexus 5X",
        "Mozilla/5.0 (Linux; Android 7.1.2; Nexus 5X Build/N2G47W) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/58.0.3029.83 Mobile Safari/537.36"
    )
    /// inapp-spy (Redmi, MIUI browser)
    static let androidMIUIBrowser = Sample(
        "MIUI Browser with a locale segment",
        "Mozilla/5.0 (Linux; U; Android 6.0.1; zh-tw; Redmi Note 3 Build/MMB29M) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/53.0.2785.146 Mobile Safari/537.36 XiaoMi/MiuiBrowser/8.5.8"
    )
    /// ua-parser-js (browser-all.json, "Android Browser on Samsung S6")
    static let samsungInternet = Sample(
        "Samsung Internet on a Galaxy S6",
        "Mozilla/5.0 (Linux; Android 5.0.2; SAMSUNG SM-G925F Build/LRX22G) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/3.0 Chrome/38.0.2125.102 Mobile Safari/537.36"
    )
    /// ua-parser-js (browser-all.json, "Brave": a Galaxy Tab S7)
    static let androidTabletBrave = Sample(
        "Brave on a Galaxy Tab S7",
        "Mozilla/5.0 (Linux; Android 11; SM-T870) AppleWebKit/537.36 (KHTML, like Gecko) Brave Chrome/88.0.4324.96 Safari/537.36"
    )
    /// ua-parser-js (browser-all.json, "Android Browser on HTC Flyer")
    static let androidTabletHTCFlyer = Sample(
        "stock browser on an HTC Flyer tablet",
        "Mozilla/5.0 (Linux; U; Android 3.2.1; ru-ru; HTC Flyer P510e Build/HTK75C) AppleWebKit/534.13 (KHTML, like Gecko) Version/4.0 Safari/534.13"
    )
    /// ua-parser-js (browser-all.json, "Firefox Mobile")
    static let androidFirefox = Sample(
        "Firefox on an Android phone",
        "Mozilla/5.0 (Android 5.0; Mobile; rv:41.0) Gecko/41.0 Firefox/41.0"
    )
    /// ua-parser-js (browser-all.json, "Chrome WebView")
    static let androidWebView = Sample(
        "Android System WebView",
        "Mozilla/5.0 (Linux; Android 5.1.1; Nexus 5 Build/LMY48B; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/43.0.2357.65 Mobile Safari/537.36"
    )
    /// ua-parser-js (browser-all.json, "Chrome 112.0 on Win10")
    static let windowsChrome = Sample(
        "Chrome on Windows 10",
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/112.0.0.0 Safari/537.36"
    )
    /// ua-parser-js (browser-all.json, "Microsoft Edge Chromium")
    static let windowsEdge = Sample(
        "Edge on Windows 10",
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/74.0.3729.48 Safari/537.36 Edg/74.1.96.24"
    )
    /// inapp-spy (desktop.ts)
    static let windowsFirefox = Sample(
        "Firefox on Windows 7",
        "Mozilla/5.0 (Windows NT 6.1; WOW64; rv:53.0) Gecko/20100101 Firefox/53.0"
    )
    /// inapp-spy (desktop.ts)
    static let windowsIE11 = Sample(
        "Internet Explorer 11 on Windows 7",
        "Mozilla/5.0 (Windows NT 6.1; WOW64; Trident/7.0; rv:11.0) like Gecko"
    )
    /// ua-parser-js (browser-all.json, "Opera GX on Windows")
    static let windowsOpera = Sample(
        "Opera GX on Windows 10",
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/73.0.3683.103 Safari/537.36 OPR/60.0.3255.50747 OPRGX/60.0.3255.50747"
    )
    /// ua-parser-js (browser-all.json, "Yandex")
    static let windowsYandex = Sample(
        "Yandex Browser on Windows 10",
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/110.0.0.0 YaBrowser/23.3.0.2246 Yowser/2.5 Safari/537.36"
    )
    /// ua-parser-js (browser-all.json, "Chrome 111.0 on Linux")
    static let linuxChrome = Sample(
        "Chrome on Linux",
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/111.0.0.0 Safari/537.36"
    )
    /// inapp-spy (desktop.ts)
    static let ubuntuFirefox = Sample(
        "Firefox on Ubuntu",
        "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:53.0) Gecko/20100101 Firefox/53.0"
    )
    /// ua-parser-js (browser-all.json, "Chrome 111.0 on ChromeOS")
    static let chromeOS = Sample(
        "Chrome on ChromeOS",
        "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/111.0.0.0 Safari/537.36"
    )

    // MARK: In-app browsers

    /// ua-parser-js (browser-all.json)
    static let instagramIOS14 = Sample(
        "Instagram on iOS 14.1",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 14_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 142.0.0.22.109 (iPhone12,5; iOS 14_1; en_US; en-US; scale=3.00; 1242x2688; 214888322) NW/1"
    )
    /// fixture (Instagram 312.0.0.22.114, the version named in the brief)
    static let instagramIOS17 = Sample(
        "Instagram 312 on iOS 17.1",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/21B74 Instagram 312.0.0.22.114 (iPhone14,5; iOS 17_1; id_ID; id; scale=3.00; 1170x2532; 548333402)"
    )
    /// inapp-spy (PIXEL)
    static let instagramAndroid = Sample(
        "Instagram on a Pixel 8",
        "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240905.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.58 Mobile Safari/537.36 Instagram 355.1.0.44.103 Android (34/14; 420dpi; 1080x2205; Google/google; Pixel 8; shiba; shiba; en_US; 658190016)"
    )
    /// ua-parser-js (browser-all.json)
    static let facebookIOS10 = Sample(
        "Facebook on iOS 10.3.1",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 10_3_1 like Mac OS X) AppleWebKit/603.1.30 (KHTML, like Gecko) Mobile/14E304 [FBAN/FBIOS;FBAV/91.0.0.41.73;FBBV/57050710;FBDV/iPhone8,1;FBMD/iPhone;FBSN/iOS;FBSV/10.3.1;FBSS/2;FBCR/Telekom.de;FBID/phone;FBLC/de_DE;FBOP/5;FBRV/0])"
    )
    /// inapp-spy
    static let facebookIOS18 = Sample(
        "Facebook on iOS 18.1",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22B83 [FBAN/FBIOS;FBAV/488.0.0.68.101;FBBV/658219612;FBDV/iPhone12,8;FBMD/iPhone;FBSN/iOS;FBSV/18.1;FBSS/2;FBID/phone;FBLC/en_US;FBOP/5;FBRV/0;IABMV/1]"
    )
    /// inapp-spy (newer Facebook builds open links in a Safari-based view)
    static let facebookMetaIAB = Sample(
        "Facebook MetaIAB on iOS 18.6.2",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22G100 Safari/604.1 MetaIAB Facebook"
    )
    /// ua-parser-js (browser-all.json)
    static let facebookAndroid = Sample(
        "Facebook on Android 5.0",
        "Mozilla/5.0 (Linux; Android 5.0; SM-G900P Build/LRX21T; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/43.0.2357.121 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/35.0.0.48.273;]"
    )
    /// fixture
    static let messengerIOS = Sample(
        "Messenger on iOS 17.5",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/MessengerForiOS;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.5;FBSS/3;FBID/phone;FBLC/fr_FR;FBOP/5]"
    )
    /// fixture
    static let messengerAndroid = Sample(
        "Messenger on Android 14",
        "Mozilla/5.0 (Linux; Android 14; SM-S911B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 [FB_IAB/Orca-Android;FBAV/455.0.0.36.107;]"
    )
    /// ua-parser-js (browser-all.json)
    static let tiktokAndroid = Sample(
        "TikTok on Android 11",
        "Mozilla/5.0 (Linux; Android 11; 21061119AG Build/RP1A.200720.011; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/92.0.4515.131 Mobile Safari/537.36 trill_2022109040 JsSdk/1.0 NetType/MOBILE Channel/googleplay AppName/musical_ly app_version/21.9.4 ByteLocale/ru-RU ByteFullLocale/ru-RU Region/KG BytedanceWebview/d8a21c6"
    )
    /// ua-parser-js (browser-all.json)
    static let tiktokIOS = Sample(
        "TikTok on iOS 14.8",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 14_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_21.1.0 JsSdk/2.0 NetType/4G Channel/App Store ByteLocale/ru Region/RU ByteFullLocale/ru-RU isDarkMode/1 WKWebView/1 BytedanceWebview/d8a21c6"
    )
    /// ua-parser-js (browser-all.json)
    static let tiktokIOSTrill = Sample(
        "TikTok (trill) on iOS 18.6.2",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari/604.1 trill_43.0.0 BytedanceWebview/d8a21c6"
    )
    /// ua-parser-js (browser-all.json)
    static let linkedInIOS = Sample(
        "LinkedIn on iOS 15.4.1",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 15_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]"
    )
    /// ua-parser-js (browser-all.json)
    static let snapchatIOS = Sample(
        "Snapchat on iOS 16.0.2",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 16_0_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Snapchat/12.33.0.36 (like Safari/8614.1.25.0.31, panda)"
    )
    /// ua-parser-js (browser-all.json)
    static let twitterAndroid = Sample(
        "X on Android 13",
        "Mozilla/5.0 (Linux; Android 13; CPH2531 Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/123.0.6312.120 Mobile Safari/537.36 TwitterAndroid"
    )
    /// ua-parser-js (browser-all.json)
    static let twitterIPad = Sample(
        "X (Twitter for iPhone) on an iPad",
        "Mozilla/5.0 (iPad; CPU OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/19H12 Twitter for iPhone/10.34"
    )
    /// ua-parser-js (browser-all.json)
    static let lineIOS = Sample(
        "LINE on iOS 11.2.6",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 11_2_6 like Mac OS X) AppleWebKit/604.5.6 (KHTML, like Gecko) Mobile/15D100 Safari Line/8.4.1"
    )
    /// ua-parser-js (browser-all.json)
    static let lineAndroid = Sample(
        "LINE on Android 5.0",
        "Mozilla/5.0 (Linux; Android 5.0; ASUS_Z00AD Build/LRX21V; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/51.0.2704.81 Mobile Safari/537.36 Line/6.5.1/IAB"
    )
    /// ua-parser-js (browser-all.json)
    static let weChatIOS = Sample(
        "WeChat on iOS 8.4.1",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 8_4_1 like Mac OS X) AppleWebKit/600.1.4 (KHTML, like Gecko) Mobile/12H321 MicroMessenger/6.3.6 NetType/WIFI Language/zh_CN"
    )
    /// ua-parser-js (browser-all.json)
    static let weChatAndroid = Sample(
        "WeChat on Android 5.1",
        "Mozilla/5.0 (Linux; U; Android 5.1; zh-cn; Lenovo K50-t5 Build/LMY47D) AppleWebKit/533.1 (KHTML, like Gecko)Version/4.0 MQQBrowser/5.4 TBS/025478 Mobile Safari/533.1 MicroMessenger/6.3.5.50_r1573191.640 NetType/WIFI Language/zh_CN"
    )
    /// fixture (the same string appears in several independent public user-agent lists)
    static let pinterestIPad = Sample(
        "Pinterest on iPad, iOS 8.4.1",
        "Mozilla/5.0 (iPad; CPU OS 8_4_1 like Mac OS X) AppleWebKit/600.1.4 (KHTML, like Gecko) Mobile/12H321 [Pinterest/iOS]"
    )
    /// fixture (matches the format Telegram for Android builds in its source)
    static let telegramAndroid = Sample(
        "Telegram on Android 7.1.2",
        "Mozilla/5.0 (Linux; Android 7.1.2; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.6045.193 Mobile Safari/537.36 Telegram-Android/11.4.3 (Samsung SM-G965N; Android 7.1.2; SDK 25; LOW)"
    )
    /// fixture (the Discord desktop client's Electron user agent)
    static let discordDesktop = Sample(
        "Discord desktop on Windows 10",
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) discord/1.0.9202 Chrome/134.0.6998.205 Electron/35.3.0 Safari/537.36"
    )
    /// inapp-spy (PIXEL)
    static let redditAndroid = Sample(
        "Reddit on a Pixel 8",
        "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240905.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.58 Mobile Safari/537.36 Reddit/Version 2024.41.0/Build 2102450/Android 14"
    )
    /// fixture (token not confirmed against a capture; see report)
    static let gmailIOS = Sample(
        "Gmail on iOS 17.5",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Gmail/6.0.240609"
    )
    /// inapp-spy (PIXEL; "Barcelona" is Threads' internal name)
    static let threadsAndroid = Sample(
        "Threads on a Pixel 8",
        "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240905.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.58 Mobile Safari/537.36 Barcelona 355.0.0.39.109 Android (34/14; 420dpi; 1080x2205; Google/google; Pixel 8; shiba; shiba; en_US; 657318936)"
    )
    /// inapp-spy
    static let whatsAppIOS = Sample(
        "WhatsApp in-app browser on iOS 26.0.1",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 26_0_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0.1 Mobile/15E148 Safari/604.1 [WAiOS/2.25.31]"
    )
    /// inapp-spy
    static let whatsAppAndroid = Sample(
        "WhatsApp in-app browser on Android",
        "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.7390.124 Mobile Safari/537.36 [WA4A/2.25.32.75;]"
    )
    /// ua-parser-js (browser-all.json)
    static let kakaoTalkIOS = Sample(
        "KakaoTalk on iOS 15.4.1",
        "Mozilla/5.0 (iPhone; CPU; iPhone OS 15_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 BizWebView KAKAOTALK 9.7.6"
    )
    /// ua-parser-js (browser-all.json)
    static let kakaoTalkAndroid = Sample(
        "KakaoTalk on Android 12",
        "Mozilla/5.0 (Linux; Android 12; SM-G988N Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/100.0.4896.79 Mobile Safari/537.36;KAKAOTALK 2409760"
    )
    /// ua-parser-js (browser-all.json, "GSA on iOS")
    static let googleAppIOS = Sample(
        "Google app on iOS 10.3.2",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 10_3_2 like Mac OS X) AppleWebKit/602.1.50 (KHTML, like Gecko) GSA/30.1.161623614 Mobile/14F89 Safari/602.1"
    )

    // MARK: App and SDK HTTP clients

    /// brief (LinkForty iOS SDK format "AppName/AppVersion iOS/SystemVersion")
    static let linkFortyIOS = Sample("LinkForty iOS SDK", "Mealtime/4.2.1 iOS/18.1")
    /// brief (LinkForty Android SDK format "AppName/AppVersion Android/PlatformVersion")
    static let linkFortyAndroid = Sample("LinkForty Android SDK", "MyApp/3.1 Android/14")
    /// brief (LimeLink iOS SDK sends systemName and the underscored systemVersion)
    static let limeLinkIOS = Sample("LimeLink iOS SDK", "iOS 18_7")
    /// brief (AFNetworking default)
    static let afNetworking = Sample("AFNetworking default", "MyApp/1.2 (iPhone; iOS 17.4; Scale/3.00)")
    /// ua-parser-js (os/ios.json, "iOS with Slack App")
    static let slackIOSApp = Sample("Slack iOS app", "com.tinyspeck.chatlyio/23.04.10 (iPhone; iOS 16.4.1; Scale/3.00)")
    /// brief (Alamofire default)
    static let alamofire = Sample("Alamofire default", "MyApp/1.2 (com.x.app; build:5; iOS 17.4.1) Alamofire/5.8")
    /// brief (URLSession default)
    static let cfNetwork = Sample("URLSession default on iOS", "MyApp/1 CFNetwork/1494.0.7 Darwin/23.4.0")
    /// fixture (the Reddit iOS app's API client)
    static let redditIOSApp = Sample(
        "Reddit iOS app client",
        "Reddit/Version 2025.44.0/Build 616760/iOS Version 26.1 (Build 23B85)"
    )
    /// ua-parser-js (os/ios.json: Facebook's own HTTP client)
    static let facebookIOSApp = Sample(
        "Facebook iOS app client",
        "[FBAN/FBIOS;FBAV/283.0.0.44.117;FBBV/238386386;FBDV/iPhone12,1;FBMD/iPhone;FBSN/iOS;FBSV/13.6.1;FBSS/2;FBID/phone;FBLC/en_US;FBOP/5;FBRV/240127608]"
    )
    /// brief (Android's default HttpURLConnection user agent)
    static let dalvikPixel8 = Sample("Dalvik on a Pixel 8", "Dalvik/2.1.0 (Linux; U; Android 14; Pixel 8 Build/UQ1A.240205.002)")
    /// ua-parser-js (os/android.json, "MIUI")
    static let dalvikMIUI = Sample("Dalvik on MIUI", "Dalvik/2.1.0 (Linux; U; Android 9; Mi MIX 3 5G MIUI/V10.3.2.0.PEMEUVF)")
    /// ua-parser-js (os/android.json, "KTB-Nexus 5")
    static let androidAppClient = Sample("Android app client", "APP-My App/1.0 (Linux; Android 4.2.1; Nexus 5 Build/JOP40D)")
    /// brief
    static let okHttp4 = Sample("okhttp 4", "okhttp/4.12.0")
    /// ua-parser-js (extension/library.json)
    static let okHttp3 = Sample("okhttp 3", "okhttp/3.2.0")
    /// fixture (X's Android API client)
    static let twitterAndroidApp = Sample(
        "X Android app client",
        "TwitterAndroid/9.86.0-release.0 (23680000-r-0) (Android 10; Google Pixel 3; Build/QP1A.190711.020; wv)"
    )
    /// ua-parser-js (browser-all.json, "Brave Browser": a macOS app on URLSession)
    static let macOSCFNetwork = Sample("URLSession default on macOS", "Brave/4.5.16 CFNetwork/893.13.1 Darwin/17.3.0 (x86_64)")

    // MARK: Tools

    /// brief
    static let curl8 = Sample("curl 8", "curl/8.5.0")
    /// ua-parser-js (extension/cli.json)
    static let wget = Sample("Wget", "Wget/1.21.1")
    /// ua-parser-js (extension/library.json)
    static let pythonRequests = Sample("python-requests", "python-requests/2.32")
    /// ua-parser-js (extension/library.json)
    static let goHTTPClient = Sample("Go net/http", "go-http-client/1.1")

    // MARK: Cubot phones (ua-parser-js, device/cubot.json)

    static let cubotPhones: [Sample] = [
        Sample(
            "CUBOT ECHO with the Google app",
            "Mozilla/5.0 (Linux; Android 6.0; CUBOT ECHO Build/MRA58K; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/92.0.4515.115 Mobile Safari/537.36 GSA/12.28.8.23.arm"
        ),
        Sample(
            "CUBOT MAGIC with Opera",
            "Mozilla/5.0 (Linux; U; Android 7.0; CUBOT MAGIC Build/NRD90M; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/68.0.3440.91 Mobile Safari/537.36 OPR/36.1.2254.130118"
        ),
        Sample(
            "CUBOT NOTE Plus with Facebook",
            "Mozilla/5.0 (Linux; Android 7.0; CUBOT NOTE Plus Build/NRD90M; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/67.0.3396.87 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/181.0.0.36.82;]"
        ),
        Sample(
            "CUBOT_NOVA with Opera",
            "Mozilla/5.0 (Linux; Android 8.1.0; CUBOT_NOVA) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/92.0.4515.166 Mobile Safari/537.36 OPR/65.2.3381.61420"
        ),
        Sample(
            "CUBOT_POWER web view",
            "Mozilla/5.0 (Linux; Android 8.1.0; CUBOT_POWER Build/O11019; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.73 Mobile Safari/537.36"
        ),
        Sample(
            "CUBOT_X18_Plus with Yandex Browser",
            "Mozilla/5.0 (Linux; arm_64; Android 8.0.0; CUBOT_X18_Plus) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/78.0.3904.97 YaBrowser/19.12.1.121.00 Mobile Safari/537.36"
        ),
    ]

    // MARK: Groups

    static let browsers: [Sample] = [
        iPhoneSafari18, iPhoneSafari10, iPhoneSafari4, iPadSafari, iPadYandex, iPodYandex, iPhoneSafari26Frozen186,
        iPhoneSafari26Frozen187, iPadDesktopSafari, macSafari26, macChrome, macFirefox, macEdge, iPhoneChrome,
        iPhoneFirefox, iPhoneEdge, iPhoneOpera, androidChromeReduced, androidChromeSony, androidChromePixel3,
        androidChromeNexus5X, androidMIUIBrowser, samsungInternet, androidTabletBrave, androidTabletHTCFlyer,
        androidFirefox, androidWebView, windowsChrome, windowsEdge, windowsFirefox, windowsIE11, windowsOpera,
        windowsYandex, linuxChrome, ubuntuFirefox, chromeOS,
    ]

    static let inAppBrowsers: [Sample] = [
        instagramIOS14, instagramIOS17, instagramAndroid, facebookIOS10, facebookIOS18, facebookMetaIAB,
        facebookAndroid, messengerIOS, messengerAndroid, tiktokAndroid, tiktokIOS, tiktokIOSTrill, linkedInIOS,
        snapchatIOS, twitterAndroid, twitterIPad, lineIOS, lineAndroid, weChatIOS, weChatAndroid, pinterestIPad,
        telegramAndroid, discordDesktop, redditAndroid, gmailIOS, threadsAndroid, whatsAppIOS, whatsAppAndroid,
        kakaoTalkIOS, kakaoTalkAndroid, googleAppIOS,
    ]

    static let appClients: [Sample] = [
        linkFortyIOS, linkFortyAndroid, limeLinkIOS, afNetworking, slackIOSApp, alamofire, cfNetwork, redditIOSApp,
        facebookIOSApp, dalvikPixel8, dalvikMIUI, androidAppClient, okHttp4, okHttp3, twitterAndroidApp,
        macOSCFNetwork,
    ]

    static let tools: [Sample] = [curl8, wget, pythonRequests, goHTTPClient]
}
