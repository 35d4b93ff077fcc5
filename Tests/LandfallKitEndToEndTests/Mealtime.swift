import Foundation
import LandfallKit
import NIOHTTP1

/// The Mealtime app as the end-to-end tests set it up: an app with a URI scheme, its two keys and
/// one link to a pasta recipe.
struct Mealtime: Sendable {
    static let appJSON = """
        {"name": "Mealtime", "uriScheme": "mealtime", "iosAppStoreUrl": "https://apps.apple.com/app/id123456789",
         "webFallbackUrl": "https://mealtime.test/"}
        """
    static let linkJSON = """
        {"originalUrl": "https://mealtime.test/recipes/42", "deepLinkPath": "/recipes/42",
         "deepLinkParameters": {"recipe": "42", "servings": "2"},
         "utmParameters": {"source": "newsletter", "campaign": "spring"}, "customCode": "pasta"}
        """
    /// The link's `deepLinkParameters`, as the app should receive them.
    static let linkParameters = ["recipe": "42", "servings": "2"]
    static let deepLinkPath = "/recipes/42"
    static let shortCode = "pasta"

    var appId: String
    /// For link creation (`POST /api/links`, `POST /api/sdk/v1/links`).
    var secretKey: String
    /// What the app ships with: install reports, resolution and events.
    var publishableKey: String
    /// The id of the pasta link.
    var linkId: String
}

extension LiveServer {
    /// Creates the Mealtime app, its secret and publishable keys, and the pasta link, through the API.
    func setUpMealtime() async throws -> Mealtime {
        let app = try await json(.POST, "/api/apps", token: Self.adminToken, body: Mealtime.appJSON, expected: [201])
        guard let appId = app["id"] as? String else { throw LiveServerError("the app has no id") }
        let secretKey = try await issueKey(appId: appId, kind: "secret")
        let publishableKey = try await issueKey(appId: appId, kind: "publishable")
        let link = try await json(.POST, "/api/links", token: secretKey, body: Mealtime.linkJSON, expected: [201])
        guard let linkId = link["id"] as? String, link["shortCode"] as? String == Mealtime.shortCode else {
            throw LiveServerError("the link was not created as asked: \(link)")
        }
        return Mealtime(appId: appId, secretKey: secretKey, publishableKey: publishableKey, linkId: linkId)
    }

    private func issueKey(appId: String, kind: String) async throws -> String {
        let key = try await json(.POST, "/api/apps/\(appId)/keys", token: Self.adminToken, body: #"{"kind": "\#(kind)"}"#, expected: [201])
        guard let plaintext = key["key"] as? String else { throw LiveServerError("the \(kind) key came without its plaintext") }
        return plaintext
    }

    /// Follows `/<code>` in the phone's browser and sends the page's beacon with the phone's screen,
    /// time zone and language, as the interstitial page's script does; returns the click token.
    @discardableResult
    func click(_ code: String = Mealtime.shortCode, from phone: Phone) async throws -> String {
        let page = try await send(.GET, "/\(code)", userAgent: phone.browserAgent)
        guard page.status == 200 else { throw LiveServerError("the link answered \(page.status), not the app-opening page") }
        let token = try Self.clickToken(inPage: page.text)
        let beacon = """
            {"t":"\(token)","sw":\(phone.device.screenWidth ?? 0),"sh":\(phone.device.screenHeight ?? 0),\
            "tz":"\(phone.device.timezone ?? "")","lang":"\(phone.browserLanguage)","touch":5}
            """
        // `navigator.sendBeacon` posts a string, which browsers send as text/plain.
        let answer = try await send(.POST, "/api/v1/beacon", body: (beacon, "text/plain;charset=UTF-8"))
        guard answer.status == 204 else { throw LiveServerError("the beacon answered \(answer.status): \(answer.text)") }
        return token
    }

    /// The `token` of the page's `<script type="application/json" id="lf-config">`.
    static func clickToken(inPage html: String) throws -> String {
        guard let script = html.firstMatch(of: /<script type="application\/json" id="lf-config">(.*?)<\/script>/)?.1,
            let config = try JSONSerialization.jsonObject(with: Data(script.utf8)) as? [String: Any],
            let token = config["token"] as? String
        else {
            throw LiveServerError("the page carries no lf-config click token")
        }
        return token
    }
}

/// A phone: what its browser shows the link page, and what the app's SDK reads from the device.
struct Phone: Sendable {
    var browserAgent: String
    /// `navigator.language`, which the beacon sends.
    var browserLanguage: String
    /// What LandfallKit reports (a fixed ``DeviceInfo``, as `StaticDeviceInfoProvider` serves it).
    var device: DeviceInfo

    /// The phone that clicks: an iPhone 15 Pro on iOS 17.4 in Chicago.
    static let iPhone = Phone(
        browserAgent:
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
        browserLanguage: "en-US",
        device: DeviceInfo(
            appName: "Mealtime", appVersion: "4.2.1", platform: "iOS", platformVersion: "17.4", screenWidth: 1179,
            screenHeight: 2556, timezone: "America/Chicago", language: "en_US"
        )
    )

    /// Another phone that never clicked: an iPhone 8 on iOS 16.7 in Berlin.
    static let stranger = Phone(
        browserAgent:
            "Mozilla/5.0 (iPhone; CPU iPhone OS 16_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
        browserLanguage: "de-DE",
        device: DeviceInfo(
            appName: "Mealtime", appVersion: "4.2.1", platform: "iOS", platformVersion: "16.7", screenWidth: 750,
            screenHeight: 1334, timezone: "Europe/Berlin", language: "de_DE"
        )
    )

    /// A desktop browser: the link redirects it to the web.
    static let desktopAgent =
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36"
}
