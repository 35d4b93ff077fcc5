/// A request to create a share link from an app (seed 000, "CreateLinkOptions").
public struct CreateLinkOptions: Codable, Sendable, Hashable {
    public var templateId: String?
    public var templateSlug: String?
    public var deepLinkParameters: [String: String]?
    public var title: String?
    public var description: String?
    public var customCode: String?
    public var utmParameters: UTMParameters?
    public var externalUserId: String?

    public init(
        templateId: String? = nil,
        templateSlug: String? = nil,
        deepLinkParameters: [String: String]? = nil,
        title: String? = nil,
        description: String? = nil,
        customCode: String? = nil,
        utmParameters: UTMParameters? = nil,
        externalUserId: String? = nil
    ) {
        self.templateId = templateId
        self.templateSlug = templateSlug
        self.deepLinkParameters = deepLinkParameters
        self.title = title
        self.description = description
        self.customCode = customCode
        self.utmParameters = utmParameters
        self.externalUserId = externalUserId
    }
}
