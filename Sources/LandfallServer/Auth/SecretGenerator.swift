import Crypto
import Foundation

/// Random identifiers, keys and short codes, and the hashes keys are stored as.
enum SecretGenerator {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    /// `length` characters of base62 from the system's cryptographic generator.
    ///
    /// Draws 64 bits at a time and spends 6 bits per character (rejecting 62 and 63 so every
    /// character is equally likely): a redirect's token costs a few generator calls, not one per character.
    static func base62(length: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        var characters: [Character] = []
        characters.reserveCapacity(length)
        var bits: UInt64 = 0
        var available = 0
        while characters.count < length {
            if available < 6 {
                bits = generator.next()
                available = 64
            }
            let index = Int(bits & 0x3F)
            bits >>= 6
            available -= 6
            if index < alphabet.count { characters.append(alphabet[index]) }
        }
        return String(characters)
    }

    static func identifier() -> String {
        UUID().uuidString.lowercased()
    }

    static func sha256Hex(_ text: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: Data(text.utf8)) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
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
