/// The answer to a link creation (seed 000, "CreateLinkResult").
///
/// `id` and `short_code` repeat `linkId` and `shortCode` because LinkForty's iOS SDK reads those
/// snake-case keys from `POST /api/links`.
public struct CreateLinkResult: Codable, Sendable, Hashable {
    public var url: String
    public var shortCode: String
    public var linkId: String
    public var deduplicated: Bool?

    public init(url: String, shortCode: String, linkId: String, deduplicated: Bool? = nil) {
        self.url = url
        self.shortCode = shortCode
        self.linkId = linkId
        self.deduplicated = deduplicated
    }

    enum CodingKeys: String, CodingKey {
        case url, shortCode, linkId, deduplicated
        case id
        case snakeShortCode = "short_code"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let linkId = try container.decodeIfPresent(String.self, forKey: .linkId)
            ?? container.decode(String.self, forKey: .id)
        let shortCode = try container.decodeIfPresent(String.self, forKey: .shortCode)
            ?? container.decode(String.self, forKey: .snakeShortCode)
        self.init(
            url: try container.decode(String.self, forKey: .url),
            shortCode: shortCode,
            linkId: linkId,
            deduplicated: try container.decodeIfPresent(Bool.self, forKey: .deduplicated)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encode(shortCode, forKey: .shortCode)
        try container.encode(linkId, forKey: .linkId)
        try container.encodeIfPresent(deduplicated, forKey: .deduplicated)
        try container.encode(linkId, forKey: .id)
        try container.encode(shortCode, forKey: .snakeShortCode)
    }
}
