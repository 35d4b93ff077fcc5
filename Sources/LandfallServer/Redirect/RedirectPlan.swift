import Foundation
import LandfallAttribution
import LandfallStore

/// What to answer a visit of a short link with. Decided without I/O so every rule is unit-testable.
enum RedirectPlan: Equatable, Sendable {
    /// A plain 302.
    case redirect(String)
    /// A page that tries to open the app and falls back when it is still visible.
    case interstitial(InterstitialModel)
    /// Open Graph tags for crawlers and link unfurlers.
    case preview(PreviewModel)
}

/// Everything the interstitial page needs; every string is escaped when rendered.
struct InterstitialModel: Equatable, Sendable {
    var title: String
    var description: String?
    var imageURL: String?
    /// Tried automatically: a URI-scheme URL or an Android intent URL.
    var openURL: String?
    /// Shown as the "open the app" button when set: a Universal Link / App Link opens the app on tap.
    var appLinkURL: String?
    /// Where to go when the app did not open: the store, or the web.
    var fallbackURL: String
    var storeURL: String?
    var webURL: String
    var clickToken: String?
    /// Desktop-class iPad Safari cannot be told from a Mac by its user agent: the page checks touch
    /// support and sends a Mac to `webURL`.
    var confirmIPad: Bool
    var platform: DevicePlatform
}

struct PreviewModel: Equatable, Sendable {
    var title: String
    var description: String?
    var imageURL: String?
    var canonicalURL: String
    var destinationURL: String
}

/// The routing rules of a click.
struct RedirectPlanner: Sendable {
    struct Visit: Sendable {
        var userAgent: UserAgentInfo
        var country: String?
        /// Primary language subtags from Accept-Language, most preferred first.
        var languages: [String]
        var query: [(name: String, value: String)]
        var clickToken: String?
        var shortURL: String
    }

    func plan(link: LinkRecord, app: AppRecord, visit: Visit) -> RedirectPlan {
        let content = link.content
        let webURL = DestinationURL.web(
            content.originalUrl ?? content.webFallbackUrl ?? app.settings.webFallbackUrl ?? visit.shortURL,
            link: link, incoming: visit.query
        )
        let title = content.ogTitle ?? content.title ?? app.name
        let description = content.ogDescription ?? content.description

        if visit.userAgent.bot != nil {
            return .preview(
                PreviewModel(
                    title: title, description: description, imageURL: content.ogImageUrl,
                    canonicalURL: visit.shortURL, destinationURL: webURL
                ))
        }
        if let rules = content.targetingRules, !matches(rules, visit: visit) {
            let fallback = content.webFallbackUrl ?? app.settings.webFallbackUrl ?? content.originalUrl ?? visit.shortURL
            return .redirect(DestinationURL.web(fallback, link: link, incoming: visit.query))
        }
        let scheme = content.appScheme ?? app.settings.uriScheme
        switch visit.userAgent.platform {
        case .ios:
            return planIOS(
                link: link, app: app, visit: visit, scheme: scheme, webURL: webURL, title: title, description: description,
                confirmIPad: false)
        case .android:
            return planAndroid(link: link, app: app, visit: visit, scheme: scheme, webURL: webURL, title: title, description: description)
        case .macos where visit.userAgent.mayBeIPad && hasIOSApp(link: link, app: app, scheme: scheme):
            return planIOS(
                link: link, app: app, visit: visit, scheme: scheme, webURL: webURL, title: title, description: description,
                confirmIPad: true)
        default:
            return .redirect(webURL)
        }
    }

    private func hasIOSApp(link: LinkRecord, app: AppRecord, scheme: String?) -> Bool {
        scheme != nil || link.content.iosUniversalLink != nil || iosStoreURL(link: link, app: app) != nil
    }

    private func iosStoreURL(link: LinkRecord, app: AppRecord) -> String? {
        link.content.iosAppStoreUrl ?? app.settings.iosAppStoreUrl
            ?? app.settings.iosAppStoreId.map { "https://apps.apple.com/app/id\($0)" }
    }

    private func planIOS(
        link: LinkRecord, app: AppRecord, visit: Visit, scheme: String?, webURL: String,
        title: String, description: String?, confirmIPad: Bool
    ) -> RedirectPlan {
        let store = iosStoreURL(link: link, app: app)
        let openURL = scheme.map { DestinationURL.appScheme($0, link: link, clickToken: visit.clickToken, incoming: visit.query) }
        let universal = link.content.iosUniversalLink.map {
            DestinationURL.appLink($0, link: link, clickToken: visit.clickToken, incoming: visit.query)
        }
        guard openURL != nil || universal != nil else {
            // No way to open an installed app: straight to the store, or the web.
            return .redirect(confirmIPad ? webURL : (store ?? webURL))
        }
        return .interstitial(
            InterstitialModel(
                title: title, description: description, imageURL: link.content.ogImageUrl,
                openURL: openURL, appLinkURL: universal, fallbackURL: store ?? webURL, storeURL: store, webURL: webURL,
                clickToken: visit.clickToken, confirmIPad: confirmIPad, platform: .ios
            ))
    }

    private func planAndroid(
        link: LinkRecord, app: AppRecord, visit: Visit, scheme: String?, webURL: String, title: String, description: String?
    ) -> RedirectPlan {
        let package = app.settings.androidPackageName
        let storeBase =
            link.content.androidAppStoreUrl ?? app.settings.androidPlayStoreUrl
            ?? package.map { "https://play.google.com/store/apps/details?id=\($0)" }
        let store = storeBase.map { DestinationURL.playStore($0, link: link, clickToken: visit.clickToken) }
        let fallback = store ?? webURL
        let openURL = scheme.map {
            DestinationURL.androidIntent(
                scheme: $0, package: package, link: link, clickToken: visit.clickToken, incoming: visit.query, fallback: fallback)
        }
        let appLink = link.content.androidAppLink.map {
            DestinationURL.appLink($0, link: link, clickToken: visit.clickToken, incoming: visit.query)
        }
        guard openURL != nil || appLink != nil else {
            return .redirect(fallback)
        }
        return .interstitial(
            InterstitialModel(
                title: title, description: description, imageURL: link.content.ogImageUrl,
                openURL: openURL, appLinkURL: appLink, fallbackURL: fallback, storeURL: store, webURL: webURL,
                clickToken: visit.clickToken, confirmIPad: false, platform: .android
            ))
    }

    private func matches(_ rules: TargetingRules, visit: Visit) -> Bool {
        if let devices = rules.devices {
            let device =
                switch visit.userAgent.platform {
                case .ios: "ios"
                case .android: "android"
                default: "desktop"
                }
            guard devices.contains(device) else { return false }
        }
        if let countries = rules.countries {
            // An unknown country matches no country rule: the rule's promise is "only these countries".
            guard let country = visit.country, countries.contains(country) else { return false }
        }
        if let languages = rules.languages {
            guard visit.languages.contains(where: languages.contains) else { return false }
        }
        return true
    }
}
