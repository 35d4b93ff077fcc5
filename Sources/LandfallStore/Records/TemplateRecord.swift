import Foundation

/// Defaults applied to new links of an app, and the path segment of their URLs (`/{slug}/{code}`).
public struct TemplateRecord: Sendable, Hashable, Codable {
    public var id: String
    public var appId: String
    public var name: String
    public var slug: String
    public var defaults: LinkContent
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: String, appId: String, name: String, slug: String, defaults: LinkContent, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.appId = appId
        self.name = name
        self.slug = slug
        self.defaults = defaults
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
