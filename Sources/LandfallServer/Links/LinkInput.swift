import Foundation
import LandfallModels
import LandfallStore

/// The body of `POST /api/links` and `POST /api/sdk/v1/links` (and, merged, of `PATCH /api/links/:id`).
///
/// The content fields are decoded straight into ``LinkContent`` from the same JSON object.
struct LinkInput: Decodable, Sendable {
    var content: LinkContent
    var customCode: String?
    var templateId: String?
    var externalUserId: String?
    var expiresAt: Date?
    var isActive: Bool?
    /// The owner's safety state; nil keeps the current one (a new link: allow).
    var safety: LinkSafety?

    enum CodingKeys: String, CodingKey {
        case customCode, templateId, externalUserId, expiresAt, isActive, safety
    }

    init(
        content: LinkContent = LinkContent(), customCode: String? = nil, templateId: String? = nil,
        externalUserId: String? = nil, expiresAt: Date? = nil, isActive: Bool? = nil, safety: LinkSafety? = nil
    ) {
        self.content = content
        self.customCode = customCode
        self.templateId = templateId
        self.externalUserId = externalUserId
        self.expiresAt = expiresAt
        self.isActive = isActive
        self.safety = safety
    }

    init(from decoder: any Decoder) throws {
        content = try LinkContent(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        customCode = try container.decodeIfPresent(String.self, forKey: .customCode)
        templateId = try container.decodeIfPresent(String.self, forKey: .templateId)
        externalUserId = try container.decodeIfPresent(String.self, forKey: .externalUserId)
        expiresAt = try container.decodeIfPresent(Date.self, forKey: .expiresAt)
        isActive = try container.decodeIfPresent(Bool.self, forKey: .isActive)
        safety = try container.decodeIfPresent(LinkSafety.self, forKey: .safety)
    }
}

/// A link as the API shows it: its content fields flat beside its identity.
///
/// `linkId` and `short_code` repeat `id` and `shortCode` for LinkForty's SDKs, which read them.
struct LinkResponse: Encodable, Sendable {
    var link: LinkRecord
    var url: String
    var deduplicated: Bool?

    enum CodingKeys: String, CodingKey {
        case id, appId, shortCode, url, templateId, templateSlug, externalUserId, isActive, expiresAt, createdAt, updatedAt
        case linkId, snakeShortCode = "short_code", deduplicated, safety, domainSafety
    }

    func encode(to encoder: any Encoder) throws {
        try link.content.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(link.id, forKey: .id)
        try container.encode(link.appId, forKey: .appId)
        try container.encode(link.shortCode, forKey: .shortCode)
        try container.encode(url, forKey: .url)
        try container.encodeIfPresent(link.templateId, forKey: .templateId)
        try container.encodeIfPresent(link.templateSlug, forKey: .templateSlug)
        try container.encodeIfPresent(link.externalUserId, forKey: .externalUserId)
        try container.encode(link.isActive, forKey: .isActive)
        try container.encodeIfPresent(link.expiresAt, forKey: .expiresAt)
        try container.encode(link.createdAt, forKey: .createdAt)
        try container.encode(link.updatedAt, forKey: .updatedAt)
        try container.encode(link.id, forKey: .linkId)
        try container.encode(link.shortCode, forKey: .snakeShortCode)
        try container.encodeIfPresent(deduplicated, forKey: .deduplicated)
        try container.encode(link.safety, forKey: .safety)
        try container.encode(link.domainSafety, forKey: .domainSafety)
    }

    static let readOnlyKeys: Set<String> = [
        "id", "appId", "shortCode", "url", "templateId", "templateSlug", "createdAt", "updatedAt", "linkId", "short_code", "deduplicated",
        "customCode", "domainSafety",
    ]
}
