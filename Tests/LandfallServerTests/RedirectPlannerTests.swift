import Foundation
import LandfallAttribution
import LandfallModels
@testable import LandfallServer
import LandfallStore
import Testing

@Suite("Redirect routing rules")
struct RedirectPlannerTests {
    let date = Date(epochMilliseconds: 1_790_000_000_000)

    func app(
        scheme: String? = "mealtime", package: String? = "com.example.mealtime", appStore: String? = "https://apps.apple.com/app/id123"
    ) -> AppRecord {
        AppRecord(
            id: "app", slug: "mealtime", name: "Mealtime", domains: ["go.example.com"],
            settings: AppSettings(
                iosAppStoreUrl: appStore, androidPackageName: package, uriScheme: scheme, webFallbackUrl: "https://example.com/fallback"
            ),
            createdAt: date, updatedAt: date
        )
    }

    func link(_ content: LinkContent = LinkContent(originalUrl: "https://example.com/recipes/42", deepLinkPath: "/recipes/42"))
        -> LinkRecord
    {
        LinkRecord(id: "link", appId: "app", shortCode: "pasta", content: content, createdAt: date, updatedAt: date)
    }

    func visit(
        _ userAgent: String, token: String? = "TOKEN", query: [(name: String, value: String)] = [], country: String? = nil,
        languages: [String] = ["en"]
    ) -> RedirectPlanner.Visit {
        RedirectPlanner.Visit(
            userAgent: UserAgentParser.parse(userAgent), country: country, languages: languages,
            query: query, clickToken: token, shortURL: "https://go.example.com/pasta"
        )
    }

    func interstitial(_ plan: RedirectPlan) throws -> InterstitialModel {
        guard case .interstitial(let model) = plan else {
            Issue.record("expected an interstitial, got \(plan)")
            throw PlanMismatch()
        }
        return model
    }

    struct PlanMismatch: Error {}

    @Test func desktopGoesStraightToTheWebURLWithUTM() {
        var content = link().content
        content.utmParameters = UTMParameters(source: "newsletter", campaign: "spring")
        let plan = RedirectPlanner().plan(link: link(content), app: app(), visit: visit(RealUserAgents.desktopChrome))
        #expect(plan == .redirect("https://example.com/recipes/42?utm_source=newsletter&utm_campaign=spring"))
    }

    @Test func iPhoneGetsAnInterstitialThatOpensTheSchemeWithTheClickToken() throws {
        let model = try interstitial(RedirectPlanner().plan(link: link(), app: app(), visit: visit(RealUserAgents.iPhoneSafari)))
        #expect(model.openURL == "mealtime://recipes/42?lf_click=TOKEN&link_click_id=TOKEN")
        #expect(model.fallbackURL == "https://apps.apple.com/app/id123")
        #expect(model.confirmIPad == false)
    }

    @Test func universalLinkBecomesTheOpenButtonOnIOS() throws {
        var content = link().content
        content.iosUniversalLink = "https://app.example.com/recipes/42"
        let model = try interstitial(RedirectPlanner().plan(link: link(content), app: app(), visit: visit(RealUserAgents.instagramIOS)))
        #expect(model.appLinkURL == "https://app.example.com/recipes/42?lf_click=TOKEN&link_click_id=TOKEN")
    }

    @Test func desktopClassIPadSafariGetsAPageThatChecksForTouch() throws {
        let model = try interstitial(RedirectPlanner().plan(link: link(), app: app(), visit: visit(RealUserAgents.iPadDesktopSafari)))
        #expect(model.confirmIPad)
        #expect(model.webURL == "https://example.com/recipes/42")
    }

    @Test func macChromeIsNotMistakenForAnIPad() {
        let plan = RedirectPlanner().plan(link: link(), app: app(), visit: visit(RealUserAgents.macChrome))
        #expect(plan == .redirect("https://example.com/recipes/42"))
    }

    @Test func androidGetsAnIntentURLWithAPlayStoreFallbackCarryingTheReferrer() throws {
        var content = link().content
        content.utmParameters = UTMParameters(source: "ig")
        let model = try interstitial(RedirectPlanner().plan(link: link(content), app: app(), visit: visit(RealUserAgents.androidChrome)))
        let store = try #require(model.storeURL)
        #expect(
            store
                == "https://play.google.com/store/apps/details?id=com.example.mealtime&referrer=lf_click%3DTOKEN%26link_click_id%3DTOKEN%26utm_source%3Dig"
        )
        let open = try #require(model.openURL)
        #expect(
            open.hasPrefix(
                "intent://recipes/42?utm_source=ig&lf_click=TOKEN&link_click_id=TOKEN#Intent;scheme=mealtime;package=com.example.mealtime;")
        )
        #expect(open.hasSuffix("S.browser_fallback_url=\(DestinationURL.encode(store));end"))
    }

    @Test func mobileWithoutAnyWayToOpenTheAppGoesToTheStore() {
        let plan = RedirectPlanner().plan(link: link(), app: app(scheme: nil), visit: visit(RealUserAgents.iPhoneSafari))
        #expect(plan == .redirect("https://apps.apple.com/app/id123"))
    }

    @Test func mobileWithNoAppAtAllGoesToTheWeb() {
        let plan = RedirectPlanner().plan(
            link: link(), app: app(scheme: nil, package: nil, appStore: nil), visit: visit(RealUserAgents.androidChrome)
        )
        #expect(plan == .redirect("https://example.com/recipes/42"))
    }

    @Test(arguments: RealUserAgents.crawlers)
    func crawlersGetThePreview(userAgent: String) {
        var content = link().content
        content.ogTitle = "Pasta night"
        let plan = RedirectPlanner().plan(link: link(content), app: app(), visit: visit(userAgent, token: nil))
        guard case .preview(let model) = plan else {
            Issue.record("expected a preview for \(userAgent), got \(plan)")
            return
        }
        #expect(model.title == "Pasta night")
    }

    @Test func unmatchedDeviceTargetingGoesToTheWebFallbackNotA404() {
        var content = link().content
        content.targetingRules = TargetingRules(devices: ["android"])
        let plan = RedirectPlanner().plan(link: link(content), app: app(), visit: visit(RealUserAgents.iPhoneSafari))
        #expect(plan == .redirect("https://example.com/fallback"))
    }

    @Test func countryTargetingNeedsAKnownCountry() throws {
        var content = link().content
        content.targetingRules = TargetingRules(countries: ["FR"])
        let planner = RedirectPlanner()
        #expect(
            planner.plan(link: link(content), app: app(), visit: visit(RealUserAgents.iPhoneSafari))
                == .redirect("https://example.com/fallback"))
        _ = try interstitial(planner.plan(link: link(content), app: app(), visit: visit(RealUserAgents.iPhoneSafari, country: "FR")))
    }

    @Test func languageTargetingMatchesAnyPreferredLanguage() throws {
        var content = link().content
        content.targetingRules = TargetingRules(languages: ["pt"])
        let planner = RedirectPlanner()
        _ = try interstitial(
            planner.plan(link: link(content), app: app(), visit: visit(RealUserAgents.iPhoneSafari, languages: ["en", "pt"])))
        #expect(
            planner.plan(link: link(content), app: app(), visit: visit(RealUserAgents.iPhoneSafari, languages: ["de"]))
                == .redirect("https://example.com/fallback"))
    }

    @Test func visitorQueryParametersOverrideTheLinksUTMAndReachTheApp() throws {
        var content = link().content
        content.utmParameters = UTMParameters(source: "default")
        let query = [(name: "utm_source", value: "newsletter"), (name: "ref", value: "a b")]
        let plan = RedirectPlanner().plan(link: link(content), app: app(), visit: visit(RealUserAgents.desktopChrome, query: query))
        #expect(plan == .redirect("https://example.com/recipes/42?utm_source=newsletter&ref=a%20b"))
        let model = try interstitial(
            RedirectPlanner().plan(link: link(content), app: app(), visit: visit(RealUserAgents.iPhoneSafari, query: query)))
        #expect(model.openURL == "mealtime://recipes/42?utm_source=newsletter&ref=a%20b&lf_click=TOKEN&link_click_id=TOKEN")
    }

    @Test func destinationFragmentStaysAtTheEnd() {
        let url = DestinationURL.adding([("utm_source", "x")], to: "https://example.com/page?a=1#section-2")
        #expect(url == "https://example.com/page?a=1&utm_source=x#section-2")
    }

    @Test func encodingLeavesNothingButUnreservedASCII() {
        #expect(DestinationURL.encode("é&=? /#") == "%C3%A9%26%3D%3F%20%2F%23")
    }
}
