import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
@testable import LandfallServer
import LandfallStore
import LandfallTestSupport
import Testing

/// Clicks from networks that know a campaign but no link of the app: each campaign gets one link of
/// its own, made on its first click, whose UTM parameters reach the install's attribution.
@Suite("S2S clicks naming only a campaign")
struct S2SCampaignClickTests {
    typealias Phone = AttributionFlowTests.Phone

    static func campaignClickJSON(_ phone: Phone, at date: Date, campaign: String = "black-friday", extra: String = "") -> String {
        """
        {"campaign": "\(campaign)", "source": "adnet", "medium": "cpi", "ip": "\(phone.address)",
         "userAgent": "\(phone.browserAgent)", "screenWidth": \(phone.width), "screenHeight": \(phone.height),
         "timezone": "\(phone.timezone)", "language": "\(phone.language)", "timestamp": "\(date.formatted(.iso8601))"\(extra)}
        """
    }

    @Test func aCampaignsClicksShareOneLinkAndItsInstallCarriesTheCampaign() async throws {
        try await AttributionFlowTests.withSetup { server, tenant, _, _ in
            // Each device different, so the install can be credited only to its own click.
            let phone = Phone(address: "198.51.100.61")
            let now = server.clock.now
            let batch = """
                {"clicks": [
                  \(Self.campaignClickJSON(phone, at: now.addingTimeInterval(-900))),
                  \(Self.campaignClickJSON(Phone(address: "203.0.113.62", width: 1170, height: 2532, timezone: "Europe/Lisbon"), at: now.addingTimeInterval(-800))),
                  \(Self.campaignClickJSON(Phone(address: "192.0.2.63", width: 1290, height: 2796, timezone: "Asia/Tokyo"), at: now.addingTimeInterval(-700), campaign: "cyber-monday"))
                ]}
                """
            let answer = try await S2SRouteTests.postClicks(server, key: tenant.secretKey, batch)
            #expect(answer.results.allSatisfy { $0.clickId != nil && $0.error == nil })

            // A later batch of the same campaign reuses its link instead of making another.
            let later = try await S2SRouteTests.postClicks(
                server, key: tenant.secretKey,
                Self.campaignClickJSON(
                    Phone(address: "2001:db8:64::1", width: 1080, height: 2340, timezone: "Europe/Berlin"), at: now.addingTimeInterval(-600)
                )
            )
            let clickIds = (answer.results + later.results).compactMap(\.clickId)
            var linkIds: [String: String] = [:]
            for id in clickIds {
                let click = try #require(try await server.storage.click(id: id, appId: tenant.app.id))
                linkIds[id] = click.linkId
            }
            #expect(Set(linkIds.values).count == 2)
            #expect(linkIds[clickIds[0]] == linkIds[clickIds[1]] && linkIds[clickIds[1]] == linkIds[clickIds[3]])
            let campaignLink = try #require(try await server.storage.link(id: linkIds[clickIds[0]] ?? "", appId: tenant.app.id))
            #expect(campaignLink.content.utmParameters == UTMParameters(source: "adnet", medium: "cpi", campaign: "black-friday"))

            let response = try await S2SRouteTests.postInstall(server, key: tenant.secretKey, phone, at: now.addingTimeInterval(-300))
            #expect(response.status == .ok, "\(response.text)")
            let install = try response.decode(InstallResponse.self)
            #expect(install.attributed)
            #expect(install.clickId == clickIds[0])
            #expect(install.deepLinkData?.utmParameters?.campaign == "black-friday")
            #expect(install.deepLinkData?.utmParameters?.source == "adnet")
        }
    }

    @Test func aClickNamesALinkOrACampaignNeverBothAndNeverNeither() async throws {
        try await AttributionFlowTests.withSetup { server, tenant, _, _ in
            let phone = Phone(address: "198.51.100.70")
            let now = server.clock.now
            let batch = """
                {"clicks": [
                  \(S2SRouteTests.clickJSON(phone, at: now, extra: #", "campaign": "spring""#)),
                  {"source": "adnet", "ip": "198.51.100.71", "userAgent": "\(phone.browserAgent)", "timestamp": \(Int(now.timeIntervalSince1970))},
                  {"ip": "198.51.100.72", "userAgent": "\(phone.browserAgent)", "timestamp": \(Int(now.timeIntervalSince1970))},
                  \(Self.campaignClickJSON(phone, at: now, campaign: String(repeating: "c", count: 257))),
                  \(Self.campaignClickJSON(phone, at: now, campaign: "   "))
                ]}
                """
            let answer = try await S2SRouteTests.postClicks(server, key: tenant.secretKey, batch)
            #expect(answer.results.map { $0.error?.code } == Array(repeating: "invalid_field", count: 5))
            #expect(answer.results[0].error?.message.hasPrefix("campaign:") == true)
            #expect(answer.results[1].error?.message.hasPrefix("campaign:") == true)
            #expect(answer.results[2].error?.message.hasPrefix("link:") == true)
        }
    }

    /// Two servers making the same campaign's link at once still make one: the second's insert is
    /// refused by the unique deduplication key and it takes the first one's link.
    @Test(arguments: TestEngine.allCases)
    func concurrentFirstClicksOfACampaignMakeOneLink(engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await AppService(storage: storage).createApp(
                name: "Acme", slug: "acme", domains: [], uriScheme: nil, webFallbackUrl: "https://acme.test"
            )
            let campaign = CampaignLinks.Campaign(campaign: "launch", source: "adnet", medium: nil)
            let made = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<16 {
                    group.addTask { try await CampaignLinks(storage: storage, now: { Date() }).link(for: campaign, app: app).id }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(made.count == 1)
        }
    }
}
