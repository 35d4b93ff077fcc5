/// A request to create a share link from an app (LinkForty SDK specification, "CreateLinkOptions").
public struct CreateLinkOptions: Codable, Sendable, Hashable {
    /// The UUID of the link template to create the link from; when set, the link is created through
    /// `POST /api/links`, otherwise the server picks the app's newest template.
    public var templateId: String?
    /// The template's slug, which becomes the first path segment of the link (`/{templateSlug}/{shortCode}`);
    /// the server may select the template by it when ``templateId`` is nil.
    public var templateSlug: String?
    /// In-app routing parameters the link carries; the opening app receives them as
    /// ``DeepLinkData/customParameters``.
    public var deepLinkParameters: [String: String]?
    /// The link's title (at most 300 characters), shown in the dashboard and, unless the link has its
    /// own Open Graph title, in its social preview.
    public var title: String?
    /// The link's description (at most 1000 characters), used in its social preview.
    public var description: String?
    /// A short code of the caller's choosing (3-64 letters, digits, `-` or `_`) instead of a generated
    /// one; needs a secret key, since a publishable key may not pick codes.
    public var customCode: String?
    /// Campaign parameters recorded with the link and handed to the app that opens it.
    public var utmParameters: UTMParameters?
    /// The app's own id of the user sharing the link (at most 256 characters): the same user and content
    /// answer the same link (`deduplicated`), and shares are attributed to that user.
    public var externalUserId: String?

    /// Creates options; every parameter is optional and sets the property of the same name.
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
