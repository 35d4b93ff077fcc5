import Crypto
import Foundation

/// Random identifiers, keys and short codes, and the hashes keys are stored as.
enum SecretGenerator {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    /// `length` characters of base62 from the system's cryptographic generator.
    static func base62(length: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }

    static func identifier() -> String {
        UUID().uuidString.lowercased()
    }

    static func sha256Hex(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    static func secretKey() -> String { "lf_sk_" + base62(length: 32) }
    static func publishableKey() -> String { "lf_pk_" + base62(length: 24) }
    static func adminToken() -> String { "lf_admin_" + base62(length: 32) }
    /// 7 base62 characters: 3.5 × 10¹² codes, so a random draw almost never collides.
    static func shortCode() -> String { base62(length: 7) }
    /// 22 base62 characters (about 131 bits): unguessable, URL-safe, fits a Play referrer.
    static func clickToken() -> String { base62(length: clickTokenLength) }
    static let clickTokenLength = 22

    /// Whether `text` has the shape of a click token; checked before any lookup.
    static func isClickToken(_ text: String) -> Bool {
        text.count == clickTokenLength && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
}
