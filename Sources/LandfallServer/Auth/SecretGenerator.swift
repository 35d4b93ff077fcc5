import Crypto
import Foundation

/// Random identifiers, keys and short codes, and the hashes keys are stored as.
enum SecretGenerator {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// `length` characters of base62 from the kernel's cryptographic generator.
    ///
    /// Draws 64 bits at a time and spends 6 bits per character (rejecting 62 and 63 so every
    /// character is equally likely): a redirect's token costs a few words of the pool, not one per character.
    static func base62(length: Int) -> String {
        var generator = KernelRandomPool()
        var characters: [UInt8] = []
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
        return String(decoding: characters, as: UTF8.self)
    }

    /// A time-ordered UUID (version 7, RFC 9562): 48 bits of Unix milliseconds, then 74 random
    /// bits. Rows are written in roughly key order, so the primary-key B-trees of clicks, installs
    /// and events grow at their right edge instead of splitting pages all over a large index.
    static func identifier(at date: Date = Date()) -> String {
        var generator = KernelRandomPool()
        let milliseconds = UInt64(max(0, date.timeIntervalSince1970 * 1000))
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<6 { bytes[index] = UInt8(truncatingIfNeeded: milliseconds >> (8 * (5 - index))) }
        for index in 6..<8 { bytes[index] = UInt8(truncatingIfNeeded: high >> (8 * index)) }
        for index in 8..<16 { bytes[index] = UInt8(truncatingIfNeeded: low >> (8 * (index - 8))) }
        bytes[6] = 0x70 | (bytes[6] & 0x0F)
        bytes[8] = 0x80 | (bytes[8] & 0x3F)
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if [4, 6, 8, 10].contains(index) { text.append(UInt8(ascii: "-")) }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
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
    /// 22 base62 characters: 6 of the second it was minted, in an alphabet that sorts as ASCII, then
    /// 16 random ones (about 95 bits): unguessable, URL-safe, fits a Play referrer.
    ///
    /// The time prefix is for the database: tokens minted together sort together, so the unique
    /// index on clicks' tokens grows at its right edge. Fully random tokens put every click on a
    /// random leaf of an index larger than the page cache, one more 4 KiB page written to the WAL
    /// and checkpointed per click.
    static func clickToken(at date: Date = Date()) -> String {
        timeOrderedPrefix(seconds: UInt64(max(0, date.timeIntervalSince1970))) + base62(length: clickTokenLength - clickTokenTimeLength)
    }
    static let clickTokenLength = 22
    /// 62⁶ seconds: until the year 3770.
    static let clickTokenTimeLength = 6

    private static let asciiOrderedDigits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)

    private static func timeOrderedPrefix(seconds: UInt64) -> String {
        var digits = [UInt8](repeating: asciiOrderedDigits[0], count: clickTokenTimeLength)
        var rest = seconds
        for index in stride(from: clickTokenTimeLength - 1, through: 0, by: -1) {
            digits[index] = asciiOrderedDigits[Int(rest % 62)]
            rest /= 62
        }
        return String(decoding: digits, as: UTF8.self)
    }

    /// Whether `text` has the shape of a click token; checked before any lookup.
    static func isClickToken(_ text: String) -> Bool {
        text.count == clickTokenLength && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
}
