import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallServer
import Testing

/// `landfall serve --no-confidence-correction` learns the model and leaves out the correction read
/// off labelled installs; by default the fit adds it.
@Suite("The labelled correction switched on and off")
struct ConfidenceCorrectionSwitchTests {
    typealias Phone = AttributionFlowTests.Phone

    @Test(arguments: [true, false])
    func theFitCorrectsTheConfidenceUnlessTurnedOff(corrects: Bool) async throws {
        try await AttributionFlowTests.withSetup(
            configure: {
                $0.attributionModels.interval = .seconds(3600)
                $0.attributionModels.poll = .seconds(3600)
                $0.attributionModels.correctsConfidenceFromLabels = corrects
            }
        ) { server, tenant, publishable, _ in
            // Phones that clicked and installed ten minutes later on the same network: most carry
            // the click's token, a few do not.
            for index in 0..<60 {
                let phone = Phone(address: "198.51.\(100 + index / 100).\(index % 100 + 20)")
                let token = try await AttributionFlowTests.click(server, phone)
                server.clock.advance(by: 600)
                try await server.landfall.statistics.catchUp()
                let extra = index < 45 ? #","installKey":"k\#(index)","clickToken":"\#(token)""# : #","installKey":"k\#(index)""#
                let response = try await AttributionFlowTests.install(server, key: publishable, phone, extra: extra)
                #expect(response.status == .ok)
            }
            #expect(try await server.landfall.attributionModels.refitDue() == [tenant.app.id])
            let response = try await server.send(.get, "/api/apps/\(tenant.app.id)/attribution-model", token: TestServer.adminToken)
            #expect(response.status == .ok)
            let body = try #require(try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
            let ios = try #require((body["platforms"] as? [[String: Any]])?.first { $0["platform"] as? String == "ios" })
            #expect(ios["status"] as? String == "learned")
            let correction = (ios["parameters"] as? [String: Any])?["confidenceCorrection"] as? [String: Any]
            if corrects {
                #expect(correction?["labelledInstalls"] as? Int == 45)
            } else {
                #expect(correction == nil)
            }
        }
    }
}
