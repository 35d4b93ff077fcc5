import Foundation

/// What an app learns about the link that opened it (LinkForty SDK specification, "DeepLinkData").
public struct DeepLinkData: Codable, Sendable, Hashable {
    /// The link's short code; empty when the data was parsed on the device from a custom-scheme URL.
    public var shortCode: String
    /// Where the link sends iOS users: its Universal Link or App Store URL, else the app's App Store URL.
    public var iosUrl: String?
    /// Where the link sends Android users: its App Link or Play Store URL, else the app's Play Store URL.
    public var androidUrl: String?
    /// Where the link sends other browsers: its destination or web fallback, else the app's web fallback.
    public var webUrl: String?
    /// The campaign parameters recorded with the link (or read from the opened URL's `utm_*` query).
    public var utmParameters: UTMParameters?
    /// The link's in-app routing parameters (``CreateLinkOptions/deepLinkParameters``); parsed on the
    /// device, the URL's query parameters other than `utm_*` and `lf_click`.
    public var customParameters: [String: String]?
    /// The in-app route to open, e.g. `/product/123`.
    public var deepLinkPath: String?
    /// The app's URI scheme without `://`, e.g. `myapp`.
    public var appScheme: String?
    /// When the link was clicked (for a link the SDK resolved, when it was resolved); on the wire,
    /// ISO 8601 in UTC without fractional seconds (`2026-01-31T12:00:00Z`). Nil when not known.
    public var clickedAt: Date?
    /// The link's UUID on the server.
    public var linkId: String?

    /// Creates link data; only the short code is required, every parameter sets the property of the same name.
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
