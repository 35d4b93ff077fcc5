import Foundation
import LandfallStore

/// One click as an ad network posts it.
struct S2SClickItem: Decodable, Sendable, Hashable {
    var link: String?
    var linkId: String?
    var ip: String?
    var userAgent: String?
    var screenWidth: Int?
    var screenHeight: Int?
    var timezone: String?
    var language: String?
    var clickId: String?
    var timestamp: Double?
    /// Instead of a link: the campaign the ad belonged to (with the network as `source`, and
    /// `medium`), for networks that know no link of the app.
    var campaign: String?
    var source: String?
    var medium: String?

    enum CodingKeys: String, CodingKey {
        case link, linkId, ip, userAgent, screenWidth, screenHeight, timezone, language, clickId, timestamp, campaign, source, medium
    }

    /// - Parameter timestamp: when the click happened, in Unix milliseconds.
    init(
        link: String? = nil, linkId: String? = nil, ip: String?, userAgent: String?, screenWidth: Int? = nil, screenHeight: Int? = nil,
        timezone: String? = nil, language: String? = nil, clickId: String? = nil, timestamp: Double?,
        campaign: String? = nil, source: String? = nil, medium: String? = nil
    ) {
        self.link = link
        self.linkId = linkId
        self.ip = ip
        self.userAgent = userAgent
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.timezone = timezone
        self.language = language
        self.clickId = clickId
        self.timestamp = timestamp
        self.campaign = campaign
        self.source = source
        self.medium = medium
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        link = try container.decodeIfPresent(String.self, forKey: .link)
        linkId = try container.decodeIfPresent(String.self, forKey: .linkId)
        ip = try container.decodeIfPresent(String.self, forKey: .ip)
        userAgent = try container.decodeIfPresent(String.self, forKey: .userAgent)
        screenWidth = try container.decodeIfPresent(Int.self, forKey: .screenWidth)
        screenHeight = try container.decodeIfPresent(Int.self, forKey: .screenHeight)
        timezone = try container.decodeIfPresent(String.self, forKey: .timezone)
        language = try container.decodeIfPresent(String.self, forKey: .language)
        clickId = try container.decodeIfPresent(String.self, forKey: .clickId)
        // Kept as milliseconds so the item hashes the same however the time was written.
        timestamp = try container.decodeIfPresent(S2STimestamp.self, forKey: .timestamp).map {
            ($0.date.timeIntervalSince1970 * 1000).rounded()
        }
        campaign = try container.decodeIfPresent(String.self, forKey: .campaign)
        source = try container.decodeIfPresent(String.self, forKey: .source)
        medium = try container.decodeIfPresent(String.self, forKey: .medium)
    }

    /// The stored id of this click: the same for a replayed item, so a replay inserts nothing. The
    /// network's click id identifies it per app; without one, every field does.
    func storedId(appId: String) -> String {
        let key: String
        if let clickId {
            key = "\(appId)\u{1F}n\u{1F}\(clickId)"
        } else {
            let parts: [String] =
                [
                    link ?? "", linkId ?? "", ip ?? "", userAgent ?? "", screenWidth.map(String.init) ?? "",
                    screenHeight.map(String.init) ?? "", timezone ?? "", language ?? "", timestamp.map { String(Int64($0)) } ?? "",
                ] + (campaign == nil && source == nil && medium == nil ? [] : [campaign ?? "", source ?? "", medium ?? ""])
            key = "\(appId)\u{1F}h\u{1F}" + parts.joined(separator: "\u{1F}")
        }
        return Self.uuidShaped(SecretGenerator.sha256Hex(key))
    }

    /// A version 8 (custom) UUID from a digest, so S2S click ids look like every other click id.
    static func uuidShaped(_ hex: String) -> String {
        var digits = Array(hex.prefix(32))
        digits[12] = "8"
        digits[16] = ["8", "9", "a", "b"][Int(String(digits[16]), radix: 16)! & 3]
        let text = String(digits)
        func part(_ from: Int, _ to: Int) -> Substring {
            text[text.index(text.startIndex, offsetBy: from)..<text.index(text.startIndex, offsetBy: to)]
        }
        return [part(0, 8), part(8, 12), part(12, 16), part(16, 20), part(20, 32)].joined(separator: "-")
    }
}

/// An item of a batch: decoded on its own, so one malformed item answers its own error.
struct S2SClickSlot: Decodable, Sendable {
    let item: Result<S2SClickItem, DecodingError>

    init(from decoder: any Decoder) throws {
        do {
            item = .success(try S2SClickItem(from: decoder))
        } catch let error as DecodingError {
            item = .failure(error)
        }
    }
}

/// The body: one click, or `{"clicks": [...]}`.
struct S2SClickBody: Decodable, Sendable {
    let slots: [S2SClickSlot]
    let isBatch: Bool

    enum CodingKeys: String, CodingKey { case clicks }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.clicks) {
            slots = try container.decode([S2SClickSlot].self, forKey: .clicks)
            isBatch = true
        } else {
            slots = [try S2SClickSlot(from: decoder)]
            isBatch = false
        }
    }
}
