import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallServer
import LandfallStore
import Testing

@Suite("Analytics time series and CSV export")
struct AnalyticsSeriesRouteTests {
    struct Seeded: Sendable {
        var server: TestServer
        var tenant: Tenant
        var spring: LinkJSON
        var plain: LinkJSON
        var templateId: String
    }

    static let day0 = TestServer.startDate
    static func at(day: Double, hour: Double = 0) -> Date { day0.addingTimeInterval(day * 86_400 + hour * 3600) }

    /// A templated link in the "spring" campaign and a plain link of a campaign named like a formula;
    /// clicks, installs and events on 2026-01-01 and 2026-01-02.
    static func withData(_ body: @Sendable @escaping (Seeded) async throws -> Void) async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let template = try await server.createTemplate(key: tenant.secretKey, body: #"{"name": "Promo", "slug": "promo"}"#)
            let spring = try await server.createLink(
                key: tenant.secretKey,
                body: #"{"originalUrl": "https://example.com/s", "templateId": "\#(template.id)", "utmParameters": {"campaign": "spring"}}"#
            )
            let plain = try await server.createLink(
                key: tenant.secretKey, body: #"{"originalUrl": "https://example.com/p", "utmParameters": {"campaign": "=HYPERLINK(1)"}}"#
            )
            let storage = server.storage
            let appId = tenant.app.id
            func click(_ link: LinkJSON, _ date: Date, platform: String, country: String?) -> ClickRecord {
                var click = ClickRecord(
                    id: UUID().uuidString, appId: appId, linkId: link.id, clickedAt: date, clickToken: UUID().uuidString,
                    platform: platform,
                    deviceClass: "phone"
                )
                click.country = country
                return click
            }
            let iosClick = click(spring, at(day: 0, hour: 1), platform: "ios", country: "PT")
            try await storage.insertClicks([
                iosClick, click(spring, at(day: 0, hour: 2), platform: "ios", country: "PT"),
                click(plain, at(day: 1, hour: 5), platform: "android", country: nil),
            ])
            let fingerprint = InstallFingerprint(platform: "ios")
            let attributed = InstallRecord(
                id: "inst-a", appId: appId, dedupKey: "a", createdAt: at(day: 0, hour: 3), fingerprint: fingerprint, method: .deterministic,
                confidence: 100, matchedFactors: ["clickToken"], clickId: iosClick.id, linkId: spring.id
            )
            let organic = InstallRecord(
                id: "inst-o", appId: appId, dedupKey: "o", createdAt: at(day: 1, hour: 6),
                fingerprint: InstallFingerprint(platform: "android"),
                method: .organic, confidence: 0, matchedFactors: []
            )
            try await storage.insertInstall(attributed)
            try await storage.insertInstall(organic)
            _ = try await storage.insertEvent(
                EventRecord(
                    id: "evt-1", appId: appId, installId: attributed.id, clientEventId: nil, name: "purchase", data: "{}",
                    occurredAt: at(day: 1),
                    receivedAt: at(day: 1, hour: 1), revenueMicros: 19_990_000, revenueCurrency: "USD", linkId: spring.id,
                    clickId: iosClick.id
                ))
            try await body(Seeded(server: server, tenant: tenant, spring: spring, plain: plain, templateId: template.id))
        }
    }

    static func get(_ seeded: Seeded, _ query: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await seeded.server.send(.get, "/api/analytics/series?\(query)", token: seeded.tenant.secretKey, headers: headers)
    }

    static func series(_ response: TestResponse) throws -> [[String: Any]] {
        #expect(response.status == .ok, "\(response.text)")
        return try #require(try response.jsonObject()["series"] as? [[String: Any]])
    }

    @Test func aDailySeriesHasAPointForEveryDayWithEachMetric() async throws {
        try await Self.withData { seeded in
            let response = try await Self.get(seeded, "from=2026-01-01&to=2026-01-04")
            let all = try #require(try Self.series(response).first)
            let points = try #require(all["points"] as? [[String: Any]])
            #expect(
                points.compactMap { $0["start"] as? String } == ["2026-01-01T00:00:00Z", "2026-01-02T00:00:00Z", "2026-01-03T00:00:00Z"])
            #expect(points.compactMap { $0["clicks"] as? Int } == [2, 1, 0])
            #expect(points.compactMap { $0["installs"] as? Int } == [1, 1, 0])
            #expect(points.compactMap { $0["events"] as? Int } == [0, 1, 0])
            #expect((points[1]["revenue"] as? [String: String]) == ["USD": "19.99"])
            #expect((points[0]["installsByMethod"] as? [String: Int]) == ["deterministic": 1, "probabilistic": 0, "organic": 0])
            let totals = try #require(try response.jsonObject()["totals"] as? [String: Any])
            #expect(totals["clicks"] as? Int == 3)
            #expect(try response.jsonObject()["currencies"] as? [String] == ["USD"])
        }
    }

    @Test func hourlyBucketsStartOnWholeHours() async throws {
        try await Self.withData { seeded in
            let all = try #require(
                try Self.series(try await Self.get(seeded, "interval=hour&from=2026-01-01T00:30:00Z&to=2026-01-01T04:00:00Z")).first)
            let points = try #require(all["points"] as? [[String: Any]])
            #expect(points.compactMap { $0["start"] as? String }.first == "2026-01-01T00:00:00Z")
            #expect(points.compactMap { $0["clicks"] as? Int } == [0, 1, 1, 0])
            #expect(points.compactMap { $0["installs"] as? Int } == [0, 0, 0, 1])
        }
    }

    @Test func seriesRollUpByTemplateAndCampaign() async throws {
        try await Self.withData { seeded in
            let templates = try Self.series(try await Self.get(seeded, "groupBy=template&from=2026-01-01&to=2026-01-03"))
            let promo = try #require(templates.first { $0["key"] as? String == seeded.templateId })
            #expect(promo["label"] as? String == "promo")
            #expect((promo["totals"] as? [String: Any])?["clicks"] as? Int == 2)
            #expect((promo["totals"] as? [String: Any])?["events"] as? Int == 1)
            let none = try #require(templates.first { $0["key"] as? String == "none" })
            #expect((none["totals"] as? [String: Any])?["installs"] as? Int == 1)
            let campaigns = try Self.series(try await Self.get(seeded, "groupBy=campaign&from=2026-01-01&to=2026-01-03"))
            #expect(Set(campaigns.compactMap { $0["key"] as? String }) == ["spring", "=HYPERLINK(1)", "none"])
        }
    }

    @Test func seriesGroupByPlatformCountryAndLinkWithTheRestAsOther() async throws {
        try await Self.withData { seeded in
            let platforms = try Self.series(try await Self.get(seeded, "groupBy=platform&from=2026-01-01&to=2026-01-03&limit=1"))
            #expect(platforms.compactMap { $0["key"] as? String } == ["ios", "(other)"])
            let countries = try Self.series(try await Self.get(seeded, "groupBy=country&from=2026-01-01&to=2026-01-03"))
            let portugal = try #require(countries.first { $0["key"] as? String == "PT" })
            // The attributed install and its purchase count where their click came from.
            #expect((portugal["totals"] as? [String: Any])?["installs"] as? Int == 1)
            #expect((portugal["totals"] as? [String: Any])?["revenue"] as? [String: String] == ["USD": "19.99"])
            let links = try Self.series(try await Self.get(seeded, "groupBy=link&linkId=\(seeded.plain.id)&from=2026-01-01&to=2026-01-03"))
            #expect(links.compactMap { $0["label"] as? String } == [seeded.plain.shortCode])
        }
    }

    @Test func csvIsStreamedWithOneLinePerActiveBucketAndGroup() async throws {
        try await Self.withData { seeded in
            let response = try await Self.get(seeded, "groupBy=campaign&from=2026-01-01&to=2026-01-03&format=csv")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(response.headers[.contentDisposition]?.contains("attachment") == true)
            let lines = response.text.split(separator: "\r\n").map(String.init)
            #expect(
                lines.first
                    == "bucket_start,group,label,clicks,bot_clicks,installs,installs_deterministic,installs_probabilistic,installs_organic,events,revenue_USD"
            )
            #expect(lines.contains("2026-01-01T00:00:00Z,spring,spring,2,0,1,1,0,0,0,0"))
            #expect(lines.contains("2026-01-02T00:00:00Z,spring,spring,0,0,0,0,0,0,1,19.99"))
            // A campaign named like a formula is written as text.
            #expect(lines.contains("2026-01-02T00:00:00Z,'=HYPERLINK(1),'=HYPERLINK(1),1,0,0,0,0,0,0,0"))
            #expect(lines.count == 5)
            let accepted = try await Self.get(seeded, "from=2026-01-01&to=2026-01-03", headers: [.accept: "text/csv"])
            #expect(accepted.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(accepted.text.split(separator: "\r\n").count == 3)
        }
    }

    @Test func aCSVExportSpanningManyPartsHasEveryDay() async throws {
        try await Self.withData { seeded in
            let response = try await Self.get(seeded, "from=2025-10-01&to=2026-03-01&format=csv")
            let lines = response.text.split(separator: "\r\n")
            #expect(lines.count == 3)
            #expect(lines.dropFirst().map { String($0.prefix(10)) } == ["2026-01-01", "2026-01-02"])
        }
    }

    @Test(arguments: [
        ("interval=week", HTTPResponse.Status.badRequest, "invalid_field"),
        ("groupBy=browser", .badRequest, "invalid_field"),
        ("interval=hour&from=2026-01-01&to=2026-03-01", .badRequest, "invalid_field"),
        ("from=2026-01-05&to=2026-01-01", .badRequest, "invalid_field"),
        ("from=yesterday", .badRequest, "invalid_field"),
        ("limit=0", .badRequest, "invalid_field"),
        ("format=xml", .badRequest, "invalid_field"),
        ("linkId=no-such-link", .notFound, "link_not_found"),
    ])
    func badSeriesQueriesAreRefused(_ query: String, _ status: HTTPResponse.Status, _ code: String) async throws {
        try await Self.withData { seeded in
            expectAPIError(try await Self.get(seeded, query), status, code: code)
        }
    }

    @Test func anotherAppSeesNothingOfThisOne() async throws {
        try await Self.withData { seeded in
            let other = try await seeded.server.createTenant(#"{"name": "Other"}"#)
            let response = try await seeded.server.send(.get, "/api/analytics/series?from=2026-01-01&to=2026-01-03", token: other.secretKey)
            let totals = try #require(try response.jsonObject()["totals"] as? [String: Any])
            #expect(totals["clicks"] as? Int == 0)
            expectAPIError(try await seeded.server.send(.get, "/api/analytics/series"), .unauthorized, code: "unauthorized")
        }
    }
}
