/// The answer to a link creation (LinkForty SDK specification, "CreateLinkResult").
///
/// `id` and `short_code` repeat `linkId` and `shortCode` because LinkForty's iOS SDK reads those
/// snake-case keys from `POST /api/links`.
public struct CreateLinkResult: Codable, Sendable, Hashable {
    /// The full shareable URL, e.g. `https://go.example.com/abc123` or `https://go.example.com/{templateSlug}/abc123`.
    public var url: String
    /// The link's short code, the last path segment of ``url``.
    public var shortCode: String
    /// The link's UUID on the server (also sent as `id`).
    public var linkId: String
    /// True when the server answered an existing link (same user and content) instead of creating
    /// one; absent from servers that do not deduplicate.
    public var deduplicated: Bool?

    /// Creates a result; each parameter sets the property of the same name.
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

    /// Decodes a result, reading `linkId`/`shortCode` or, when absent, LinkForty's `id`/`short_code`.
    ///
    /// - Parameter decoder: the decoder to read from.
    /// - Throws: `DecodingError` when `url`, or both spellings of the id or the short code, are missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let linkId =
            try container.decodeIfPresent(String.self, forKey: .linkId)
            ?? container.decode(String.self, forKey: .id)
        let shortCode =
            try container.decodeIfPresent(String.self, forKey: .shortCode)
            ?? container.decode(String.self, forKey: .snakeShortCode)
        self.init(
            url: try container.decode(String.self, forKey: .url),
            shortCode: shortCode,
            linkId: linkId,
            deduplicated: try container.decodeIfPresent(Bool.self, forKey: .deduplicated)
        )
    }

    /// Encodes the result with both the camelCase keys and LinkForty's `id` and `short_code`.
    ///
    /// - Parameter encoder: the encoder to write to.
    /// - Throws: the encoder's error.
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
