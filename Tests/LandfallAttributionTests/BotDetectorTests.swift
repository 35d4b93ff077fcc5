import LandfallAttribution
import Testing

/// A crawler's published user agent and the name it should be reported under.
struct BotSample: Sendable, CustomTestStringConvertible {
    let userAgent: String
    let name: String

    init(_ userAgent: String, _ name: String) {
        self.userAgent = userAgent
        self.name = name
    }

    var testDescription: String { name }
}

@Suite("Bot detection")
struct BotDetectorTests {
    /// Apple's Messages app fetching a link preview.
    static let iMessage = BotSample(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0",
        "iMessage"
    )
    /// Googlebot's smartphone crawler, which borrows Chrome for Android's user agent.
    static let googlebotSmartphone = BotSample(
        "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.6668.100 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        "Googlebot"
    )
    /// Applebot, which borrows Mac Safari's user agent.
    static let applebotMac = BotSample(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)",
        "Applebot"
    )

    /// Sources: ua-parser-js `extension/crawler.json` and `extension/fetcher.json`, Slack's
    /// and Discord's documented agents, the brief; the iMessage string is Apple's
    /// Messages preview fetcher as widely logged.
    static let linkPreviewFetchers: [BotSample] = [
        BotSample("facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", "facebookexternalhit"),
        BotSample("Facebot", "Facebot"),
        BotSample("Twitterbot/1.0", "Twitterbot"),
        BotSample("Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", "Slackbot-LinkExpanding"),
        BotSample("Slack-ImgProxy (+https://api.slack.com/robots)", "Slack-ImgProxy"),
        BotSample("Slackbot 1.0 (+https://api.slack.com/robots)", "Slackbot"),
        BotSample("LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)", "LinkedInBot"),
        BotSample("Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)", "Discordbot"),
        BotSample("TelegramBot (like TwitterBot)", "TelegramBot"),
        BotSample("WhatsApp/2.23.20.0 A", "WhatsApp"),
        BotSample("WhatsApp/2.23.20.0", "WhatsApp"),
        BotSample(
            "Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com",
            "SkypeUriPreview"
        ),
        iMessage,
        BotSample("Mozilla/5.0 (compatible; Pinterestbot/1.0; +http://www.pinterest.com/bot.html)", "Pinterestbot"),
        BotSample("Pinterest/0.2 (+http://www.pinterest.com/bot.html)", "Pinterest"),
        BotSample("Mozilla/5.0 (compatible; redditbot/1.0; +http://www.reddit.com/feedback)", "redditbot"),
        BotSample("Iframely/1.3.1 (+https://iframely.com/docs/about)", "Iframely"),
        BotSample("Mozilla/5.0 (compatible; Embedly/0.2; +http://support.embed.ly/)", "Embedly"),
        BotSample("Mozilla/5.0 (compatible; vkShare; +http://vk.com/dev/Share)", "vkShare"),
    ]

    /// Sources: ua-parser-js `extension/crawler.json`; Googlebot smartphone and Applebot as
    /// documented by Google and Apple.
    static let crawlers: [BotSample] = [
        BotSample("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "Googlebot"),
        googlebotSmartphone,
        BotSample("Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)", "Google-InspectionTool"),
        BotSample("AdsBot-Google (+http://www.google.com/adsbot.html)", "AdsBot-Google"),
        BotSample(
            "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/41.0.2272.96 Mobile Safari/537.36 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)",
            "AdsBot-Google"
        ),
        BotSample(
            "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/",
            "bingbot"
        ),
        applebotMac,
        BotSample(
            "Mozilla/5.0 (iPhone; CPU iPhone OS 8_1 like Mac OS X) AppleWebKit/600.1.4 (KHTML, like Gecko) Version/8.0 Mobile/12B410 Safari/600.1.4 (Applebot/0.1;+http://www.apple.com/go/applebot)",
            "Applebot"
        ),
        BotSample("Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)", "YandexBot"),
        BotSample("Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)", "Baiduspider"),
        BotSample("DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)", "DuckDuckBot"),
        BotSample("meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)", "meta-externalagent"),
    ]

    /// Crawlers without a signature of their own (ua-parser-js `extension/crawler.json`,
    /// `extension/fetcher.json`).
    static let unnamedCrawlers: [BotSample] = [
        BotSample("Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)", "AhrefsBot"),
        BotSample("Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)", "MJ12bot"),
        BotSample("CCBot/1.0 (+https://commoncrawl.org/bot.html)", "CCBot"),
        BotSample("Mozilla/5.0 (compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)", "UptimeRobot"),
        BotSample("magpie-crawler/1.1 (robots-txt-checker; +http://www.brandwatch.net)", "crawler"),
        BotSample("Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)", "spider"),
        BotSample(
            "Mozilla/5.0 (Linux; Android 8.0; Pixel 2 Build/OPD3.170816.012) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/56.0.1511.1269 Mobile Safari/537.36; Bytespider",
            "Bytespider"
        ),
    ]

    @Test("Link-preview fetchers are detected as link previews", arguments: linkPreviewFetchers)
    func linkPreviewFetchersAreLinkPreviews(_ sample: BotSample) {
        #expect(BotDetector.detect(sample.userAgent) == BotDetector.Match(name: sample.name, isLinkPreview: true))
    }

    @Test("Search engines and other named crawlers are bots but not link previews", arguments: crawlers)
    func crawlersAreNotLinkPreviews(_ sample: BotSample) {
        #expect(BotDetector.detect(sample.userAgent) == BotDetector.Match(name: sample.name, isLinkPreview: false))
    }

    @Test("Unnamed crawlers are caught by a word ending in bot, crawler or spider", arguments: unnamedCrawlers)
    func unnamedCrawlersAreCaughtByWord(_ sample: BotSample) {
        #expect(BotDetector.detect(sample.userAgent) == BotDetector.Match(name: sample.name, isLinkPreview: false))
    }

    @Test("Cubot phones are people, not bots", arguments: Samples.cubotPhones)
    func cubotPhonesAreNotBots(_ sample: Sample) {
        #expect(BotDetector.detect(sample.userAgent) == nil)
    }

    @Test("In-app browsers are people, not bots", arguments: Samples.inAppBrowsers)
    func inAppBrowsersAreNotBots(_ sample: Sample) {
        #expect(BotDetector.detect(sample.userAgent) == nil)
    }

    @Test("Browsers and app clients are not bots", arguments: Samples.browsers + Samples.appClients)
    func browsersAndAppClientsAreNotBots(_ sample: Sample) {
        #expect(BotDetector.detect(sample.userAgent) == nil)
    }

    @Test("curl, Wget and HTTP libraries are tools, not bots", arguments: Samples.tools)
    func toolsAreNotBots(_ sample: Sample) {
        #expect(BotDetector.detect(sample.userAgent) == nil)
    }

    @Test(
        "The parser reports the crawler and no browser, even when it borrows a browser's user agent",
        arguments: [
            googlebotSmartphone, applebotMac, iMessage,
        ])
    func parserReportsCrawlerWithoutBrowser(_ sample: BotSample) {
        let info = UserAgentParser.parse(sample.userAgent)
        #expect(info.bot?.name == sample.name)
        #expect(info.browser == nil)
        #expect(info.inAppBrowser == nil)
        #expect(!info.isNativeApp)
        #expect(!info.mayBeIPad)
    }
}
