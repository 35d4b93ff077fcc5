import Foundation
import LandfallBench
import LandfallServer
import Testing

@Suite("Webhook signatures")
struct WebhookSignatureTests {
    /// The example of the Standard Webhooks specification (and Svix's libraries).
    static let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    static let id = "msg_p5jXN8AQM9LWM0D4loKWxJek"
    static let timestamp: Int64 = 1_614_265_330
    static let body = Data(#"{"test": 2432232314}"#.utf8)

    @Test func theSpecificationsExampleSignsToItsPublishedSignature() {
        let signature = WebhookSignature.sign(id: Self.id, timestamp: Self.timestamp, body: Self.body, secret: Self.secret)
        #expect(signature == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
    }

    @Test func signaturesMatchOpenSSLsHMAC() async throws {
        for _ in 0..<5 {
            let secret = WebhookSignature.generateSecret()
            let body = Data((0..<Int.random(in: 0...300)).map { _ in UInt8.random(in: 0...255) })
            let id = "msg_\(UUID().uuidString)"
            let timestamp = Int64.random(in: 1_600_000_000...1_900_000_000)
            let ours = try #require(WebhookSignature.sign(id: id, timestamp: timestamp, body: body, secret: secret))
            var signed = Data("\(id).\(timestamp).".utf8)
            signed.append(body)
            let key = try #require(Data(base64Encoded: String(secret.dropFirst("whsec_".count))))
            let theirs = try await Self.openSSLHMAC(key: key, data: signed)
            #expect(ours == "v1," + theirs.base64EncodedString())
        }
    }

    @Test func aSecretIsWhsecAndTheBase64Of32RandomBytes() {
        let secret = WebhookSignature.generateSecret()
        #expect(secret.hasPrefix("whsec_"))
        #expect(Data(base64Encoded: String(secret.dropFirst(6)))?.count == 32)
        #expect(secret != WebhookSignature.generateSecret())
    }

    @Test func bothSignaturesOfARotationVerifyAndTamperingFails() throws {
        let next = WebhookSignature.generateSecret()
        let header = WebhookSignature.header(id: Self.id, timestamp: Self.timestamp, body: Self.body, secrets: [next, Self.secret])
        #expect(header.split(separator: " ").count == 2)
        #expect(WebhookSignature.verify(header: header, id: Self.id, timestamp: Self.timestamp, body: Self.body, secret: next))
        #expect(WebhookSignature.verify(header: header, id: Self.id, timestamp: Self.timestamp, body: Self.body, secret: Self.secret))
        #expect(!WebhookSignature.verify(header: header, id: Self.id, timestamp: Self.timestamp + 1, body: Self.body, secret: Self.secret))
        #expect(
            !WebhookSignature.verify(header: header, id: Self.id, timestamp: Self.timestamp, body: Data("{}".utf8), secret: Self.secret))
        #expect(!WebhookSignature.verify(header: header, id: Self.id, timestamp: Self.timestamp, body: Self.body, secret: "whsec_AAAA"))
        #expect(WebhookSignature.sign(id: Self.id, timestamp: Self.timestamp, body: Self.body, secret: "not-a-secret") == nil)
    }

    /// HMAC-SHA256 computed by the openssl command, independently of swift-crypto.
    static func openSSLHMAC(key: Data, data: Data) async throws -> Data {
        let directory = FileManager.default.temporaryDirectory
        let input = directory.appendingPathComponent("landfall-hmac-\(UUID().uuidString)")
        try data.write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let hexKey = key.map { String(format: "%02x", $0) }.joined()
        let (status, result) = try await ManagedProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            arguments: ["openssl", "dgst", "-sha256", "-mac", "HMAC", "-macopt", "hexkey:\(hexKey)", "-binary", input.path],
            timeout: .seconds(30)
        )
        guard status.isSuccess, result.count == 32 else { throw TestServerError("openssl ended with \(status), \(result.count) bytes") }
        return result
    }
}
