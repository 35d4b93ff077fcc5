import Foundation
import HTTPTypes
import LandfallStore

/// A referral in the shape of the Carton Caps referral design: `{"id", "user": {"id", "name", "avatar_url"}, "status", "created_at"}`.
///
/// The user's id is a JSON number when the app's user id is a plain integer (the design's apps use
/// integer ids) and a string otherwise; `created_at` is UTC with microseconds and no zone letter,
/// exactly as the design writes it.
struct ReferralListItem: Encodable, Sendable {
    var referral: ReferralRecord

    enum CodingKeys: String, CodingKey { case id, user, status, createdAt = "created_at" }
    enum UserKeys: String, CodingKey { case id, name, avatarUrl = "avatar_url" }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(referral.id, forKey: .id)
        var user = container.nestedContainer(keyedBy: UserKeys.self, forKey: .user)
        try ReferralUserId(referral.refereeId).encode(to: user.superEncoder(forKey: .id))
        try user.encode(referral.refereeName, forKey: .name)
        try user.encode(referral.refereeAvatarUrl, forKey: .avatarUrl)
        try container.encode(referral.status.rawValue, forKey: .status)
        try container.encode(ReferralTimestamp.format(referral.createdAt), forKey: .createdAt)
    }
}

/// A referral as the management endpoints show it: the referral design's fields plus where it stands and why.
struct ReferralDetail: Encodable, Sendable {
    var referral: ReferralRecord

    enum CodingKeys: String, CodingKey {
        case referrer, code = "referral_code", installId = "install_id", linkId = "link_id", reasons
        case qualifiedAt = "qualified_at", completesAt = "completes_at", completedAt = "completed_at", reversedAt = "reversed_at"
    }
    enum ReferrerKeys: String, CodingKey { case id }

    func encode(to encoder: any Encoder) throws {
        try ReferralListItem(referral: referral).encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        var referrer = container.nestedContainer(keyedBy: ReferrerKeys.self, forKey: .referrer)
        try ReferralUserId(referral.referrerId).encode(to: referrer.superEncoder(forKey: .id))
        try container.encode(referral.code, forKey: .code)
        try container.encode(referral.installId, forKey: .installId)
        try container.encode(referral.linkId, forKey: .linkId)
        try container.encode(referral.reasons, forKey: .reasons)
        try container.encode(referral.qualifiedAt.map(ReferralTimestamp.format), forKey: .qualifiedAt)
        try container.encode(referral.completesAt.map(ReferralTimestamp.format), forKey: .completesAt)
        try container.encode(referral.completedAt.map(ReferralTimestamp.format), forKey: .completedAt)
        try container.encode(referral.reversedAt.map(ReferralTimestamp.format), forKey: .reversedAt)
    }
}

/// `{"data": [...], "nextCursor": "..."}` for the flagged report, as other Landfall lists page.
struct ReferralReport: Encodable, Sendable {
    var data: [ReferralDetail]
    var nextCursor: String?
}

/// An external user id: a JSON number when it is a canonical integer, else a string.
struct ReferralUserId: Encodable, Sendable {
    var value: String

    init(_ value: String) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let number = Int64(value), String(number) == value {
            try container.encode(number)
        } else {
            try container.encode(value)
        }
    }
}

/// `2025-08-10T20:03:00.123456`: the referral design's timestamp form, in UTC.
enum ReferralTimestamp {
    static func format(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let whole = date.timeIntervalSince1970.rounded(.down)
        let micros = Int(((date.timeIntervalSince1970 - whole) * 1_000_000).rounded())
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: whole))
        func pad(_ value: Int?, _ width: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))T\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):"
            + "\(pad(parts.second, 2)).\(pad(min(micros, 999_999), 6))"
    }
}

/// The list cursor as text: `<created-at milliseconds>.<id>`.
enum ReferralCursorText {
    static func format(_ cursor: ReferralCursor) -> String { "\(cursor.createdAt.epochMilliseconds).\(cursor.id)" }

    static func parse(_ text: String?) throws -> ReferralCursor? {
        guard let text else { return nil }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let millis = Int64(parts[0]), let id = Int64(parts[1]) else {
            throw APIError.badRequest("invalid_cursor", "cursor must be a value a previous page returned")
        }
        return ReferralCursor(createdAt: Date(epochMilliseconds: millis), id: id)
    }
}
