extension BotDetector {
    /// A named crawler and the token that identifies it.
    struct Signature: Sendable {
        /// Lowercase ASCII.
        let token: String
        let name: String
        let isLinkPreview: Bool
        /// Require the token at the very start of the user agent. Used where the same word
        /// also appears in a human's in-app browser: WhatsApp's fetcher is `WhatsApp/2.23.20.0 A`
        /// while its in-app browser says `[WAiOS/...]`; Pinterest's crawler is `Pinterest/0.2`
        /// while its in-app browser says `[Pinterest/iOS]`.
        let atStart: Bool

        init(_ token: String, _ name: String, linkPreview: Bool, atStart: Bool = false) {
            self.token = token
            self.name = name
            self.isLinkPreview = linkPreview
            self.atStart = atStart
        }
    }

    /// Checked in order; the first match wins. Order matters where one crawler quotes
    /// another: Telegram's fetcher says `TelegramBot (like TwitterBot)`.
    static let signatures: [Signature] = [
        // Link-preview fetchers: they build the card people see in a chat or feed.
        Signature("facebookexternalhit", "facebookexternalhit", linkPreview: true),
        Signature("facebot", "Facebot", linkPreview: true),
        Signature("telegrambot", "TelegramBot", linkPreview: true),
        Signature("twitterbot", "Twitterbot", linkPreview: true),
        Signature("slackbot-linkexpanding", "Slackbot-LinkExpanding", linkPreview: true),
        Signature("slack-imgproxy", "Slack-ImgProxy", linkPreview: true),
        Signature("slackbot", "Slackbot", linkPreview: true),
        Signature("linkedinbot", "LinkedInBot", linkPreview: true),
        Signature("discordbot", "Discordbot", linkPreview: true),
        Signature("whatsapp/", "WhatsApp", linkPreview: true, atStart: true),
        Signature("skypeuripreview", "SkypeUriPreview", linkPreview: true),
        Signature("pinterestbot", "Pinterestbot", linkPreview: true),
        Signature("pinterest/", "Pinterest", linkPreview: true, atStart: true),
        Signature("redditbot", "redditbot", linkPreview: true),
        Signature("iframely", "Iframely", linkPreview: true),
        Signature("embedly", "Embedly", linkPreview: true),
        Signature("vkshare", "vkShare", linkPreview: true),
        Signature("kakaotalk-scrap", "kakaotalk-scrap", linkPreview: true),
        // Meta documents meta-externalagent as a crawler for AI training and indexing,
        // not as the fetcher behind Facebook's link cards (that is facebookexternalhit).
        Signature("meta-externalagent", "meta-externalagent", linkPreview: false),
        // Search engines and other crawlers.
        Signature("google-inspectiontool", "Google-InspectionTool", linkPreview: false),
        Signature("adsbot-google", "AdsBot-Google", linkPreview: false),
        Signature("mediapartners-google", "Mediapartners-Google", linkPreview: false),
        Signature("googlebot", "Googlebot", linkPreview: false),
        Signature("bingbot", "bingbot", linkPreview: false),
        Signature("applebot", "Applebot", linkPreview: false),
        Signature("yandexbot", "YandexBot", linkPreview: false),
        Signature("yandex.com/bots", "Yandex", linkPreview: false),
        Signature("baiduspider", "Baiduspider", linkPreview: false),
        Signature("duckduckbot", "DuckDuckBot", linkPreview: false),
        Signature("slurp", "Yahoo! Slurp", linkPreview: false),
        Signature("headlesschrome", "HeadlessChrome", linkPreview: false),
    ]

    static func knownMatch(in text: UserAgentText) -> Match? {
        // Apple's Messages app fetches previews as a Mac Safari that also claims to be
        // Facebook's and X's fetchers, so sites tuned for either serve it their cards.
        if text.contains("facebookexternalhit"), text.contains("facebot"), text.contains("twitterbot") {
            return Match(name: "iMessage", isLinkPreview: true)
        }
        for signature in signatures {
            let found = signature.atStart ? text.hasPrefix(signature.token) : text.contains(signature.token)
            if found {
                return Match(name: signature.name, isLinkPreview: signature.isLinkPreview)
            }
        }
        return nil
    }
}
