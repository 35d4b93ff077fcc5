import Foundation

/// What an app learns about the link that opened it (seed 000, "DeepLinkData").
public struct DeepLinkData: Codable, Sendable, Hashable {
    public var shortCode: String
    public var iosUrl: String?
    public var androidUrl: String?
    public var webUrl: String?
    public var utmParameters: UTMParameters?
    public var customParameters: [String: String]?
    public var deepLinkPath: String?
    public var appScheme: String?
    public var clickedAt: Date?
    public var linkId: String?

    public init(
        shortCode: String,
        iosUrl: String? = nil,
        androidUrl: String? = nil,
        webUrl: String? = nil,
        utmParameters: UTMParameters? = nil,
        customParameters: [String: String]? = nil,
        deepLinkPath: String? = nil,
        appScheme: String? = nil,
        clickedAt: Date? = nil,
        linkId: String? = nil
    ) {
        self.shortCode = shortCode
        self.iosUrl = iosUrl
        self.androidUrl = androidUrl
        self.webUrl = webUrl
        self.utmParameters = utmParameters
        self.customParameters = customParameters
        self.deepLinkPath = deepLinkPath
        self.appScheme = appScheme
        self.clickedAt = clickedAt
        self.linkId = linkId
    }
}
