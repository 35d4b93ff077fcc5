import Foundation
import LandfallModels
import HTTPTypes
import HummingbirdTesting
import LandfallServer
import LandfallStore
import Testing

/// Seed 004's two example URLs replayed against the server.
@Suite("AppsFlyer's SDK-less SKAdNetwork examples")
struct ConversionValueSeedTests {
    typealias Setup = ConversionValueRouteTests.Setup

    static let seedUID = "LYPnL-sdJuSwjg-AQ2GTZehc"

    static func seedInstall(_ server: TestServer, _ setup: Setup, createdAt: Date, events: [(String, TimeInterval, Int64?)]) async throws {
        let install = InstallRecord(
            id: seedUID, appId: setup.appId, dedupKey: "seed-004", createdAt: createdAt, fingerprint: InstallFingerprint(platform: "ios"),
            method: .organic, confidence: 0, matchedFactors: []
        )
        try await server.storage.insertInstall(install)
        for (index, (name, offset, micros)) in events.enumerated() {
            let date = createdAt.addingTimeInterval(offset)
            _ = try await server.storage.insertEvent(
                EventRecord(
                    id: "seed-event-\(index)", appId: setup.appId, installId: seedUID, clientEventId: nil, name: name, data: "{}",
                    occurredAt: date, receivedAt: date, revenueMicros: micros, revenueCurrency: micros == nil ? nil : "USD",
                    sequence: Int64(index)
                ))
        }
    }

    @Test func seedExampleOneAnswersValue43WhenSignedAndRefusesItsPlaceholderSignature() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_603_034_622))
        try await ConversionValueRouteTests.withSetup(clock: clock) { server, setup in
            try await Self.seedInstall(
                server, setup, createdAt: clock.now.addingTimeInterval(-86_400),
                events: [
                    ("tutorial", 60, nil), ("purchase", 120, 12_000_000), ("share", 180, nil),
                ])
            // Exactly as AppsFlyer's documentation writes it: its af_sig is a shortened placeholder, so it cannot verify.
            let seedURL =
                "/api/v1.0/conversion-value?uid=LYPnL-sdJuSwjg-AQ2GTZehc&app_id=123456789&af_sig=b457aca5d23a6cbe512775578201&af_timestamp=1603034622"
            expectAPIError(try await server.send(.get, seedURL), .unauthorized, code: "invalid_signature")
            let signature = ConversionSignature.sign("1603034622" + setup.devKey + "123456789" + Self.seedUID, devKey: setup.devKey)
            let signed = seedURL.replacingOccurrences(of: "b457aca5d23a6cbe512775578201", with: signature)
            let response = try await server.send(.get, signed)
            #expect(response.status == .ok)
            #expect(response.text == #"{"value":43}"#)
        }
    }

    @Test func seedExampleTwoAnswersItsV2BodyInTheThirdWindow() async throws {
        // next_w_time 1672147423 is the end of the third window: install 36 days earlier.
        let installedAt = Date(timeIntervalSince1970: 1_672_147_423 - 36 * 86_400)
        let clock = TestClock(installedAt.addingTimeInterval(20 * 86_400))
        try await ConversionValueRouteTests.withSetup(clock: clock) { server, setup in
            try await Self.seedInstall(
                server, setup, createdAt: installedAt,
                events: [
                    ("signup", 60, nil), ("tutorial", 120, nil), ("subscribe", 180, nil), ("share", 240, nil),
                    ("purchase", 300, 25_000_000),
                    ("renewal", 15 * 86_400, nil),
                ])
            // The documentation's URL with a current timestamp (its own is from 2020) and a real signature.
            let timestamp = "\(Int64(clock.now.timeIntervalSince1970))"
            let signature = ConversionSignature.sign(timestamp + setup.devKey + "123456789" + Self.seedUID, devKey: setup.devKey)
            let url =
                "/api/v2.0/conversion-value?uid=LYPnL-sdJuSwjg-AQ2GTZehc&app_id=123456789&sdk_version=sdk_less&af_sig=\(signature)&af_timestamp=\(timestamp)"
            let response = try await server.send(.get, url)
            #expect(response.status == .ok)
            #expect(
                response.text == #"{"value":63,"coarse_value":"high","lock":true,"next_w_time":1672147423,"postback_sequence_index":2}"#)
            // The seed prints `"lock": YES` (Objective-C's rendering); on the wire it is JSON's true.
            let object = try response.jsonObject()
            #expect(object["lock"] as? Bool == true)
            #expect(object["coarse_value"] as? String == "high")
        }
    }
}
