import Crypto
import Foundation

/// Standard Webhooks signing: `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`,
/// keyed with the base64-decoded part of a `whsec_` secret.
public enum WebhookSignature {
    public static let secretPrefix = "whsec_"

    /// A new secret: `whsec_` and the base64 of 32 random bytes.
    public static func generateSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return secretPrefix + Data(bytes).base64EncodedString()
    }

    /// The HMAC key of a `whsec_` secret, or nil when it is not one.
    public static func key(secret: String) -> SymmetricKey? {
        guard secret.hasPrefix(secretPrefix), let bytes = Data(base64Encoded: String(secret.dropFirst(secretPrefix.count))),
            !bytes.isEmpty
        else { return nil }
        return SymmetricKey(data: bytes)
    }

    /// `v1,<signature>` of one message attempt with one secret.
    public static func sign(id: String, timestamp: Int64, body: Data, secret: String) -> String? {
        guard let key = key(secret: secret) else { return nil }
        var signed = Data("\(id).\(timestamp).".utf8)
        signed.append(body)
        let mac = HMAC<SHA256>.authenticationCode(for: signed, using: key)
        return "v1," + Data(mac).base64EncodedString()
    }

    /// The `webhook-signature` value: one signature per secret, space-separated, so a receiver
    /// holding either the new or the previous secret verifies during a rotation.
    public static func header(id: String, timestamp: Int64, body: Data, secrets: [String]) -> String {
        secrets.compactMap { sign(id: id, timestamp: timestamp, body: body, secret: $0) }.joined(separator: " ")
    }

    /// Whether `header` carries a valid signature for `secret`: what a receiver does, used by tests
    /// and by anyone checking the server's own output.
    public static func verify(header: String, id: String, timestamp: Int64, body: Data, secret: String) -> Bool {
        guard let expected = sign(id: id, timestamp: timestamp, body: body, secret: secret) else { return false }
        return header.split(separator: " ").contains { constantTimeEquals(String($0), expected) }
    }

    private static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let (left, right) = (Array(lhs.utf8), Array(rhs.utf8))
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
