import Foundation
@testable import LandfallKit
import Testing

@Suite("Conversion values (SKAdNetwork, AppsFlyer's SDK-less API)")
struct ConversionValueTests {
    static let path = "/api/v2.0/conversion-value"

    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test func sha256MatchesFIPS180Vectors() {
        #expect(Self.hex(ConversionValueSigning.sha256([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            Self.hex(ConversionValueSigning.sha256(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        )
        #expect(
            Self.hex(ConversionValueSigning.sha256(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        )
        #expect(
            Self.hex(ConversionValueSigning.sha256([UInt8](repeating: 0x61, count: 1_000_000)))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        )
    }

    @Test func hmacMatchesRFC4231() {
        #expect(
            ConversionValueSigning.hmacSHA256Hex(key: "Jefe", message: "what do ya want for nothing?")
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        )
        // A key longer than SHA-256's 64-byte block is hashed first (vector from Python's hmac module).
        #expect(
            ConversionValueSigning.hmacSHA256Hex(key: String(repeating: "k", count: 100), message: "m")
                == "0482265a92ce176b0374f2192380b21e2d40126432c52f865cc0957053ae7a14"
        )
    }

    /// The same vectors as the server's signature tests, computed independently with Python's hmac.
    @Test func seedShapedVectorsMatchTheServers() {
        let uid = "LYPnL-sdJuSwjg-AQ2GTZehc"
        #expect(
            ConversionValueSigning.hmacSHA256Hex(key: "lf_dk_abc", message: "1603034622" + "lf_dk_abc" + "123456789" + uid)
                == "24fe7bc0cc2ea317b4cab1d81f813f19b12c32d1b1942db2e89ca4f0799cf0a3"
        )
        #expect(
            ConversionValueSigning.hmacSHA256Hex(key: "lf_dk_abc", message: "1603034622000" + "id123456789" + uid)
                == "899de759ca65df6d63aed94f2950119abcf9ee82bb3a9973f4d37bd9b3317cc0"
        )
    }

    @Test func theQueryFormSignsLikeSeed004() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        let body = #"{"value":63,"coarse_value":"high","lock":true,"next_w_time":1672147423,"postback_sequence_index":2}"#
        await harness.transport.on("GET", Self.path, .raw(200, body))
        let value = try await client.requestConversionValue(devKey: "dk", appStoreID: "id123456789")
        #expect(
            value == ConversionValue(value: 63, coarseValue: "high", lock: true, nextWindowTime: 1_672_147_423, postbackSequenceIndex: 2))
        let request = try #require(await harness.transport.requests(to: Self.path).first)
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let query = Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.value ?? "") })
        let timestamp = try #require(query["af_timestamp"])
        #expect(timestamp == String(Int64(harness.clock.now().timeIntervalSince1970 * 1000)))
        #expect(query["uid"] == "I0")
        #expect(query["app_id"] == "id123456789")
        #expect(query["af_sig"] == ConversionValueSigning.hmacSHA256Hex(key: "dk", message: timestamp + "dk" + "id123456789" + "I0"))
        #expect(request.header("Authorization") == nil)
    }

    @Test func theHeaderFormSignsLikeAppsFlyersReferenceClient() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        await harness.transport.on("GET", "/api/v1.0/conversion-value", .raw(200, #"{"value":43}"#))
        let value = try await client.requestConversionValue(devKey: "dk", appStoreID: "123", uid: "U9", version: .v1, signature: .headers)
        #expect(value == ConversionValue(value: 43))
        let request = try #require(await harness.transport.requests(to: "/api/v1.0/conversion-value").first)
        let timestamp = try #require(request.header("Af-Timestamp"))
        #expect(request.header("Authorization") == ConversionValueSigning.hmacSHA256Hex(key: "dk", message: timestamp + "123" + "U9"))
        #expect(request.url.query?.contains("af_sig") == false)
    }

    @Test func refusalsSurfaceTheStatusAndServerCode() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        await harness.transport.on("GET", Self.path, .error(401, code: "replayed_signature"), .error(503, code: "server_busy"))
        for (status, code) in [(401, "replayed_signature"), (503, "server_busy")] {
            do {
                _ = try await client.requestConversionValue(devKey: "dk", appStoreID: "1")
                Issue.record("expected \(status)")
            } catch let error as LandfallError {
                #expect(error.code == .server && error.statusCode == status && error.serverCode == code)
            }
        }
        // Not retried: a retried signature would be a replay.
        #expect(await harness.transport.requests(to: Self.path).count == 2)
    }

    @Test func withoutAnInstallIdThereIsNothingToAskFor() async throws {
        let harness = Harness()
        let client = harness.makeClient()
        try await client.start(with: Harness.configuration(deferred: false))
        await #expect(throws: LandfallError.self) { try await client.requestConversionValue(devKey: "dk", appStoreID: "1") }
    }
}
