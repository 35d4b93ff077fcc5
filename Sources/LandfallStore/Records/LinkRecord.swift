import Foundation

/// A short link of one app.
public struct LinkRecord: Sendable, Hashable, Codable {
    public var id: String
    public var appId: String
    public var shortCode: String
    public var templateId: String?
    /// Fixed when the link is created so a printed URL keeps working if the template is renamed.
    public var templateSlug: String?
    public var externalUserId: String?
    /// Identifies "the same link asked for again by the same user"; see the SDK link endpoint.
    public var dedupKey: String?
    public var isActive: Bool
    public var expiresAt: Date?
    public var content: LinkContent
    /// The owner's choice, set through the API.
    public var safety: LinkSafety
    /// The domain lists' verdict on the link's destinations, stored when the link or a list changes.
    public var domainSafety: LinkSafety
    public var createdAt: Date
    public var updatedAt: Date

    /// What visitors get: the stricter of the owner's choice and the lists' verdict.
    public var effectiveSafety: LinkSafety { max(safety, domainSafety) }

    public init(
        id: String, appId: String, shortCode: String, templateId: String? = nil, templateSlug: String? = nil,
        externalUserId: String? = nil, dedupKey: String? = nil, isActive: Bool = true, expiresAt: Date? = nil,
        content: LinkContent, safety: LinkSafety = .allow, domainSafety: LinkSafety = .allow, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.appId = appId
        self.shortCode = shortCode
        self.templateId = templateId
        self.templateSlug = templateSlug
        self.externalUserId = externalUserId
        self.dedupKey = dedupKey
        self.isActive = isActive
        self.expiresAt = expiresAt
        self.content = content
        self.safety = safety
        self.domainSafety = domainSafety
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// A page of links, newest first.
public struct LinkPage: Sendable, Hashable {
    public var links: [LinkRecord]
    /// Pass back as `LinkQuery.after` for the next page; nil on the last page.
    public var nextCursor: LinkCursor?

    public init(links: [LinkRecord], nextCursor: LinkCursor?) {
        self.links = links
        self.nextCursor = nextCursor
    }
}

/// A position in the newest-first order of an app's links.
public struct LinkCursor: Sendable, Hashable {
    public var createdAt: Date
    public var id: String

    public init(createdAt: Date, id: String) {
        self.createdAt = createdAt
        self.id = id
    }
}

/// Filters for listing links.
public struct LinkQuery: Sendable, Hashable {
    public var limit: Int
    public var after: LinkCursor?
    public var externalUserId: String?
    public var templateId: String?
    public var isActive: Bool?

    public init(limit: Int = 50, after: LinkCursor? = nil, externalUserId: String? = nil, templateId: String? = nil, isActive: Bool? = nil)
    {
        self.limit = limit
        self.after = after
        self.externalUserId = externalUserId
        self.templateId = templateId
        self.isActive = isActive
    }
}
