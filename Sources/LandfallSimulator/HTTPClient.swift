import AsyncHTTPClient
import Foundation
import LandfallAttribution
import NIOCore
import NIOHTTP1

/// The replay's few calls to a Landfall server. Redirects are never followed: a click's answer is
/// read as the server sent it, and nothing leaves for the link's destination. Built on
/// AsyncHTTPClient rather than `URLSession`, so that `landfall` links no FoundationNetworking and
/// with it no libcurl: the release binary must start on a machine with nothing but libc.
struct HTTPClient: Sendable {
    let base: URL
    let timeout: TimeInterval

    init(base: URL, timeout: TimeInterval) {
        self.base = base
        self.timeout = timeout
    }

    /// One pool for every replay in the process; a command runs until it exits, so it is never
    /// shut down.
    private static let transport = AsyncHTTPClient.HTTPClient(
        eventLoopGroupProvider: .singleton,
        configuration: .init(redirectConfiguration: .disallow, decompression: .disabled)
    )

    struct Setup: Sendable {
        var appId: String
        var secretKey: String
        var publishableKey: String
    }

    struct InstallAnswer: Sendable {
        var attributed: Bool
        var confidence: Double
        var method: String?
        var clickId: String?
        var shortCode: String?
    }

    // MARK: Calls

    /// A fresh app with a secret and a publishable key.
    func setUp(adminToken: String, seed: UInt64, windowHours: Int, threshold: Int, targetPrecision: Double? = nil) async throws -> Setup {
        struct AppBody: Encodable {
            var name: String
            var uriScheme = "simapp"
            var iosAppStoreUrl = "https://apps.apple.com/app/id1"
            var androidPackageName = "com.sim.app"
            var attributionWindowHours: Int
            var attributionThreshold: Int
            var attributionTargetPrecision: Double?
        }
        struct Created: Decodable { var id: String }
        struct KeyBody: Encodable { var kind: String }
        struct Key: Decodable { var key: String }
        let name = "Accuracy simulator \(seed) \(Int(Date().timeIntervalSince1970))"
        let app: Created = try await json(
            "POST", "api/apps", bearer: adminToken,
            body: AppBody(
                name: name, attributionWindowHours: windowHours, attributionThreshold: threshold,
                attributionTargetPrecision: targetPrecision)
        )
        let secret: Key = try await json("POST", "api/apps/\(app.id)/keys", bearer: adminToken, body: KeyBody(kind: "secret"))
        let publishable: Key = try await json("POST", "api/apps/\(app.id)/keys", bearer: adminToken, body: KeyBody(kind: "publishable"))
        return Setup(appId: app.id, secretKey: secret.key, publishableKey: publishable.key)
    }

    /// One link per person: the answer's short code names whose click was credited.
    func createLink(secretKey: String, person: Int, seed: UInt64) async throws -> String {
        struct Body: Encodable { var originalUrl: String }
        struct Created: Decodable { var shortCode: String }
        let created: Created = try await json(
            "POST", "api/links", bearer: secretKey, body: Body(originalUrl: "https://example.com/sim/\(seed)/\(person)")
        )
        return created.shortCode
    }

    /// Opens the link as the click's browser; returns the click token from the page, if any.
    func click(_ click: SimulatedClick, shortCode: String) async throws -> String? {
        let (status, data) = try await send(
            "GET", shortCode,
            headers: [
                "User-Agent": click.userAgent, "X-Forwarded-For": click.ipAddress, "Accept-Language": click.acceptLanguage,
                "Accept": "text/html",
            ])
        guard (200..<400).contains(status) else { throw HTTPReplayError(path: shortCode, status: status, body: data) }
        return Self.clickToken(inPage: data)
    }

    /// What the page's script posts.
    func beacon(_ beacon: BeaconReport, token: String, from click: SimulatedClick) async throws {
        struct Body: Encodable {
            var t: String
            var sw: Int
            var sh: Int
            var tz: String
            var lang: String
            var touch: Int
            var pv: String?
            var model: String?
        }
        let body = Body(
            t: token, sw: beacon.screenWidth, sh: beacon.screenHeight, tz: beacon.timezone, lang: beacon.language,
            touch: beacon.touchPoints, pv: beacon.platformVersion, model: beacon.model
        )
        let path = "api/v1/beacon"
        let (status, data) = try await send(
            "POST", path,
            headers: [
                "User-Agent": click.userAgent, "X-Forwarded-For": click.ipAddress, "Content-Type": "text/plain;charset=UTF-8",
            ], body: try JSONEncoder().encode(body))
        guard (200..<300).contains(status) else { throw HTTPReplayError(path: path, status: status, body: data) }
    }

    /// The SDK's install report, as the LinkForty SDKs send it (plus an install key, so two
    /// identical-looking devices are never taken for one retried report).
    func install(_ install: SimulatedInstall, publishableKey: String, token: String?, windowHours: Int, seed: UInt64) async throws
        -> InstallAnswer
    {
        struct Body: Encodable {
            var userAgent: String
            var timezone: String
            var language: String
            var screenWidth: Int
            var screenHeight: Int
            var platform: String
            var platformVersion: String
            var appVersion: String
            var attributionWindowHours: Int
            var installKey: String
            var clickToken: String?
            var installReferrer: String?
        }
        struct Answer: Decodable {
            struct Link: Decodable { var shortCode: String? }
            var attributed: Bool
            var confidenceScore: Double?
            var method: String?
            var clickId: String?
            var deepLinkData: Link?
        }
        let android = install.platform == .android
        let body = Body(
            userAgent: install.userAgent, timezone: install.timezone, language: install.language, screenWidth: install.screenWidth,
            screenHeight: install.screenHeight, platform: install.platformName, platformVersion: install.platformVersion,
            appVersion: UserAgents.appVersion, attributionWindowHours: windowHours, installKey: "sim-\(seed)-\(install.personId)",
            clickToken: android ? nil : token,
            installReferrer: android ? token.map { "lf_click=\($0)&utm_source=landfall&utm_medium=link" } : nil
        )
        let answer: Answer = try await json(
            "POST", "api/sdk/v1/install", bearer: publishableKey, body: body,
            headers: ["X-Forwarded-For": install.ipAddress, "User-Agent": install.userAgent]
        )
        return InstallAnswer(
            attributed: answer.attributed, confidence: answer.confidenceScore ?? 0, method: answer.method,
            clickId: answer.clickId, shortCode: answer.deepLinkData?.shortCode
        )
    }

    // MARK: Plumbing

    /// The `token` of the page's `<script type="application/json" id="lf-config">`.
    static func clickToken(inPage data: Data) -> String? {
        struct Config: Decodable { var token: String? }
        guard let page = String(data: data, encoding: .utf8),
            let marker = page.range(of: "id=\"lf-config\">"),
            let end = page.range(of: "</script>", range: marker.upperBound..<page.endIndex)
        else { return nil }
        let json = Data(page[marker.upperBound..<end.lowerBound].utf8)
        return (try? JSONDecoder().decode(Config.self, from: json))?.token
    }

    /// Sends `body` as JSON and decodes a 2xx answer; any other status throws `HTTPReplayError`.
    func json<Body: Encodable, Answer: Decodable>(
        _ method: String, _ path: String, bearer: String, body: Body, headers: [String: String] = [:]
    ) async throws -> Answer {
        var all = headers
        all["Authorization"] = "Bearer \(bearer)"
        all["Content-Type"] = "application/json"
        let (status, data) = try await send(method, path, headers: all, body: try JSONEncoder().encode(body))
        guard (200..<300).contains(status) else { throw HTTPReplayError(path: path, status: status, body: data) }
        return try JSONDecoder().decode(Answer.self, from: data)
    }

    private func send(_ method: String, _ path: String, headers: [String: String], body: Data? = nil) async throws -> (Int, Data) {
        let (status, _, data) = try await exchange(method, path, headers: headers, body: body)
        return (status, data)
    }

    /// The status, headers and whole body of one request (answers here are small: at most a page).
    func exchange(_ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil) async throws
        -> (Int, HTTPHeaders, Data)
    {
        var request = HTTPClientRequest(url: base.appendingPathComponent(path).absoluteString)
        request.method = HTTPMethod(rawValue: method)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let deadline = NIODeadline.now() + .nanoseconds(Int64(timeout * 1_000_000_000))
        let response = try await Self.transport.execute(request, deadline: deadline)
        let collected = try await response.body.collect(upTo: Self.largestAnswer)
        return (Int(response.status.code), response.headers, Data(collected.readableBytesView))
    }

    /// A replayed answer is JSON or one redirect page; anything bigger is not Landfall's.
    static let largestAnswer = 8 << 20
}

/// A server answer the replay cannot use.
struct HTTPReplayError: Error, CustomStringConvertible {
    var path: String
    var status: Int
    var body: Data

    var description: String {
        "\(path): HTTP \(status) \(String(decoding: body.prefix(300), as: UTF8.self))"
    }
}
