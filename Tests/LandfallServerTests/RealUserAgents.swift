/// User agents captured from real devices and crawlers, shared by the redirect tests.
enum RealUserAgents {
    static let iPhoneSafari =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
    /// iPadOS 13+ Safari asks for the desktop site by default and says "Macintosh".
    static let iPadDesktopSafari =
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15"
    static let androidChrome =
        "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36"
    static let instagramIOS =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 309.1.1.28.108 (iPhone15,3; iOS 17_1_2; en_US; en; scale=3.00; 1290x2796; 541635890)"
    static let facebookIOS =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/442.0.0.42.111;FBBV/551416378;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.1.1;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5;FBRV/553137960]"
    static let facebookAndroid =
        "Mozilla/5.0 (Linux; Android 13; SM-S908B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/443.0.0.23.229;]"
    static let desktopChrome =
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36"
    static let macChrome =
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36"
    static let facebookCrawler = "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"
    static let twitterbot = "Twitterbot/1.0"
    static let slackbot = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"
    static let googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"

    static let crawlers = [facebookCrawler, twitterbot, slackbot, googlebot]
}
