import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallServer
import LandfallStore
import Testing

/// A posted click answers its token, so a backend that sends the device to the store itself can
/// still have the install matched for certain (the Play Install Referrer, or the install's field).
@Suite("Server-to-server click tokens")
struct S2SClickTokenTests {
    typealias Phone = AttributionFlowTests.Phone

    @Test func aPostedClickHandsOutTheTokenAnInstallMatchesItBy() async throws {
        try await AttributionFlowTests.withSetup { server, tenant, _, link in
            let now = server.clock.now
            let repeated = #", "clickId": "n-1""#
            let batch = """
                {"clicks": [\(S2SRouteTests.clickJSON(Phone(address: "198.51.100.20"), at: now.addingTimeInterval(-120), extra: repeated)),
                 \(S2SRouteTests.clickJSON(Phone(address: "198.51.100.21"), at: now.addingTimeInterval(-60), extra: repeated)),
                 \(S2SRouteTests.clickJSON(Phone(address: "198.51.100.22"), at: now.addingTimeInterval(-60)))]}
                """
            let first = try await S2SRouteTests.postClicks(server, key: tenant.secretKey, batch)
            let stored = try await server.clicks(linkId: link.id, appId: tenant.app.id)
            #expect(stored.count == 2)
            for result in first.results {
                let click = try #require(stored.first { $0.id == result.clickId })
                #expect(result.clickToken == click.clickToken)
            }
            // A retry answers the tokens stored the first time, not fresh ones that match nothing.
            let again = try await S2SRouteTests.postClicks(server, key: tenant.secretKey, batch)
            #expect(again.results.map(\.clickToken) == first.results.map(\.clickToken))

            // Carried to the app, a token matches its click for certain from another network and
            // another phone: through the Play Install Referrer as through the install's field.
            let referrer = try #require(first.results[2].clickToken)
            let field = try #require(first.results[0].clickToken)
            for (address, extra, clickId) in [
                ("203.0.113.98", #""installReferrer": "utm_source=ads&lf_click=\#(referrer)""#, first.results[2].clickId),
                ("203.0.113.99", #""clickToken": "\#(field)""#, first.results[0].clickId),
            ] {
                let stated = #", "ip": "\#(address)", "timestamp": \#(Int64(now.timeIntervalSince1970 * 1000)), "#
                let body = Phone(address: address, width: 828, height: 1792).installBody(extra: stated + extra)
                let response = try await server.send(.post, "/api/s2s/v1/installs", token: tenant.secretKey, body: .json(body))
                #expect(response.status == .ok, "\(response.text)")
                let install = try response.decode(InstallResponse.self)
                #expect(install.attributed && install.method == "deterministic")
                #expect(install.clickId == clickId)
            }
        }
    }
}
