import Crypto
import Foundation

/// The HMAC-SHA256 signatures of AppsFlyer's SDK-less conversion-value requests, keyed by the app's dev key.
///
/// Two forms are accepted:
/// - ``Form/query``: `af_timestamp` and `af_sig` in the query, over `af_timestamp + devKey + app_id + uid`
///   (AppsFlyer's `HmacSHA256(af_timestamp + DevKey + app_id + uid)`).
/// - ``Form/header``: AppsFlyer's reference client, `Af-Timestamp` and `Authorization` headers, over
///   `timestamp + app_id + uid`.
///
/// Every part is the text exactly as sent (`app_id` as `id123` or `123`). Timestamps are Unix seconds
/// or milliseconds and must be within five minutes of the server's clock.
public enum ConversionSignature {
    public enum Form: String, Sendable, Hashable {
        case query, header
    }

    /// How far a timestamp may be from the server's clock, either way.
    public static let tolerance: TimeInterval = 300

    public enum Verdict: Sendable, Hashable {
        case valid
        case invalidSignature
        case staleTimestamp
        case futureTimestamp
    }

    /// The signed text of `form`.
    public static func message(_ form: Form, timestamp: String, devKey: String, appId: String, uid: String) -> String {
        switch form {
        case .query: timestamp + devKey + appId + uid
        case .header: timestamp + appId + uid
        }
    }

    /// Lowercase hex HMAC-SHA256 of `message` keyed by `devKey`.
    public static func sign(_ message: String, devKey: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: SymmetricKey(data: Data(devKey.utf8)))
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in code {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// The moment a timestamp names: up to 16 digits, read as milliseconds from 10¹¹ on (which as
    /// seconds would be the year 5138) and as seconds below. Nil for anything else.
    public static func date(fromTimestamp text: String) -> Date? {
        guard (1...16).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int64(text) else {
            return nil
        }
        return UnixTime.date(secondsOrMilliseconds: Double(value))
    }

    /// Checks the signature first (in constant time), then the timestamp's distance from `now`.
    /// `timestamp` must already have parsed with ``date(fromTimestamp:)``.
    public static func verify(
        _ form: Form, signature: String, timestamp: String, devKey: String, appId: String, uid: String, now: Date
    ) -> Verdict {
        let expected = sign(message(form, timestamp: timestamp, devKey: devKey, appId: appId, uid: uid), devKey: devKey)
        guard constantTimeEquals(signature.lowercased(), expected) else { return .invalidSignature }
        guard let date = date(fromTimestamp: timestamp) else { return .invalidSignature }
        if date < now.addingTimeInterval(-tolerance) { return .staleTimestamp }
        if date > now.addingTimeInterval(tolerance) { return .futureTimestamp }
        return .valid
    }

    /// Compares every byte whatever the first difference, so the time taken tells nothing about
    /// how much of a guess was right. Lengths are public (a hex SHA-256 is always 64 characters).
    static func constantTimeEquals(_ presented: String, _ expected: String) -> Bool {
        let lhs = Array(presented.utf8)
        let rhs = Array(expected.utf8)
        var difference = UInt8(lhs.count == rhs.count ? 0 : 1)
        for index in 0..<rhs.count {
            difference |= (index < lhs.count ? lhs[index] : 0) ^ rhs[index]
        }
        return difference == 0
    }
}
