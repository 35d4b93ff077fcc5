import Foundation
import LandfallModels
import LandfallStore

/// Checks and normalises link content against the app it belongs to.
enum LinkContentValidator {
    static let devices: Set<String> = ["ios", "android", "desktop"]

    static func validate(_ content: LinkContent, app: AppRecord) throws -> LinkContent {
        var valid = LinkContent()
        let appScheme = try Validate.scheme(content.appScheme, "appScheme")
        if let appScheme, let own = app.settings.uriScheme, appScheme != own {
            throw APIError.validation("appScheme", "must be the app's own URI scheme '\(own)'")
        }
        let scheme = appScheme ?? app.settings.uriScheme
        valid.appScheme = appScheme
        valid.originalUrl = try Validate.webURL(content.originalUrl, "originalUrl")
        valid.iosAppStoreUrl = try Validate.webURL(content.iosAppStoreUrl, "iosAppStoreUrl")
        valid.androidAppStoreUrl = try Validate.webURL(content.androidAppStoreUrl, "androidAppStoreUrl")
        valid.webFallbackUrl = try Validate.webURL(content.webFallbackUrl, "webFallbackUrl")
        valid.iosUniversalLink = try Validate.appLinkURL(content.iosUniversalLink, "iosUniversalLink", appScheme: scheme)
        valid.androidAppLink = try Validate.appLinkURL(content.androidAppLink, "androidAppLink", appScheme: scheme)
        if let path = try Validate.text(content.deepLinkPath, "deepLinkPath", max: 512) {
            guard path.hasPrefix("/"), !path.contains(" ") else {
                throw APIError.validation("deepLinkPath", "must be an in-app path starting with / such as /product/42")
            }
            valid.deepLinkPath = path
        }
        valid.deepLinkParameters = try Validate.stringMap(content.deepLinkParameters, "deepLinkParameters")
        if let utm = content.utmParameters {
            let checked = UTMParameters(
                source: try Validate.text(utm.source, "utmParameters.source", max: 256),
                medium: try Validate.text(utm.medium, "utmParameters.medium", max: 256),
                campaign: try Validate.text(utm.campaign, "utmParameters.campaign", max: 256),
                term: try Validate.text(utm.term, "utmParameters.term", max: 256),
                content: try Validate.text(utm.content, "utmParameters.content", max: 256)
            )
            valid.utmParameters = checked.isEmpty ? nil : checked
        }
        valid.title = try Validate.text(content.title, "title", max: 300)
        valid.description = try Validate.text(content.description, "description", max: 1000)
        valid.ogTitle = try Validate.text(content.ogTitle, "ogTitle", max: 300)
        valid.ogDescription = try Validate.text(content.ogDescription, "ogDescription", max: 1000)
        valid.ogImageUrl = try Validate.webURL(content.ogImageUrl, "ogImageUrl")
        valid.targetingRules = try targeting(content.targetingRules)
        valid.attributionWindowHours = try Validate.range(content.attributionWindowHours, "attributionWindowHours", 1...2160)
        return valid
    }

    private static func targeting(_ rules: TargetingRules?) throws -> TargetingRules? {
        guard let rules else { return nil }
        let countries = try rules.countries.map { list in
            try list.enumerated().map { index, code in
                let upper = code.uppercased()
                guard upper.count == 2, upper.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else {
                    throw APIError.validation("targetingRules.countries[\(index)]", "must be an ISO 3166-1 alpha-2 code such as US")
                }
                return upper
            }
        }
        let devices = try rules.devices.map { list in
            try list.enumerated().map { index, device in
                let lower = device.lowercased()
                guard Self.devices.contains(lower) else {
                    throw APIError.validation("targetingRules.devices[\(index)]", "must be ios, android or desktop")
                }
                return lower
            }
        }
        let languages = try rules.languages.map { list in
            try list.enumerated().map { index, language in
                let primary = language.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
                guard (2...3).contains(primary.count), primary.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }) else {
                    throw APIError.validation("targetingRules.languages[\(index)]", "must be a language code such as en")
                }
                return primary
            }
        }
        let normalised = TargetingRules(
            countries: countries?.isEmpty == true ? nil : countries,
            devices: devices?.isEmpty == true ? nil : devices,
            languages: languages?.isEmpty == true ? nil : languages
        )
        return normalised.countries == nil && normalised.devices == nil && normalised.languages == nil ? nil : normalised
    }
}
