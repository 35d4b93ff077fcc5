import Foundation
import LandfallStore

/// The body of `POST /api/apps` (and, after merging, of `PATCH /api/apps/:id`).
struct AppInput: Codable, Sendable {
    var name: String
    var slug: String?
    var domains: [String]?
    var iosTeamId: String?
    var iosBundleIds: [String]?
    var iosAppStoreUrl: String?
    var iosAppStoreId: String?
    var androidPackageName: String?
    var androidSha256CertFingerprints: [String]?
    var androidPlayStoreUrl: String?
    var uriScheme: String?
    var webFallbackUrl: String?
    var attributionWindowHours: Int?
    var attributionThreshold: Int?
    var attributionTargetPrecision: Double?
    var iosProbabilisticMatching: Bool?

    static let reservedSlugs: Set<String> = ["api", "health", "admin"]

    /// Checks every field and returns the normalised slug, domains and settings.
    func validated() throws -> (name: String, slug: String, domains: [String], settings: AppSettings) {
        guard let name = try Validate.text(name, "name", max: 100, required: true) else {
            throw APIError.validation("name", "is required")
        }
        // An absent, empty or blank slug is derived from the name, and the derived one is checked too.
        let requested = try Validate.text(slug, "slug", max: 40)
        guard let slug = try Validate.slug(requested ?? Validate.slugify(name), "slug", reserved: Self.reservedSlugs) else {
            throw APIError.validation("slug", "cannot be derived from the name; give one")
        }
        var domains: [String] = []
        for (index, domain) in (self.domains ?? []).enumerated() {
            let host = try Validate.host(domain, "domains[\(index)]")
            if !domains.contains(host) { domains.append(host) }
        }
        guard domains.count <= 20 else { throw APIError.validation("domains", "at most 20 domains") }
        let bundleIds = try (iosBundleIds ?? []).enumerated().map { try Validate.reverseDNS($1, "iosBundleIds[\($0)]") }
        let fingerprints = try (androidSha256CertFingerprints ?? []).enumerated()
            .map { try Validate.certificateFingerprint($1, "androidSha256CertFingerprints[\($0)]") }
        let settings = AppSettings(
            iosTeamId: try Validate.teamId(iosTeamId, "iosTeamId"),
            iosBundleIds: bundleIds,
            iosAppStoreUrl: try Validate.webURL(iosAppStoreUrl, "iosAppStoreUrl"),
            iosAppStoreId: try Validate.digits(iosAppStoreId, "iosAppStoreId"),
            androidPackageName: try androidPackageName.map { try Validate.reverseDNS($0, "androidPackageName") },
            androidSha256CertFingerprints: fingerprints,
            androidPlayStoreUrl: try Validate.webURL(androidPlayStoreUrl, "androidPlayStoreUrl"),
            uriScheme: try Validate.scheme(uriScheme, "uriScheme"),
            webFallbackUrl: try Validate.webURL(webFallbackUrl, "webFallbackUrl"),
            attributionWindowHours: try Validate.range(attributionWindowHours, "attributionWindowHours", 1...2160)
                ?? AppSettings.defaultAttributionWindowHours,
            attributionThreshold: try Validate.range(attributionThreshold, "attributionThreshold", 1...100),
            attributionTargetPrecision: try Validate.openRange(attributionTargetPrecision, "attributionTargetPrecision", 0.5, 0.999),
            iosProbabilisticMatching: iosProbabilisticMatching ?? true
        )
        if !settings.iosBundleIds.isEmpty, settings.iosTeamId == nil {
            throw APIError.validation("iosTeamId", "is required with iosBundleIds (apple-app-site-association needs TEAMID.bundle)")
        }
        return (name, slug, domains, settings)
    }
}

/// An app as the API shows it.
struct AppResponse: Codable, Sendable {
    var id: String
    var name: String
    var slug: String
    var domains: [String]
    var iosTeamId: String?
    var iosBundleIds: [String]
    var iosAppStoreUrl: String?
    var iosAppStoreId: String?
    var androidPackageName: String?
    var androidSha256CertFingerprints: [String]
    var androidPlayStoreUrl: String?
    var uriScheme: String?
    var webFallbackUrl: String?
    var attributionWindowHours: Int
    var attributionThreshold: Int?
    var attributionTargetPrecision: Double?
    var iosProbabilisticMatching: Bool
    var createdAt: Date
    var updatedAt: Date

    init(_ app: AppRecord) {
        id = app.id
        name = app.name
        slug = app.slug
        domains = app.domains
        iosTeamId = app.settings.iosTeamId
        iosBundleIds = app.settings.iosBundleIds
        iosAppStoreUrl = app.settings.iosAppStoreUrl
        iosAppStoreId = app.settings.iosAppStoreId
        androidPackageName = app.settings.androidPackageName
        androidSha256CertFingerprints = app.settings.androidSha256CertFingerprints
        androidPlayStoreUrl = app.settings.androidPlayStoreUrl
        uriScheme = app.settings.uriScheme
        webFallbackUrl = app.settings.webFallbackUrl
        attributionWindowHours = app.settings.attributionWindowHours
        attributionThreshold = app.settings.attributionThreshold
        attributionTargetPrecision = app.settings.attributionTargetPrecision
        iosProbabilisticMatching = app.settings.iosProbabilisticMatching
        createdAt = app.createdAt
        updatedAt = app.updatedAt
    }

    static let readOnlyKeys: Set<String> = ["id", "createdAt", "updatedAt"]
}
