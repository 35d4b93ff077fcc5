import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallAttribution
import LandfallModels
import LandfallServer
import LandfallStore
import Testing

/// `GET /api/apps/:id/attribution-model`, `attributionTargetPrecision`, and the fit that learns
/// an app's model from the installs it stores.
@Suite("Attribution model: learned per app")
struct AttributionModelRouteTests {
    typealias Phone = AttributionFlowTests.Phone

    struct ModelJSON: Decodable {
        struct Platform: Decodable {
            struct Estimate: Decodable {
                var value: Double
                var `default`: Double
                var learnedFrom: Double
            }

            struct Parameters: Decodable {
                var clickedInstallShare: Estimate
                var persistence: [String: Estimate]
            }

            var platform: String
            var status: String
            var statusText: String
            var installs: Int
            var tokenlessInstalls: Int
            var threshold: Int
            var thresholdSource: String
            var estimatedPrecision: Double?
            var parameters: Parameters
        }

        var appId: String
        var attributionTargetPrecision: Double?
        var platforms: [Platform]
    }

    /// The fit service's own rounds held off, so a test decides when it fits.
    static func withQuietFit(_ body: @Sendable @escaping (TestServer, Tenant, String, LinkJSON) async throws -> Void) async throws {
        try await AttributionFlowTests.withSetup(
            configure: {
                $0.attributionModels.interval = .seconds(3600)
                $0.attributionModels.poll = .seconds(3600)
            }, body)
    }

    static func model(_ server: TestServer, appId: String, token: String = TestServer.adminToken) async throws -> ModelJSON {
        let response = try await server.send(.get, "/api/apps/\(appId)/attribution-model", token: token)
        #expect(response.status == .ok)
        return try response.decode(ModelJSON.self)
    }

    @Test func anAppWithNoInstallsAnswersItsDefaultsAndSaysSo() async throws {
        try await Self.withQuietFit { server, tenant, _, _ in
            let model = try await Self.model(server, appId: tenant.app.id)
            #expect(model.appId == tenant.app.id)
            #expect(model.platforms.map(\.platform) == ["ios", "android"])
            for platform in model.platforms {
                #expect(platform.status == "defaults")
                #expect(platform.statusText.contains("defaults"))
                #expect(platform.installs == 0)
                #expect(platform.threshold == 80 && platform.thresholdSource == "default")
                #expect(platform.parameters.clickedInstallShare.value == platform.parameters.clickedInstallShare.default)
            }
            // The app's own secret key may read it too.
            #expect(try await Self.model(server, appId: tenant.app.id, token: tenant.secretKey).appId == tenant.app.id)
        }
    }

    @Test func onlyTheAdminOrTheAppsOwnSecretKeyReadsTheModel() async throws {
        try await Self.withQuietFit { server, tenant, publishable, _ in
            let other = try await server.createTenant(#"{"name": "Other"}"#)
            #expect(try await server.send(.get, "/api/apps/\(tenant.app.id)/attribution-model").status == .unauthorized)
            #expect(try await server.send(.get, "/api/apps/\(tenant.app.id)/attribution-model", token: publishable).status == .forbidden)
            let foreign = try await server.send(.get, "/api/apps/\(tenant.app.id)/attribution-model", token: other.secretKey)
            #expect(foreign.status == .notFound)
            #expect(try foreign.decode(ErrorBody.self).error.code == "app_not_found")
            #expect(try await server.admin(.get, "/api/apps/app_missing/attribution-model").status == .notFound)
        }
    }

    @Test(arguments: [0.5, 0.999, 1.2, -1, 0])
    func aTargetPrecisionOutsideItsOpenRangeIsRefusedNamingTheField(_ value: Double) async throws {
        try await Self.withQuietFit { server, tenant, _, _ in
            let response = try await server.admin(
                .patch, "/api/apps/\(tenant.app.id)", body: .json(#"{"attributionTargetPrecision": \#(value)}"#))
            #expect(response.status == .badRequest)
            #expect(try response.decode(ErrorBody.self).error.message.contains("attributionTargetPrecision"))
        }
    }

    @Test func aTargetPrecisionIsKeptAndShownButTheCutWaitsForEnoughInstalls() async throws {
        try await Self.withQuietFit { server, tenant, _, _ in
            let response = try await server.admin(
                .patch, "/api/apps/\(tenant.app.id)", body: .json(#"{"attributionTargetPrecision": 0.95}"#))
            #expect(response.status == .ok)
            let model = try await Self.model(server, appId: tenant.app.id)
            #expect(model.attributionTargetPrecision == 0.95)
            #expect(model.platforms.allSatisfy { $0.thresholdSource == "default" && $0.statusText.contains("target precision") })
        }
    }

    @Test func installsTeachTheAppsModelAndTheModelIsStored() async throws {
        try await Self.withQuietFit { server, tenant, publishable, _ in
            // Forty installs from phones that never clicked: the app looks organic.
            for index in 0..<40 {
                var phone = Phone(address: "198.51.\(100 + index / 200).\(index % 200 + 20)")
                phone.timezone = index.isMultiple(of: 2) ? "Europe/Paris" : "Asia/Tokyo"
                let response = try await AttributionFlowTests.install(
                    server, key: publishable, phone, extra: #","installKey":"k\#(index)""#)
                #expect(response.status == .ok)
            }
            let refitted = try await server.landfall.attributionModels.refitDue()
            #expect(refitted == [tenant.app.id])
            let model = try await Self.model(server, appId: tenant.app.id)
            let ios = try #require(model.platforms.first { $0.platform == "ios" })
            #expect(ios.status == "learned")
            #expect(ios.installs == 40 && ios.tokenlessInstalls == 40)
            let share = ios.parameters.clickedInstallShare
            #expect(share.value < share.default - 0.1, "no install followed a click: \(share.value)")
            #expect(share.learnedFrom == 40)
            // Stored: another look at the database gives the same, and nothing is due until more installs come.
            #expect(try await server.storage.attributionModels(appId: tenant.app.id).map(\.platform) == ["ios"])
            #expect(try await server.landfall.attributionModels.refitDue().isEmpty)
        }
    }

    /// A stored model's correction of the stated confidence is shown with the model, on the API
    /// and the dashboard page alike.
    @Test func aModelsConfidenceCorrectionIsShown() async throws {
        try await Self.withQuietFit { server, tenant, _, _ in
            var parameters = LearnedParameters(defaults: AttributionConfiguration(), platform: .ios)
            parameters.evidence = .init(installs: 600, labelled: 120, tokenless: 480)
            parameters.labelledCalibration = LabelledCalibration(
                knots: [.init(stated: 0.5, corrected: 0.35), .init(stated: 0.8, corrected: 0.7), .init(stated: 0.94, corrected: 0.9)],
                labelled: 120, tokenShare: 0.2)
            parameters.networkStrangers = [0.06, 0.9, 1.8, 2.7]
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let parametersJSON = String(decoding: try encoder.encode(parameters), as: UTF8.self)
            try await server.storage.saveAttributionModel(
                StoredAttributionModel(
                    appId: tenant.app.id, platform: "ios", parameters: #"{"curve":[],"parameters":\#(parametersJSON)}"#,
                    fittedAt: Date(), installsAtFit: 600))

            let response = try await server.send(.get, "/api/apps/\(tenant.app.id)/attribution-model", token: TestServer.adminToken)
            #expect(response.status == .ok)
            let body = try #require(try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
            let ios = try #require((body["platforms"] as? [[String: Any]])?.first { $0["platform"] as? String == "ios" })
            let correction = try #require((ios["parameters"] as? [String: Any])?["confidenceCorrection"] as? [String: Any])
            #expect(correction["labelledInstalls"] as? Int == 120)
            #expect(correction["tokenShare"] as? Double == 0.2)
            let points = try #require(correction["points"] as? [[String: Double]])
            let expected: [[String: Double]] = [
                ["stated": 0.5, "corrected": 0.35], ["stated": 0.8, "corrected": 0.7], ["stated": 0.94, "corrected": 0.9],
            ]
            #expect(points == expected)
            #expect((ios["parameters"] as? [String: Any])?["networkStrangers"] as? [Double] == [0.06, 0.9, 1.8, 2.7])
            // The Android model has none: the fields are left out.
            let android = try #require((body["platforms"] as? [[String: Any]])?.first { $0["platform"] as? String == "android" })
            #expect((android["parameters"] as? [String: Any])?["confidenceCorrection"] == nil)
            #expect((android["parameters"] as? [String: Any])?["networkStrangers"] == nil)
        }
    }
}
