import Foundation
import LandfallAttribution
import NIOHTTP1

/// The server's answer to one posted install, as the replay reads it.
struct S2SInstallAnswer: Sendable {
    var attributed: Bool
    var confidence: Double
    var clickId: String?
}

/// One item of the clicks endpoint's answer.
struct S2SClickResult: Decodable, Sendable {
    struct Failure: Decodable, Sendable {
        var code: String
        var message: String
    }

    var index: Int
    var clickId: String?
    var clickToken: String?
    var error: Failure?
}

/// The replay's calls to `POST /api/s2s/v1/clicks` and `/installs`, with the secret key.
extension HTTPClient {
    /// Posts clicks as an ad network would: what it knows of the device and when the click happened.
    func postClicks(_ clicks: [SimulatedClick], shortCode: String, in population: SimulatedPopulation, secretKey: String) async throws
        -> [S2SClickResult]
    {
        struct Item: Encodable {
            var link: String
            var ip: String
            var userAgent: String
            var screenWidth: Int?
            var screenHeight: Int?
            var timezone: String?
            var language: String
            var clickId: String
            var timestamp: Int64
        }
        struct Body: Encodable { var clicks: [Item] }
        struct Answer: Decodable { var results: [S2SClickResult] }
        let items = clicks.map { click in
            Item(
                link: shortCode, ip: click.ipAddress, userAgent: click.userAgent, screenWidth: click.beacon?.screenWidth,
                screenHeight: click.beacon?.screenHeight, timezone: click.beacon?.timezone,
                // What a redirect would have read: the page's language, else the browser's preferred one.
                language: click.beacon?.language ?? click.language ?? "en-US",
                clickId: click.clickId, timestamp: Self.milliseconds(population.date(click.time))
            )
        }
        let answer: Answer = try await json("POST", "api/s2s/v1/clicks", bearer: secretKey, body: Body(clicks: items))
        return answer.results
    }

    /// Posts an install as the customer's backend would: the SDK's report, the device's address and
    /// when the app was first opened, and the click's token where one reached the app (Android's Play
    /// Install Referrer, iOS's pasteboard).
    func postInstall(_ install: SimulatedInstall, in population: SimulatedPopulation, clickToken: String?, secretKey: String) async throws
        -> S2SInstallAnswer
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
            var ip: String
            var timestamp: Int64
            var clickToken: String?
            var installReferrer: String?
        }
        struct Answer: Decodable {
            var attributed: Bool
            var confidenceScore: Double?
            var clickId: String?
        }
        let body = Body(
            userAgent: install.userAgent, timezone: install.timezone, language: install.language, screenWidth: install.screenWidth,
            screenHeight: install.screenHeight, platform: install.platformName, platformVersion: install.platformVersion,
            appVersion: UserAgents.appVersion, attributionWindowHours: Int(population.model.windowHours),
            // Two people on identical devices and one network must never be taken for one retried report.
            installKey: "sim-\(population.seed)-\(install.personId)", ip: install.ipAddress,
            timestamp: Self.milliseconds(population.date(install.time)),
            clickToken: install.platform == .android ? nil : clickToken,
            installReferrer: install.platform == .android ? clickToken.map { "utm_source=landfall&lf_click=\($0)" } : nil
        )
        let answer: Answer = try await json("POST", "api/s2s/v1/installs", bearer: secretKey, body: body)
        return S2SInstallAnswer(attributed: answer.attributed, confidence: answer.confidenceScore ?? 0, clickId: answer.clickId)
    }

    /// The server's clock from the `Date` header of its health answer (whole seconds, rounded
    /// down), nil when it sends none: stated times are checked against the server's clock, not ours.
    func serverDate() async throws -> Date? {
        let (_, headers, _) = try await exchange("GET", "health")
        guard let text = headers.first(name: "Date") else { return nil }
        return Self.httpDate(text)
    }

    /// An IMF-fixdate (`Wed, 25 Nov 2026 10:01:56 GMT`, RFC 9110).
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text)
    }

    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }
}
