import LandfallModels

/// Everything a link (or a template's defaults) says about where to send people and what to hand the app.
///
/// Stored as one JSON document: none of these fields is filtered or joined on, and keeping them
/// together lets a template and a link share one shape.
public struct LinkContent: Sendable, Hashable, Codable {
    public var originalUrl: String?
    public var iosAppStoreUrl: String?
    public var androidAppStoreUrl: String?
    public var webFallbackUrl: String?
    public var appScheme: String?
    public var iosUniversalLink: String?
    public var androidAppLink: String?
    public var deepLinkPath: String?
    public var deepLinkParameters: [String: String]?
    public var utmParameters: UTMParameters?
    public var title: String?
    public var description: String?
    public var ogTitle: String?
    public var ogDescription: String?
    public var ogImageUrl: String?
    public var targetingRules: TargetingRules?
    public var attributionWindowHours: Int?

    public init(
        originalUrl: String? = nil,
        iosAppStoreUrl: String? = nil,
        androidAppStoreUrl: String? = nil,
        webFallbackUrl: String? = nil,
        appScheme: String? = nil,
        iosUniversalLink: String? = nil,
        androidAppLink: String? = nil,
        deepLinkPath: String? = nil,
        deepLinkParameters: [String: String]? = nil,
        utmParameters: UTMParameters? = nil,
        title: String? = nil,
        description: String? = nil,
        ogTitle: String? = nil,
        ogDescription: String? = nil,
        ogImageUrl: String? = nil,
        targetingRules: TargetingRules? = nil,
        attributionWindowHours: Int? = nil
    ) {
        self.originalUrl = originalUrl
        self.iosAppStoreUrl = iosAppStoreUrl
        self.androidAppStoreUrl = androidAppStoreUrl
        self.webFallbackUrl = webFallbackUrl
        self.appScheme = appScheme
        self.iosUniversalLink = iosUniversalLink
        self.androidAppLink = androidAppLink
        self.deepLinkPath = deepLinkPath
        self.deepLinkParameters = deepLinkParameters
        self.utmParameters = utmParameters
        self.title = title
        self.description = description
        self.ogTitle = ogTitle
        self.ogDescription = ogDescription
        self.ogImageUrl = ogImageUrl
        self.targetingRules = targetingRules
        self.attributionWindowHours = attributionWindowHours
    }

    /// Fills every unset field from `defaults` (a template); parameter maps are merged with the link's own values winning.
    public func filling(from defaults: LinkContent) -> LinkContent {
        var merged = self
        merged.originalUrl = originalUrl ?? defaults.originalUrl
        merged.iosAppStoreUrl = iosAppStoreUrl ?? defaults.iosAppStoreUrl
        merged.androidAppStoreUrl = androidAppStoreUrl ?? defaults.androidAppStoreUrl
        merged.webFallbackUrl = webFallbackUrl ?? defaults.webFallbackUrl
        merged.appScheme = appScheme ?? defaults.appScheme
        merged.iosUniversalLink = iosUniversalLink ?? defaults.iosUniversalLink
        merged.androidAppLink = androidAppLink ?? defaults.androidAppLink
        merged.deepLinkPath = deepLinkPath ?? defaults.deepLinkPath
        if let base = defaults.deepLinkParameters {
            merged.deepLinkParameters = base.merging(deepLinkParameters ?? [:]) { _, own in own }
        }
        merged.utmParameters = (utmParameters ?? UTMParameters()).filling(from: defaults.utmParameters)
        if merged.utmParameters?.isEmpty == true { merged.utmParameters = nil }
        merged.title = title ?? defaults.title
        merged.description = description ?? defaults.description
        merged.ogTitle = ogTitle ?? defaults.ogTitle
        merged.ogDescription = ogDescription ?? defaults.ogDescription
        merged.ogImageUrl = ogImageUrl ?? defaults.ogImageUrl
        merged.targetingRules = targetingRules ?? defaults.targetingRules
        merged.attributionWindowHours = attributionWindowHours ?? defaults.attributionWindowHours
        return merged
    }
}

/// Who a link's app routing is meant for; a click that matches no rule goes to the web fallback.
public struct TargetingRules: Sendable, Hashable, Codable {
    /// ISO 3166-1 alpha-2 codes, uppercase.
    public var countries: [String]?
    /// `ios`, `android`, `desktop`.
    public var devices: [String]?
    /// Primary language subtags, lowercase (`en`, `pt`).
    public var languages: [String]?

    public init(countries: [String]? = nil, devices: [String]? = nil, languages: [String]? = nil) {
        self.countries = countries
        self.devices = devices
        self.languages = languages
    }
}
