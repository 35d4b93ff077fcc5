import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallServer
import LandfallStore
import LandfallTestSupport
import Testing

/// Issue 35: Branch's own iOS (3.14) and Android (5.21, and 5.8 for identity) SDKs, pointed at
/// Landfall with `setAPIUrl`, replayed call by call.
///
/// Every body comes from ``BranchSDKFixtures`` (written from the SDKs' request builders) with the
/// app's Branch key alone, from the phone's own address; every answer is read the way THAT SDK
/// reads it (``SDKAnswer``): a missing field the SDK stores, or a wrong type, fails the test for
/// the SDK it would break.
@Suite("Branch's mobile SDKs replayed against Landfall")
struct BranchSDKCompatibilityTests {
    static let iPhone = "198.51.100.23"
    static let pixel = "198.51.100.57"

    /// A session answer as the SDKs read it: iOS 3.14 `BranchOpenRequest processResponse:` and
    /// Android 5.21 `ServerRequestQueue.onRequestSuccess` + `ServerRequestRegisterInstall`.
    struct SDKAnswer {
        let object: [String: Any]
        let data: [String: Any]

        enum SDK { case iOS, android }

        init(_ response: TestResponse, _ sdk: SDK, install: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
            #expect(response.status == .ok, "answered \(response.status.code): \(response.text)", sourceLocation: sourceLocation)
            object = try response.jsonObject()
            // Both store these three; without the bundle token the SDK installs again on every launch.
            for key in ["session_id", "randomized_device_token", "randomized_bundle_token"] {
                #expect(object[key] is String, "\(key) must be a string: \(response.text)", sourceLocation: sourceLocation)
            }
            // Android calls getString("link") on every install answer and gives up without it.
            if sdk == .android, install { #expect(object["link"] is String, "link: \(response.text)", sourceLocation: sourceLocation) }
            // iOS takes `identity` as the developer identity (a string, or a number it converts).
            if let identity = object["identity"] { #expect(identity is String, sourceLocation: sourceLocation) }
            // `data` is a JSON string both parse into an object.
            let text = try #require(object["data"] as? String, "data must be a string: \(response.text)", sourceLocation: sourceLocation)
            data = try #require(
                try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], sourceLocation: sourceLocation)
            // iOS compares `+clicked_branch_link` to @1, Android calls getBoolean: a JSON boolean either way.
            #expect(data["+clicked_branch_link"] is Bool, sourceLocation: sourceLocation)
        }

        var deviceToken: String { object["randomized_device_token"] as? String ?? "" }
        var bundleToken: String { object["randomized_bundle_token"] as? String ?? "" }
        var sessionId: String { object["session_id"] as? String ?? "" }
        var link: String? { object["link"] as? String }
        var clicked: Bool { data["+clicked_branch_link"] as? Bool ?? false }
        var firstSession: Bool? { data["+is_first_session"] as? Bool }
        var guaranteed: Bool? { data["+match_guaranteed"] as? Bool }
    }

    /// Sends a body the way both SDKs do: `Content-Type: application/json`, from `address`.
    static func post(_ setup: BranchSetup, _ path: String, _ body: String, from address: String, agent: String? = nil) async throws
        -> TestResponse
    {
        var headers: HTTPFields = [BranchSetup.forwardedFor: address]
        if let agent { headers[.userAgent] = agent }
        return try await setup.server.send(.post, path, body: .raw(body, contentType: "application/json"), headers: headers)
    }

    static func expectEventAccepted(_ response: TestResponse, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.status == .ok, "\(response.status.code): \(response.text)", sourceLocation: sourceLocation)
        #expect((try? response.jsonObject())?["branch_view_enabled"] as? Bool == false, sourceLocation: sourceLocation)
    }

    /// The URL a `/v1/url` answer carries, as both SDKs read it (`url`, a string).
    static func shortURL(_ response: TestResponse, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        #expect(response.status == .ok, "\(response.status.code): \(response.text)", sourceLocation: sourceLocation)
        return try #require((try response.jsonObject())["url"] as? String, sourceLocation: sourceLocation)
    }

    /// The Play Install Referrer string the redirect hands an Android phone for `/pasta`, decoded
    /// as the Play Install Referrer API returns it.
    static func playReferrer(_ setup: BranchSetup, from address: String) async throws -> String {
        let page = try await setup.server.send(
            .get, "/pasta", host: "go.mealtime.test",
            headers: [.userAgent: RealUserAgents.androidChrome, BranchSetup.forwardedFor: address])
        let encoded = try #require(page.text.firstMatch(of: /referrer=([^"&]+)/)?.1, "no Play referrer in: \(page.text)")
        return try #require(String(encoded).removingPercentEncoding)
    }

    // MARK: - iOS 3.14

    @Test func iOSInstallThenRelaunchOpensTheSameDeviceWithItsStoredTokens() async throws {
        try await BranchSetup.run { setup in
            let key = BranchSetup.branchKey
            let install = try SDKAnswer(
                try await Self.post(setup, "/v1/install", BranchSDKFixtures.iOSInstall(key: key, requestId: "R-1"), from: Self.iPhone),
                .iOS, install: true)
            #expect(install.firstSession == true)
            #expect(install.clicked == false)
            #expect(install.guaranteed == false)
            #expect(install.object["identity_id"] as? String == install.bundleToken)
            let open = try SDKAnswer(
                try await Self.post(
                    setup, "/v1/open",
                    BranchSDKFixtures.iOSOpen(
                        key: key, requestId: "R-2", deviceToken: install.deviceToken, bundleToken: install.bundleToken),
                    from: Self.iPhone),
                .iOS, install: false)
            #expect(open.deviceToken == install.deviceToken)
            #expect(open.bundleToken == install.bundleToken)
            #expect(open.firstSession == false)
            #expect(open.sessionId != install.sessionId)
        }
    }

    @Test func iOSUniversalLinkOpenIsAGuaranteedMatchWithTheLinksData() async throws {
        try await BranchSetup.run { setup in
            let key = BranchSetup.branchKey
            let install = try SDKAnswer(
                try await Self.post(setup, "/v1/install", BranchSDKFixtures.iOSInstall(key: key, requestId: "R-1"), from: Self.iPhone),
                .iOS, install: true)
            let open = try SDKAnswer(
                try await Self.post(
                    setup, "/v1/open",
                    BranchSDKFixtures.iOSOpen(
                        key: key, requestId: "R-2", deviceToken: install.deviceToken, bundleToken: install.bundleToken,
                        url: setup.link.url),
                    from: Self.iPhone),
                .iOS, install: false)
            #expect(open.clicked)
            #expect(open.guaranteed == true)
            #expect(open.firstSession == false)
            #expect(open.data["~referring_link"] as? String == setup.link.url)
            #expect(open.link == setup.link.url)
            #expect(open.data["$deeplink_path"] as? String == "/recipes/42")
            #expect(open.data["~channel"] as? String == "newsletter")
            #expect(open.data["~campaign"] as? String == "spring")
            #expect(open.data["recipe"] as? String == "42")
        }
    }

    @Test func iOSSchemeOpenAfterARedirectReadsLinkClickIdFromTheURL() async throws {
        try await BranchSetup.run { setup in
            let key = BranchSetup.branchKey
            let install = try SDKAnswer(
                try await Self.post(setup, "/v1/install", BranchSDKFixtures.iOSInstall(key: key, requestId: "R-1"), from: Self.iPhone),
                .iOS, install: true)
            let token = try await setup.click(ip: Self.iPhone)
            // The redirect's app URL, as the app receives it: both tokens.
            let page = try await setup.server.send(
                .get, "/pasta", host: "go.mealtime.test",
                headers: [.userAgent: RealUserAgents.iPhoneSafari, BranchSetup.forwardedFor: Self.iPhone])
            #expect(page.text.contains("link_click_id="))
            let url = "mealtime://recipes/42?recipe=42&lf_click=\(token)&link_click_id=\(token)"
            // iOS sends the raw URL as external_intent_uri; here without link_identifier, so the URL alone must do.
            let open = try SDKAnswer(
                try await Self.post(
                    setup, "/v1/open",
                    BranchSDKFixtures.iOSOpen(
                        key: key, requestId: "R-2", deviceToken: install.deviceToken, bundleToken: install.bundleToken, url: url),
                    from: Self.iPhone),
                .iOS, install: false)
            #expect(open.clicked)
            #expect(open.guaranteed == true)
            #expect(open.data["$deeplink_path"] as? String == "/recipes/42")
        }
    }

    @Test func iOSDeferredDeepLinkOnFirstLaunchFromTheClickToken() async throws {
        try await BranchSetup.run { setup in
            let token = try await setup.click(ip: Self.iPhone)
            // First launch opened by the redirect's scheme URL: /v1/install with link_identifier parsed from it.
            let body = BranchSDKFixtures.iOSInstall(
                key: BranchSetup.branchKey, requestId: "R-1", url: "mealtime://recipes/42?lf_click=\(token)&link_click_id=\(token)",
                extra: #", "link_identifier": "\#(token)""#)
            let install = try SDKAnswer(try await Self.post(setup, "/v1/install", body, from: Self.iPhone), .iOS, install: true)
            #expect(install.clicked)
            #expect(install.guaranteed == true)
            #expect(install.firstSession == true)
            #expect(install.data["+click_timestamp"] is Int)
            #expect(install.data["~referring_link"] as? String == setup.link.url)
        }
    }

    @Test func iOSClipboardURLOnInstallIsADeterministicDeferredDeepLink() async throws {
        try await BranchSetup.run { setup in
            let token = try await setup.click(ip: Self.iPhone)
            let body = BranchSDKFixtures.iOSInstall(
                key: BranchSetup.branchKey, requestId: "R-1", extra: #", "local_url": "\#(setup.link.url)?lf_click=\#(token)""#)
            let install = try SDKAnswer(try await Self.post(setup, "/v1/install", body, from: "203.0.113.9"), .iOS, install: true)
            #expect(install.clicked)
            #expect(install.guaranteed == true)
        }
    }

    @Test func iOSSecondOpenWithinTenSecondsIsAnsweredNot429() async throws {
        try await BranchSetup.run { setup in
            let key = BranchSetup.branchKey
            let install = try SDKAnswer(
                try await Self.post(setup, "/v1/install", BranchSDKFixtures.iOSInstall(key: key, requestId: "R-1"), from: Self.iPhone),
                .iOS, install: true)
            // The iOS SDK opens again when a link arrives while an open is queued: same instant here.
            for (index, url) in [nil, setup.link.url].enumerated() {
                let body = BranchSDKFixtures.iOSOpen(
                    key: key, requestId: "O-\(index)", deviceToken: install.deviceToken, bundleToken: install.bundleToken, url: url)
                _ = try SDKAnswer(try await Self.post(setup, "/v1/open", body, from: Self.iPhone), .iOS, install: false)
            }
        }
    }

    @Test func aBurstNoSDKMakesIsRefusedWithBranchs429() async throws {
        try await BranchSetup.run { setup in
            let key = BranchSetup.branchKey
            let install = try SDKAnswer(
                try await Self.post(setup, "/v1/install", BranchSDKFixtures.iOSInstall(key: key, requestId: "R-1"), from: Self.iPhone),
                .iOS, install: true)
            var statuses: [HTTPResponse.Status] = []
            for index in 0..<31 {
                let body = BranchSDKFixtures.iOSOpen(
                    key: key, requestId: "O-\(index)", deviceToken: install.deviceToken, bundleToken: install.bundleToken)
                statuses.append(try await Self.post(setup, "/v1/open", body, from: Self.iPhone).status)
            }
            // The install was the first of 30 in the minute.
            #expect(statuses.prefix(29).allSatisfy { $0 == .ok }, "\(statuses.map(\.code))")
            let refused = try await Self.post(
                setup, "/v1/open",
                BranchSDKFixtures.iOSOpen(key: key, requestId: "O-x", deviceToken: install.deviceToken, bundleToken: install.bundleToken),
                from: Self.iPhone)
            expectBranchError(refused, .tooManyRequests)
            #expect(refused.headers[.retryAfter] != nil)
        }
    }

    @Test func iOSEventsIncludingConsentAndCustomOnesAreStored() async throws {
        try await BranchSetup.run { setup in
            let key = BranchSetup.branchKey
            let install = try SDKAnswer(
                try await Self.post(setup, "/v1/install", BranchSDKFixtures.iOSInstall(key: key, requestId: "R-1"), from: Self.iPhone),
                .iOS, install: true)
            let purchase = #"{"transaction_id": "T-9", "currency": "USD", "revenue": 12.5, "shipping": 1.5, "tax": 1, "coupon": "NEW"}"#
            for (path, name, data) in [
                ("standard", "PURCHASE", purchase), ("standard", "OPT_IN", "{}"), ("standard", "OPT_OUT", "{}"),
                ("custom", "recipe_saved", #"{"description": "kept"}"#),
            ] {
                let body = BranchSDKFixtures.iOSEvent(key: key, name: name, deviceToken: install.deviceToken, eventData: data)
                Self.expectEventAccepted(try await Self.post(setup, "/v2/event/\(path)", body, from: Self.iPhone))
            }
            let device = try #require(try await setup.server.storage.branchDevice(id: install.deviceToken, appId: setup.tenant.app.id))
            let installId = try #require(device.installId)
            let names = try await setup.server.storage.events(installId: installId).map(\.name)
            #expect(Set(names) == ["PURCHASE", "OPT_IN", "OPT_OUT", "recipe_saved"])
        }
    }

    @Test func iOSShortLinksQueuedAndSynchronousWithTheKeyAlone() async throws {
        try await BranchSetup.run { setup in
            let key = BranchSetup.branchKey
            let install = try SDKAnswer(
                try await Self.post(setup, "/v1/install", BranchSDKFixtures.iOSInstall(key: key, requestId: "R-1"), from: Self.iPhone),
                .iOS, install: true)
            let body = BranchSDKFixtures.iOSShortURL(
                key: key, deviceToken: install.deviceToken, bundleToken: install.bundleToken, sessionId: install.sessionId)
            // The queued request and the synchronous one send the same body: the same parameters, a link each time.
            let queued = try Self.shortURL(try await Self.post(setup, "/v1/url", body, from: Self.iPhone))
            let sync = try Self.shortURL(try await Self.post(setup, "/v1/url", body, from: Self.iPhone))
            #expect(queued.hasPrefix("https://go.mealtime.test/"))
            #expect(sync.hasPrefix("https://go.mealtime.test/"))
            // The new link opens the app with its data.
            let open = try SDKAnswer(
                try await Self.post(
                    setup, "/v1/open",
                    BranchSDKFixtures.iOSOpen(
                        key: key, requestId: "R-2", deviceToken: install.deviceToken, bundleToken: install.bundleToken, url: queued),
                    from: Self.iPhone),
                .iOS, install: false)
            #expect(open.data["$deeplink_path"] as? String == "recipes/7")
            #expect(open.data["~channel"] as? String == "sharing")
            #expect(open.data["recipe"] as? String == "7")
        }
    }

    @Test func iOSIdentitySentWithTheOpenIsEchoedAndItsAbsenceClearsIt() async throws {
        try await BranchSetup.run { setup in
            let key = BranchSetup.branchKey
            let install = try SDKAnswer(
                try await Self.post(setup, "/v1/install", BranchSDKFixtures.iOSInstall(key: key, requestId: "R-1"), from: Self.iPhone),
                .iOS, install: true)
            let named = try SDKAnswer(
                try await Self.post(
                    setup, "/v1/open",
                    BranchSDKFixtures.iOSOpen(
                        key: key, requestId: "R-2", deviceToken: install.deviceToken, bundleToken: install.bundleToken,
                        extra: #", "identity": "cook-77""#),
                    from: Self.iPhone),
                .iOS, install: false)
            #expect(named.object["identity"] as? String == "cook-77")
            // Events find the device by its developer identity too.
            let event = BranchSDKFixtures.iOSEvent(key: key, name: "LOGIN", deviceToken: "0", identity: "cook-77")
            Self.expectEventAccepted(try await Self.post(setup, "/v2/event/standard", event, from: Self.iPhone))
            // After `logout` (local on iOS) the open carries no identity, and the answer none: iOS keeps it cleared.
            let after = try SDKAnswer(
                try await Self.post(
                    setup, "/v1/open",
                    BranchSDKFixtures.iOSOpen(
                        key: key, requestId: "R-3", deviceToken: install.deviceToken, bundleToken: install.bundleToken),
                    from: Self.iPhone),
                .iOS, install: false)
            #expect(after.object["identity"] == nil)
        }
    }

    // MARK: - Android 5.21

    @Test func androidInstallFromThePlayReferrerIsAGuaranteedDeferredDeepLink() async throws {
        try await BranchSetup.run { setup in
            let referrer = try await Self.playReferrer(setup, from: Self.pixel)
            let token = try #require(referrer.firstMatch(of: /link_click_id=([A-Za-z0-9]+)/)?.1).description
            #expect(referrer.contains("lf_click=\(token)"))
            let body = BranchSDKFixtures.androidInstall(
                key: BranchSetup.branchKey, requestId: "A-1", referrer: referrer, linkClickId: token)
            let install = try SDKAnswer(
                try await Self.post(setup, "/v1/install", body, from: Self.pixel, agent: BranchSDKFixtures.dalvikAgent), .android,
                install: true)
            #expect(install.clicked)
            #expect(install.guaranteed == true)
            #expect(install.firstSession == true)
            #expect(install.link == setup.link.url)
            #expect(install.data["$deeplink_path"] as? String == "/recipes/42")
        }
    }

    @Test func androidOrganicInstallStillCarriesLink() async throws {
        try await BranchSetup.run { setup in
            let body = BranchSDKFixtures.androidInstall(key: BranchSetup.branchKey, requestId: "A-1")
            let install = try SDKAnswer(
                try await Self.post(setup, "/v1/install", body, from: Self.pixel, agent: BranchSDKFixtures.dalvikAgent), .android,
                install: true)
            #expect(install.clicked == false)
            #expect(install.link?.contains(install.bundleToken) == true)
        }
    }

    @Test func androidRelaunchAppLinkAndSchemeOpens() async throws {
        try await BranchSetup.run { setup in
            let key = BranchSetup.branchKey
            let install = try SDKAnswer(
                try await Self.post(
                    setup, "/v1/install", BranchSDKFixtures.androidInstall(key: key, requestId: "A-1"), from: Self.pixel,
                    agent: BranchSDKFixtures.dalvikAgent),
                .android, install: true)
            let relaunch = try SDKAnswer(
                try await Self.post(
                    setup, "/v1/open",
                    BranchSDKFixtures.androidOpen(
                        key: key, requestId: "A-2", deviceToken: install.deviceToken, bundleToken: install.bundleToken),
                    from: Self.pixel),
                .android, install: false)
            #expect(relaunch.deviceToken == install.deviceToken)
            #expect(relaunch.clicked == false)
            let appLink = try SDKAnswer(
                try await Self.post(
                    setup, "/v1/open",
                    BranchSDKFixtures.androidOpen(
                        key: key, requestId: "A-3", deviceToken: install.deviceToken, bundleToken: install.bundleToken,
                        appLink: setup.link.url),
                    from: Self.pixel),
                .android, install: false)
            #expect(appLink.clicked)
            #expect(appLink.guaranteed == true)
            let referrer = try await Self.playReferrer(setup, from: Self.pixel)
            let token = try #require(referrer.firstMatch(of: /link_click_id=([A-Za-z0-9]+)/)?.1).description
            let scheme = try SDKAnswer(
                try await Self.post(
                    setup, "/v1/open",
                    BranchSDKFixtures.androidOpen(
                        key: key, requestId: "A-4", deviceToken: install.deviceToken, bundleToken: install.bundleToken,
                        intentURI: "mealtime://recipes/42?lf_click=\(token)&link_click_id=\(token)", linkIdentifier: token),
                    from: Self.pixel),
                .android, install: false)
            #expect(scheme.guaranteed == true)
            #expect(scheme.data["~referring_link"] as? String == setup.link.url)
        }
    }

    @Test func androidEventsAndShortLinks() async throws {
        try await BranchSetup.run { setup in
            let key = BranchSetup.branchKey
            let install = try SDKAnswer(
                try await Self.post(
                    setup, "/v1/install", BranchSDKFixtures.androidInstall(key: key, requestId: "A-1"), from: Self.pixel,
                    agent: BranchSDKFixtures.dalvikAgent),
                .android, install: true)
            let purchase = #"{"transaction_id": "GPA.1", "currency": "EUR", "revenue": 4.99, "affiliation": "play"}"#
            Self.expectEventAccepted(
                try await Self.post(
                    setup, "/v2/event/standard",
                    BranchSDKFixtures.androidEvent(key: key, name: "PURCHASE", deviceToken: install.deviceToken, eventData: purchase),
                    from: Self.pixel))
            Self.expectEventAccepted(
                try await Self.post(
                    setup, "/v2/event/custom",
                    BranchSDKFixtures.androidEvent(
                        key: key, name: "soup_shared", deviceToken: install.deviceToken, customData: #"{"pot": "large"}"#),
                    from: Self.pixel))
            let url = try Self.shortURL(
                try await Self.post(
                    setup, "/v1/url",
                    BranchSDKFixtures.androidShortURL(
                        key: key, deviceToken: install.deviceToken, bundleToken: install.bundleToken, sessionId: install.sessionId),
                    from: Self.pixel))
            #expect(url.hasPrefix("https://go.mealtime.test/"))
        }
    }

    @Test func android58SetIdentityAndLogout() async throws {
        try await BranchSetup.run { setup in
            let key = BranchSetup.branchKey
            let install = try SDKAnswer(
                try await Self.post(
                    setup, "/v1/install", BranchSDKFixtures.androidInstall(key: key, requestId: "A-1"), from: Self.pixel,
                    agent: BranchSDKFixtures.dalvikAgent),
                .android, install: true)
            func account(_ path: String, identity: String?) async throws -> [String: Any] {
                let body = BranchSDKFixtures.androidProfile(
                    key: key, deviceToken: install.deviceToken, bundleToken: install.bundleToken, sessionId: install.sessionId,
                    identity: identity)
                let response = try await Self.post(setup, path, body, from: Self.pixel)
                #expect(response.status == .ok, "\(response.text)")
                let object = try response.jsonObject()
                // Both requests call getString on these.
                #expect(object["randomized_bundle_token"] as? String == install.bundleToken)
                #expect(object["link"] is String)
                #expect(object["session_id"] is String)
                return object
            }
            let profile = try await account("/v1/profile", identity: "cook-5")
            #expect(profile["identity"] as? String == "cook-5")
            let device = try await setup.server.storage.branchDevice(id: install.deviceToken, appId: setup.tenant.app.id)
            #expect(device?.identity == "cook-5")
            let logout = try await account("/v1/logout", identity: nil)
            #expect(logout["session_id"] as? String != install.sessionId)
            let after = try await setup.server.storage.branchDevice(id: install.deviceToken, appId: setup.tenant.app.id)
            #expect(after?.identity == nil)
        }
    }

    @Test func lastAttributedTouchDataAndAndroid5SessionCloseAndLegacyEvent() async throws {
        try await BranchSetup.run { setup in
            let key = BranchSetup.branchKey
            let referrer = try await Self.playReferrer(setup, from: Self.pixel)
            let token = try #require(referrer.firstMatch(of: /link_click_id=([A-Za-z0-9]+)/)?.1).description
            let install = try SDKAnswer(
                try await Self.post(
                    setup, "/v1/install",
                    BranchSDKFixtures.androidInstall(key: key, requestId: "A-1", referrer: referrer, linkClickId: token), from: Self.pixel),
                .android, install: true)
            let latd = try await Self.post(
                setup, "/v1/cpid/latd",
                #"{"branch_key": "\#(key)", "attribution_window": 7, "user_data": {"randomized_device_token": "\#(install.deviceToken)", "os": "Android"}}"#,
                from: Self.pixel)
            #expect(latd.status == .ok, "\(latd.text)")
            let touch = try #require(try latd.jsonObject()["last_attributed_touch_data"] as? [String: Any])
            #expect(touch["~referring_link"] as? String == setup.link.url)
            #expect(try latd.jsonObject()["attribution_window"] as? Int == 7)
            for path in ["/v1/close", "/v1/event"] {
                let response = try await Self.post(
                    setup, path, #"{"branch_key": "\#(key)", "event": "cooked", "session_id": "\#(install.sessionId)"}"#, from: Self.pixel)
                #expect(response.status == .ok)
                #expect(try response.jsonObject().isEmpty)
            }
        }
    }

    // MARK: - Replays, values, bad input

    @Test func aReplayedInstallNeverMakesASecondInstall() async throws {
        try await BranchSetup.run { setup in
            let key = BranchSetup.branchKey
            let app = setup.tenant.app.id
            let body = BranchSDKFixtures.iOSInstall(key: key, requestId: "R-1")
            let first = try SDKAnswer(try await Self.post(setup, "/v1/install", body, from: Self.iPhone), .iOS, install: true)
            // The same request retried after a timeout.
            let retried = try SDKAnswer(try await Self.post(setup, "/v1/install", body, from: Self.iPhone), .iOS, install: true)
            // The app relaunched without having stored the answer: a new request, the same device.
            let again = try SDKAnswer(
                try await Self.post(setup, "/v1/install", BranchSDKFixtures.iOSInstall(key: key, requestId: "R-2"), from: Self.iPhone),
                .iOS, install: true)
            #expect(Set([first.deviceToken, retried.deviceToken, again.deviceToken]).count == 1)
            #expect(Set([first.bundleToken, retried.bundleToken, again.bundleToken]).count == 1)
            let device = try #require(try await setup.server.storage.branchDevice(id: first.deviceToken, appId: app))
            #expect(device.installCount == 1)
            let kinds = try await setup.server.storage.branchSessions(deviceId: first.deviceToken, appId: app).map(\.kind)
            #expect(kinds.filter { $0 != .open }.count == 1)
            // Android's too: a relaunch with a new request id finds the device by its anon_id and hardware id.
            let android = BranchSDKFixtures.androidInstall(key: key, requestId: "A-1")
            let one = try SDKAnswer(try await Self.post(setup, "/v1/install", android, from: Self.pixel), .android, install: true)
            let two = try SDKAnswer(
                try await Self.post(setup, "/v1/install", BranchSDKFixtures.androidInstall(key: key, requestId: "A-2"), from: Self.pixel),
                .android, install: true)
            #expect(one.deviceToken == two.deviceToken)
            #expect(try await setup.server.storage.branchDevice(id: one.deviceToken, appId: app)?.installCount == 1)
        }
    }

    @Test func aReplayedInstallAnswersTheSameDeepLinkAgain() async throws {
        try await BranchSetup.run { setup in
            let token = try await setup.click(ip: Self.iPhone)
            let body = BranchSDKFixtures.iOSInstall(
                key: BranchSetup.branchKey, requestId: "R-1", extra: #", "link_identifier": "\#(token)""#)
            let first = try SDKAnswer(try await Self.post(setup, "/v1/install", body, from: Self.iPhone), .iOS, install: true)
            let retried = try SDKAnswer(try await Self.post(setup, "/v1/install", body, from: Self.iPhone), .iOS, install: true)
            #expect(first.guaranteed == true)
            #expect(retried.clicked)
            #expect(retried.guaranteed == true)
            #expect(retried.data["~referring_link"] as? String == setup.link.url)
        }
    }

    @Test(arguments: [
        (#""os": "iOS""#, #""os": "tv_OS""#),
        (#""os": "iOS", "os_version": "17.4""#, #""os": "iOS", "os_version": 17"#),
        (#""hardware_id_type": "vendor_id", "is_hardware_id_real": true"#, #""hardware_id_type": "random", "is_hardware_id_real": false"#),
        (#""is_hardware_id_real": true"#, #""is_hardware_id_real": 1"#),
        (#""debug": false"#, #""debug": false, "tracking_disabled": 1"#),
        (#""screen_width": 1179"#, #""screen_width": 1179.0, "unknown_future_key": {"nested": [1, "two"]}"#),
    ])
    func iOSValuesAsTheSDKSendsThemAreAccepted(_ original: String, _ replacement: String) async throws {
        try await BranchSetup.run { setup in
            let body = BranchSDKFixtures.iOSInstall(key: BranchSetup.branchKey, requestId: "R-1")
            #expect(body.contains(original))
            let answer = try SDKAnswer(
                try await Self.post(setup, "/v1/install", body.replacingOccurrences(of: original, with: replacement), from: Self.iPhone),
                .iOS, install: true)
            #expect(answer.firstSession == true)
        }
    }

    @Test(arguments: ["AMAZON_FIRE", "AMAZON_FIRE_TV"])
    func fireOSIsAndroid(_ os: String) async throws {
        try await BranchSetup.run { setup in
            let body = BranchSDKFixtures.androidInstall(key: BranchSetup.branchKey, requestId: "A-1")
                .replacingOccurrences(of: #""os": "Android""#, with: #""os": "\#(os)""#)
            let answer = try SDKAnswer(try await Self.post(setup, "/v1/install", body, from: Self.pixel), .android, install: true)
            let sessions = try await setup.server.storage.branchSessions(deviceId: answer.deviceToken, appId: setup.tenant.app.id)
            #expect(sessions.map(\.os) == ["Android"])
        }
    }

    @Test func trackingDisabledAsANumberStoresNothing() async throws {
        try await BranchSetup.run { setup in
            let body = BranchSDKFixtures.iOSInstall(key: BranchSetup.branchKey, requestId: "R-1", extra: #", "tracking_disabled": 1"#)
            let answer = try SDKAnswer(try await Self.post(setup, "/v1/install", body, from: Self.iPhone), .iOS, install: true)
            #expect(try await setup.server.storage.branchDevice(id: answer.deviceToken, appId: setup.tenant.app.id) == nil)
        }
    }

    @Test func badInputGetsBranchsErrorShapeAndStoresNothing() async throws {
        try await BranchSetup.run { setup in
            let app = setup.tenant.app.id
            let unknown = BranchSDKFixtures.iOSInstall(key: "key_live_nobody", requestId: "R-1")
            expectBranchError(try await Self.post(setup, "/v1/install", unknown, from: Self.iPhone), .unauthorized)
            let secret = BranchSDKFixtures.iOSInstall(key: BranchSetup.branchSecret, requestId: "R-1")
            expectBranchError(try await Self.post(setup, "/v1/open", secret, from: Self.iPhone), .unauthorized, mentioning: "branch_key")
            expectBranchError(try await Self.post(setup, "/v1/install", #"{"branch_key": "#, from: Self.iPhone), .badRequest)
            expectBranchError(try await Self.post(setup, "/v1/install", "[]", from: Self.iPhone), .badRequest)
            let windows = BranchSDKFixtures.iOSInstall(key: BranchSetup.branchKey, requestId: "R-1")
                .replacingOccurrences(of: #""os": "iOS""#, with: #""os": "Windows""#)
            expectBranchError(try await Self.post(setup, "/v1/install", windows, from: Self.iPhone), .badRequest, mentioning: "os")
            let huge = BranchSDKFixtures.iOSInstall(
                key: BranchSetup.branchKey, requestId: "R-1", extra: #", "pad": "\#(String(repeating: "x", count: 100_000))""#)
            expectBranchError(try await Self.post(setup, "/v1/install", huge, from: Self.iPhone), .contentTooLarge)
            #expect(
                try await setup.server.storage.branchDevice(appId: app, keys: ["anon:" + BranchSDKFixtures.iOSAnonId.lowercased()]) == nil)
            for path in ["/v1/profile", "/v1/logout", "/v1/cpid/latd", "/v1/close", "/v1/event"] {
                expectBranchError(try await Self.post(setup, path, #"{"branch_key": "key_live_nobody"}"#, from: Self.pixel), .unauthorized)
            }
        }
    }

    @Test func aBranchKeyNeverReachesAnotherAppsDevices() async throws {
        try await BranchSetup.run { setup in
            let install = try SDKAnswer(
                try await Self.post(
                    setup, "/v1/install", BranchSDKFixtures.iOSInstall(key: BranchSetup.branchKey, requestId: "R-1"), from: Self.iPhone),
                .iOS, install: true)
            let other = try await setup.server.createTenant(#"{"name": "Other"}"#)
            let otherKey = try await setup.server.createKey(appId: other.app.id, kind: .publishable).token
            // Its events cannot land on this app's device.
            let event = BranchSDKFixtures.iOSEvent(key: otherKey, name: "PURCHASE", deviceToken: install.deviceToken)
            expectBranchError(try await Self.post(setup, "/v2/event/standard", event, from: Self.iPhone), .notFound)
            // The other app's key with this app's tokens: a device of its own, never this one.
            let open = try SDKAnswer(
                try await Self.post(
                    setup, "/v1/open",
                    BranchSDKFixtures.iOSOpen(
                        key: otherKey, requestId: "X-1", deviceToken: install.deviceToken, bundleToken: install.bundleToken,
                        extra: #", "identity": "intruder""#),
                    from: Self.iPhone),
                .iOS, install: false)
            #expect(open.deviceToken != install.deviceToken)
            #expect(open.bundleToken != install.bundleToken)
            let profile = BranchSDKFixtures.androidProfile(
                key: otherKey, deviceToken: install.deviceToken, bundleToken: install.bundleToken, sessionId: install.sessionId,
                identity: "intruder")
            expectBranchError(try await Self.post(setup, "/v1/profile", profile, from: Self.pixel), .notFound)
            let device = try await setup.server.storage.branchDevice(id: install.deviceToken, appId: setup.tenant.app.id)
            #expect(device?.identity == nil)
        }
    }

    // MARK: - Live, on both engines

    @Test(arguments: TestEngine.allCases)
    func bothSDKsNormalLifeOnALiveServer(engine: TestEngine) async throws {
        let database = try await TestDatabases.fresh(engine)
        try await TestServer.run(
            setup: .live,
            configure: {
                $0.trustProxy = true
                $0.database = database
                $0.migrate = true
            }
        ) { server in
            let tenant = try await server.createTenant(BranchSetup.appJSON)
            let imported = try await server.admin(
                .post, "/api/apps/\(tenant.app.id)/branch-keys", body: .json(#"{"branch_key": "\#(BranchSetup.branchKey)"}"#))
            #expect(imported.status == .created, "\(imported.text)")
            let link = try await server.createLink(key: tenant.secretKey, body: BranchSetup.linkJSON)
            let setup = BranchSetup(server: server, tenant: tenant, link: link)
            let key = BranchSetup.branchKey
            // iOS: install, relaunch, Universal Link, event, short link.
            let iOS = try SDKAnswer(
                try await Self.post(setup, "/v1/install", BranchSDKFixtures.iOSInstall(key: key, requestId: "R-1"), from: Self.iPhone),
                .iOS, install: true)
            let universal = try SDKAnswer(
                try await Self.post(
                    setup, "/v1/open",
                    BranchSDKFixtures.iOSOpen(
                        key: key, requestId: "R-2", deviceToken: iOS.deviceToken, bundleToken: iOS.bundleToken, url: link.url),
                    from: Self.iPhone),
                .iOS, install: false)
            #expect(universal.guaranteed == true)
            Self.expectEventAccepted(
                try await Self.post(
                    setup, "/v2/event/standard", BranchSDKFixtures.iOSEvent(key: key, name: "OPT_IN", deviceToken: iOS.deviceToken),
                    from: Self.iPhone))
            _ = try Self.shortURL(
                try await Self.post(
                    setup, "/v1/url",
                    BranchSDKFixtures.iOSShortURL(
                        key: key, deviceToken: iOS.deviceToken, bundleToken: iOS.bundleToken, sessionId: iOS.sessionId),
                    from: Self.iPhone))
            // Android: deferred deep link from the Play referrer, relaunch, event.
            let referrer = try await Self.playReferrer(setup, from: Self.pixel)
            let token = try #require(referrer.firstMatch(of: /link_click_id=([A-Za-z0-9]+)/)?.1).description
            let android = try SDKAnswer(
                try await Self.post(
                    setup, "/v1/install",
                    BranchSDKFixtures.androidInstall(key: key, requestId: "A-1", referrer: referrer, linkClickId: token), from: Self.pixel,
                    agent: BranchSDKFixtures.dalvikAgent),
                .android, install: true)
            #expect(android.guaranteed == true)
            _ = try SDKAnswer(
                try await Self.post(
                    setup, "/v1/open",
                    BranchSDKFixtures.androidOpen(
                        key: key, requestId: "A-2", deviceToken: android.deviceToken, bundleToken: android.bundleToken),
                    from: Self.pixel),
                .android, install: false)
            Self.expectEventAccepted(
                try await Self.post(
                    setup, "/v2/event/custom",
                    BranchSDKFixtures.androidEvent(key: key, name: "soup_shared", deviceToken: android.deviceToken),
                    from: Self.pixel))
        }
    }
}
