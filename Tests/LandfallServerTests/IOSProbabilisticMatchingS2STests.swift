import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallServer
import LandfallStore
import Testing

/// The switch on the server-to-server install route and Branch's `/v1/open`: each answers an iPhone
/// without a click token as organic while the switch is off, and the very same signals match once
/// it is back on (so the first answer was the switch, not weak signals).
@Suite("iOS probabilistic matching off: S2S installs and Branch opens")
struct IOSProbabilisticMatchingS2STests {
    typealias Flow = AttributionFlowTests

    static func setSwitch(_ server: TestServer, appId: String, _ on: Bool) async throws {
        let patched = try await server.admin(.patch, "/api/apps/\(appId)", body: .json(#"{"iosProbabilisticMatching": \#(on)}"#))
        #expect(patched.status == .ok, "body: \(patched.text)")
    }

    @Test func anS2SInstallOfAnIPhoneIsOrganicUntilTheSwitchIsBackOn() async throws {
        try await Flow.withSetup { server, tenant, _, link in
            try await Self.setSwitch(server, appId: tenant.app.id, false)
            let phone = Flow.Phone(address: "198.51.100.23")
            _ = try await Flow.click(server, phone)
            server.clock.advance(by: 15 * 60)
            try await server.landfall.statistics.catchUp()
            func report(installKey: String) async throws -> InstallResponse {
                let extra =
                    #", "installKey": "\#(installKey)", "ip": "\#(phone.address)", "timestamp": \#(Int64(server.clock.now.timeIntervalSince1970 * 1000))"#
                let response = try await server.send(
                    .post, "/api/s2s/v1/installs", token: tenant.secretKey, body: .json(phone.installBody(extra: extra)))
                #expect(response.status == .ok, "body: \(response.text)")
                return try response.decode(InstallResponse.self)
            }
            let off = try await report(installKey: "device-off")
            #expect(off.method == "organic")
            try await Self.setSwitch(server, appId: tenant.app.id, true)
            let on = try await report(installKey: "device-on")
            #expect(on.method == "probabilistic")
            #expect(on.deepLinkData?.linkId == link.id)
        }
    }

    @Test func aBranchOpenOfAnIPhoneMatchesOnlyItsLinkClickWhileTheSwitchIsOff() async throws {
        try await BranchSetup.run { setup in
            try await Self.setSwitch(setup.server, appId: setup.tenant.app.id, false)
            let token = try await setup.click()
            setup.server.clock.advance(by: 120)
            // Without the link click id: nothing to go on but signals.
            let unlinked = try await setup.openAnswer(
                BranchSetup.openBody(hardwareId: "11111111-1111-4111-8111-111111111111", extra: #", "first_session": true"#))
            #expect(unlinked.clicked == false)
            // With it: Branch's guaranteed match still works.
            let linked = try await setup.openAnswer(
                BranchSetup.openBody(
                    hardwareId: "22222222-2222-4222-8222-222222222222", extra: #", "first_session": true, "link_identifier": "\#(token)""#)
            )
            #expect(linked.clicked == true)
            #expect(linked.guaranteed == true)
            // Back on, a second click and a token-less open from the same network match on signals.
            try await Self.setSwitch(setup.server, appId: setup.tenant.app.id, true)
            _ = try await setup.click()
            setup.server.clock.advance(by: 120)
            let signals = try await setup.openAnswer(
                BranchSetup.openBody(hardwareId: "33333333-3333-4333-8333-333333333333", extra: #", "first_session": true"#))
            #expect(signals.clicked == true)
            #expect(signals.guaranteed == false)
        }
    }
}
