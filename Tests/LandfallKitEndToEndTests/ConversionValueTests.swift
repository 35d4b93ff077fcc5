import Foundation
import LandfallKit
import LandfallStore
import NIOHTTP1
import Testing

/// LandfallKit asks a live server for SKAdNetwork conversion values, signed both ways AppsFlyer's
/// documentation and its reference client sign them, and gets the values the app's schema gives its events.
@Suite("Conversion values against a live server")
struct ConversionValueEndToEndTests {
    static let schema = """
        {"revenue": {"bit": 0, "thresholds": [1, 10]}, "events": [{"name": "signup", "bit": 2}, {"name": "subscribe", "bit": 3}],
         "coarse": [{"value": "medium", "events": ["signup"]}, {"value": "high", "events": ["subscribe"]}], "lockEvents": ["subscribe"]}
        """

    /// Mealtime with App Store id 123456789, its schema and a dev key; returns the dev key.
    static func setUpConversionValues(_ server: LiveServer, appId: String) async throws -> String {
        _ = try await server.json(.PATCH, "/api/apps/\(appId)", token: LiveServer.adminToken, body: #"{"iosAppStoreId": "123456789"}"#)
        _ = try await server.json(.PUT, "/api/apps/\(appId)/skan-schema", token: LiveServer.adminToken, body: schema)
        let key = try await server.json(.POST, "/api/apps/\(appId)/skan-dev-key", token: LiveServer.adminToken, body: "{}", expected: [201])
        return try #require(key["devKey"] as? String)
    }

    @Test func theSDKGetsTheSchemasValuesSignedBothWaysUntilTheWindowLocks() async throws {
        try await LiveServer.run { server in
            let mealtime = try await server.setUpMealtime()
            let devKey = try await Self.setUpConversionValues(server, appId: mealtime.appId)
            let client = try AppSandbox(beside: server.database, phone: .iPhone).launch()
            let attribution = try await client.start(with: server.configuration(apiKey: mealtime.publishableKey))
            let installID = try #require(attribution?.installId)

            let fresh = try await client.requestConversionValue(devKey: devKey, appStoreID: "id123456789")
            #expect(fresh.value == 0 && fresh.coarseValue == "low" && !fresh.lock && fresh.postbackSequenceIndex == 0)

            try await client.track("signup")
            try await client.trackRevenue(amount: 12, currency: "USD")
            try await client.flush()
            let afterSignup = try await client.requestConversionValue(devKey: devKey, appStoreID: "123456789", signature: .headers)
            #expect(afterSignup.value == 2 | 4)
            #expect(afterSignup.coarseValue == "medium")

            try await client.track("subscribe")
            try await client.flush()
            let locked = try await client.requestConversionValue(devKey: devKey, appStoreID: "id123456789", version: .v1)
            #expect(locked == ConversionValue(value: 2 | 4 | 8))
            let v2 = try await client.requestConversionValue(devKey: devKey, appStoreID: "id123456789", signature: .headers)
            #expect(v2.lock && v2.coarseValue == "high" && v2.value == 14)
            let stored = try await server.storage.conversionValue(installId: installID, windowIndex: 0)
            #expect(stored?.locked == true && stored?.fineValue == 14)
        }
    }

    @Test func aWrongDevKeyIsRefusedWith401() async throws {
        try await LiveServer.run { server in
            let mealtime = try await server.setUpMealtime()
            _ = try await Self.setUpConversionValues(server, appId: mealtime.appId)
            let client = try AppSandbox(beside: server.database, phone: .iPhone).launch()
            _ = try await client.start(with: server.configuration(apiKey: mealtime.publishableKey))
            for style in ConversionValueSignatureStyle.allCases {
                let error = await #expect(throws: LandfallError.self) {
                    try await client.requestConversionValue(devKey: "lf_dk_wrong", appStoreID: "id123456789", signature: style)
                }
                #expect(error?.statusCode == 401 && error?.serverCode == "invalid_signature")
            }
        }
    }
}
