/// An app whose embedded browser (web view) opened the link.
///
/// In-app browsers matter for deep linking: most cannot open universal links / app links,
/// keep their own cookie jar, and some block custom URL schemes. Only apps that put a
/// recognisable token in their web view's user agent can be named; several (X on iOS,
/// Telegram on iOS, Discord on mobile) open links in SFSafariViewController or Custom Tabs,
/// which send the system browser's user agent and are indistinguishable from it.
public enum InAppBrowser: String, Sendable, Codable, Hashable, CaseIterable {
    /// Instagram (`Instagram 312.0.0.22.114 (...)`).
    case instagram
    /// Facebook (`[FBAN/FBIOS;...]`, `[FB_IAB/FB4A;FBAV/...]`, `MetaIAB Facebook`).
    case facebook
    /// Messenger (`FBAN/MessengerForiOS`, `FB_IAB/Orca-Android`, `FB_IAB/MESSENGER`).
    case messenger
    /// TikTok (`musical_ly_...`, `BytedanceWebview/...`, `TikTok`).
    case tiktok
    /// LinkedIn (`[LinkedInApp]/9.32.2485`).
    case linkedin
    /// Snapchat (`Snapchat/12.72.0.39 (like Safari/...)`).
    case snapchat
    /// X / Twitter (`Twitter for iPhone`, `TwitterAndroid/...`).
    case twitter
    /// LINE (`Line/13.21.1/IAB`).
    case line
    /// WeChat (`MicroMessenger/8.0.42`).
    case wechat
    /// Pinterest (`[Pinterest/iOS]`).
    case pinterest
    /// Telegram on Android (`Telegram-Android/11.4.3 (...)`).
    case telegram
    /// The Discord desktop client (`discord/1.0.9164 ... Electron/...`).
    case discord
    /// Reddit (`Reddit/Version 2026.23.0/Build 2623040/Android 15`).
    case reddit
    /// Gmail (`Gmail/6.0...` or `GmailApp/6.0`).
    case gmail
    /// Threads, whose user agent carries Instagram's internal code name (`Barcelona 355.0...`).
    case threads
    /// WhatsApp (`[WAiOS/2.25.31]`, `[WA4A/2.25.32.75;]`).
    case whatsapp
    /// KakaoTalk (`KAKAOTALK 10.3.0`).
    case kakaotalk
    /// The Google app, a.k.a. Google Search App (`GSA/334.0.674067880`).
    case google
}

extension InAppBrowser {
    /// One recognisable token of an app's web view user agent.
    struct Signature: Sendable {
        let app: InAppBrowser
        /// Lowercase ASCII.
        let token: String
        /// Require the token not to be glued to a preceding letter or digit
        /// (so "Line/" does not match "Outline/", nor "GSA/" some "XGSA/").
        let atWordStart: Bool
    }

    /// Checked in order; the first match wins. Messenger and Threads come before Facebook
    /// and Instagram because their user agents borrow the parents' tokens.
    static let signatures: [Signature] = [
        Signature(app: .messenger, token: "fban/messengerforios", atWordStart: false),
        Signature(app: .messenger, token: "fb_iab/orca-android", atWordStart: false),
        Signature(app: .messenger, token: "fb_iab/messenger", atWordStart: false),
        Signature(app: .threads, token: "barcelona ", atWordStart: true),
        Signature(app: .instagram, token: "instagram", atWordStart: true),
        Signature(app: .facebook, token: "fban/", atWordStart: false),
        Signature(app: .facebook, token: "fb_iab/", atWordStart: false),
        Signature(app: .facebook, token: "fbav/", atWordStart: false),
        Signature(app: .facebook, token: "metaiab facebook", atWordStart: true),
        Signature(app: .tiktok, token: "bytedancewebview", atWordStart: false),
        Signature(app: .tiktok, token: "musical_ly", atWordStart: false),
        Signature(app: .tiktok, token: "tiktok", atWordStart: true),
        Signature(app: .linkedin, token: "linkedinapp", atWordStart: false),
        Signature(app: .snapchat, token: "snapchat", atWordStart: true),
        Signature(app: .twitter, token: "twitter for iphone", atWordStart: true),
        Signature(app: .twitter, token: "twitter for ipad", atWordStart: true),
        Signature(app: .twitter, token: "twitterandroid", atWordStart: true),
        Signature(app: .line, token: "line/", atWordStart: true),
        Signature(app: .wechat, token: "micromessenger/", atWordStart: true),
        Signature(app: .pinterest, token: "[pinterest/", atWordStart: false),
        Signature(app: .telegram, token: "telegram-android/", atWordStart: true),
        Signature(app: .discord, token: "discord/", atWordStart: true),
        Signature(app: .reddit, token: "reddit/", atWordStart: true),
        Signature(app: .gmail, token: "gmail/", atWordStart: true),
        Signature(app: .gmail, token: "gmailapp/", atWordStart: true),
        Signature(app: .whatsapp, token: "[waios/", atWordStart: false),
        Signature(app: .whatsapp, token: "[wa4a/", atWordStart: false),
        Signature(app: .kakaotalk, token: "kakaotalk", atWordStart: true),
        Signature(app: .google, token: "gsa/", atWordStart: true),
    ]

    /// The app named by the first matching signature, if any.
    static func detect(in text: UserAgentText) -> InAppBrowser? {
        for signature in signatures {
            let found =
                signature.atWordStart
                ? text.containsWord(signature.token)
                : text.contains(signature.token)
            if found {
                return signature.app
            }
        }
        return nil
    }
}
