import Foundation

/// One tenant: an app with its store identities, scheme, domains and defaults.
public struct AppRecord: Sendable, Hashable, Codable {
    public var id: String
    public var slug: String
    public var name: String
    /// Hosts this app serves links on, lowercased; each host belongs to at most one app.
    public var domains: [String]
    public var settings: AppSettings
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: String, slug: String, name: String, domains: [String], settings: AppSettings, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.slug = slug
        self.name = name
        self.domains = domains
        self.settings = settings
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// The configuration of an app that nothing is queried by; stored as one JSON document.
public struct AppSettings: Sendable, Hashable, Codable {
    public var iosTeamId: String?
    public var iosBundleIds: [String]
    public var iosAppStoreUrl: String?
    public var iosAppStoreId: String?
    public var androidPackageName: String?
    public var androidSha256CertFingerprints: [String]
    public var androidPlayStoreUrl: String?
    public var uriScheme: String?
    public var webFallbackUrl: String?
    public var attributionWindowHours: Int
    /// Minimum confidence (0-100) for a probabilistic match; nil for the engine's default.
    public var attributionThreshold: Int?
    /// The precision (0.5-0.999, exclusive) the app wants of probabilistic matches: the server
    /// picks the cut that delivers it by its own estimate on the app's installs. Takes precedence
    /// over `attributionThreshold` once the app's model has an estimate.
    public var attributionTargetPrecision: Double?
    /// Whether iOS installs without a click token may be matched on signals (IP prefix, device,
    /// screen, time zone). Off for apps that follow Apple's policy against fingerprinting: their
    /// iOS installs are credited only through click tokens, and are otherwise organic.
    public var iosProbabilisticMatching: Bool

    public static let defaultAttributionWindowHours = 168

    public init(
        iosTeamId: String? = nil,
        iosBundleIds: [String] = [],
        iosAppStoreUrl: String? = nil,
        iosAppStoreId: String? = nil,
        androidPackageName: String? = nil,
        androidSha256CertFingerprints: [String] = [],
        androidPlayStoreUrl: String? = nil,
        uriScheme: String? = nil,
        webFallbackUrl: String? = nil,
        attributionWindowHours: Int = AppSettings.defaultAttributionWindowHours,
        attributionThreshold: Int? = nil,
        attributionTargetPrecision: Double? = nil,
        iosProbabilisticMatching: Bool = true
    ) {
        self.attributionTargetPrecision = attributionTargetPrecision
        self.iosTeamId = iosTeamId
        self.iosBundleIds = iosBundleIds
        self.iosAppStoreUrl = iosAppStoreUrl
        self.iosAppStoreId = iosAppStoreId
        self.androidPackageName = androidPackageName
        self.androidSha256CertFingerprints = androidSha256CertFingerprints
        self.androidPlayStoreUrl = androidPlayStoreUrl
        self.uriScheme = uriScheme
        self.webFallbackUrl = webFallbackUrl
        self.attributionWindowHours = attributionWindowHours
        self.attributionThreshold = attributionThreshold
        self.iosProbabilisticMatching = iosProbabilisticMatching
    }
}

extension AppSettings {
    private enum CodingKeys: String, CodingKey {
        case iosTeamId, iosBundleIds, iosAppStoreUrl, iosAppStoreId, androidPackageName, androidSha256CertFingerprints
        case androidPlayStoreUrl, uriScheme, webFallbackUrl, attributionWindowHours, attributionThreshold, attributionTargetPrecision
        case iosProbabilisticMatching
    }

    /// Settings documents stored before a key existed decode to that key's default, so adding a
    /// setting needs no migration of the `apps.settings` column.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            iosTeamId: try container.decodeIfPresent(String.self, forKey: .iosTeamId),
            iosBundleIds: try container.decode([String].self, forKey: .iosBundleIds),
            iosAppStoreUrl: try container.decodeIfPresent(String.self, forKey: .iosAppStoreUrl),
            iosAppStoreId: try container.decodeIfPresent(String.self, forKey: .iosAppStoreId),
            androidPackageName: try container.decodeIfPresent(String.self, forKey: .androidPackageName),
            androidSha256CertFingerprints: try container.decode([String].self, forKey: .androidSha256CertFingerprints),
            androidPlayStoreUrl: try container.decodeIfPresent(String.self, forKey: .androidPlayStoreUrl),
            uriScheme: try container.decodeIfPresent(String.self, forKey: .uriScheme),
            webFallbackUrl: try container.decodeIfPresent(String.self, forKey: .webFallbackUrl),
            attributionWindowHours: try container.decode(Int.self, forKey: .attributionWindowHours),
            attributionThreshold: try container.decodeIfPresent(Int.self, forKey: .attributionThreshold),
            attributionTargetPrecision: try container.decodeIfPresent(Double.self, forKey: .attributionTargetPrecision),
            iosProbabilisticMatching: try container.decodeIfPresent(Bool.self, forKey: .iosProbabilisticMatching) ?? true
        )
    }
}
