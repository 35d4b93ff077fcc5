import Foundation
import LandfallKit
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The few Landfall HTTP calls the example makes itself: the admin's setup, and what a phone's
/// browser does with a link. (The app's side goes through LandfallKit.)
struct LandfallServerAPI: Sendable {
    let baseURL: URL
    private let session: URLSession

    init(baseURL: URL) {
        self.baseURL = baseURL
        // A browser would follow a redirect to the App Store or the web; the example reports it instead.
        session = URLSession(configuration: .ephemeral, delegate: RedirectRefuser(), delegateQueue: nil)
    }

    struct Answer: Sendable {
        var status: Int
        var location: String?
        var body: String
    }

    /// A request failed or answered something the example cannot go on with.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Sends one request; answers whatever status the server gave.
    func send(
        _ method: String, _ path: String, token: String? = nil, userAgent: String? = nil, body: String? = nil,
        contentType: String = "application/json"
    ) async throws -> Answer {
        // Appended as text so a base URL's path prefix (https://example.com/links) is kept.
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base + path) else { throw Failure(description: "bad path \(path)") }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 15)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let userAgent { request.setValue(userAgent, forHTTPHeaderField: "User-Agent") }
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw Failure(description: "\(method) \(url.absoluteString) failed: \(error.localizedDescription) — is the server running?")
        }
        guard let http = response as? HTTPURLResponse else { throw Failure(description: "\(url.absoluteString) did not answer HTTP") }
        return Answer(status: http.statusCode, location: http.value(forHTTPHeaderField: "Location"), body: String(decoding: data, as: UTF8.self))
    }

    /// Sends JSON and returns the answer's JSON object; any status outside `expected` is a failure.
    func json(_ method: String, _ path: String, token: String, body: String, expected: Set<Int> = [200, 201]) async throws -> [String: Any] {
        let answer = try await send(method, path, token: token, body: body)
        guard expected.contains(answer.status) else {
            throw Failure(description: "\(method) \(path) answered HTTP \(answer.status): \(answer.body)")
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any] else {
            throw Failure(description: "\(method) \(path) did not answer a JSON object")
        }
        return object
    }

    // MARK: - The admin's setup

    /// What the admin setup created.
    struct Setup: Sendable {
        var appId: String
        /// The app's backend key: registrations and the referral list use it.
        var secretKey: String
        var publishableKey: String
        var linkURL: String
        var linkPath: String
    }

    /// Creates an app with the `mealtime` URI scheme, a secret and a publishable key, and a link to a
    /// recipe with a deep link path and parameters.
    func setUp(adminToken: String) async throws -> Setup {
        // A fresh slug per run, so the example can run again on the same database.
        let suffix = UUID().uuidString.prefix(6).lowercased()
        let app = try await json("POST", "/api/apps", token: adminToken, body: """
            {"name": "Mealtime (example \(suffix))", "slug": "mealtime-example-\(suffix)", "uriScheme": "mealtime",
             "iosAppStoreUrl": "https://apps.apple.com/app/id123456789", "webFallbackUrl": "https://mealtime.example/"}
            """, expected: [201])
        guard let appId = app["id"] as? String else { throw Failure(description: "the new app has no id") }
        let secret = try await issueKey(appId: appId, kind: "secret", adminToken: adminToken)
        let publishable = try await issueKey(appId: appId, kind: "publishable", adminToken: adminToken)
        // No custom code: the server picks one, unique across apps, so the link works on any host.
        let link = try await json("POST", "/api/links", token: secret, body: """
            {"originalUrl": "https://mealtime.example/recipes/42", "title": "Pasta for two", "deepLinkPath": "/recipes/42",
             "deepLinkParameters": {"recipe": "42", "servings": "2"}, "utmParameters": {"source": "example", "campaign": "spring"}}
            """, expected: [201])
        guard let url = link["url"] as? String, let code = link["shortCode"] as? String else {
            throw Failure(description: "the new link has no url or short code")
        }
        return Setup(appId: appId, secretKey: secret, publishableKey: publishable, linkURL: url, linkPath: "/\(code)")
    }

    private func issueKey(appId: String, kind: String, adminToken: String) async throws -> String {
        let key = try await json("POST", "/api/apps/\(appId)/keys", token: adminToken, body: #"{"kind": "\#(kind)"}"#, expected: [201])
        guard let plaintext = key["key"] as? String else { throw Failure(description: "the \(kind) key came without its plaintext") }
        return plaintext
    }

    // MARK: - The phone's browser

    /// Opens the link like the phone's Safari, and sends the beacon its page's script would send
    /// (screen in device pixels, time zone, language). Returns the click token.
    func click(_ path: String, from phone: SimulatedPhone) async throws -> String {
        let page = try await send("GET", path, userAgent: phone.safariUserAgent)
        guard page.status == 200 else {
            let target = page.location.map { " to \($0)" } ?? ""
            throw Failure(description: "GET \(path) answered HTTP \(page.status)\(target), not the app-opening page (does the app have a URI scheme?)")
        }
        guard let token = Self.clickToken(inPage: page.body) else {
            throw Failure(description: "the page of \(path) carries no click token")
        }
        let info = phone.device
        let beacon = """
            {"t":"\(token)","sw":\(info.screenWidth ?? 0),"sh":\(info.screenHeight ?? 0),"tz":"\(info.timezone ?? "")",\
            "lang":"\(phone.browserLanguage)","touch":5}
            """
        // navigator.sendBeacon posts a string, which browsers send as text/plain.
        let answer = try await send("POST", "/api/v1/beacon", body: beacon, contentType: "text/plain;charset=UTF-8")
        guard answer.status == 204 else { throw Failure(description: "the beacon answered HTTP \(answer.status): \(answer.body)") }
        return token
    }

    /// The `token` in the page's `<script type="application/json" id="lf-config">`.
    static func clickToken(inPage html: String) -> String? {
        let opening = #"<script type="application/json" id="lf-config">"#
        guard let start = html.range(of: opening), let end = html.range(of: "</script>", range: start.upperBound..<html.endIndex),
              let config = try? JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any]
        else {
            return nil
        }
        return config["token"] as? String
    }
}

/// Stops `URLSession` from following redirects, so the example sees the 302 a browser would follow.
private final class RedirectRefuser: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
