import Foundation
import HTTPTypes
import LandfallModels
import LandfallStore

/// The body of `POST /v1/url`: Branch's link parameters. `data` is read separately as a raw JSON
/// object (Branch's SDKs also send it as a string of JSON) so it is kept exactly as sent.
struct BranchURLRequest: Decodable, Sendable {
    var branchKey: String?
    var alias: String?
    var type: Int?
    var duration: Int64?
    var channel: String?
    var feature: String?
    var campaign: String?
    var stage: String?
    var tags: [String]?

    enum CodingKeys: String, CodingKey {
        case branchKey = "branch_key", alias, type, duration, channel, feature, campaign, stage, tags
    }

    /// Keys of `data` that Landfall turns into link content rather than custom parameters.
    static let controlKeys: Set<String> = [
        "$fallback_url", "$desktop_url", "$ios_url", "$android_url", "$deeplink_path", "$og_title", "$og_description", "$og_image_url",
    ]

    /// The `data` object of the body: absent, an object, or a string holding one.
    static func data(in body: Data) throws -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw APIError.badRequest("invalid_json", "the body must be a JSON object")
        }
        switch object["data"] {
        case nil, is NSNull: return [:]
        case let dictionary as [String: Any]: return dictionary
        case let text as String:
            guard let parsed = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
                throw APIError.validation("data", "must be a JSON object")
            }
            return parsed
        default: throw APIError.validation("data", "must be a JSON object")
        }
    }

    /// Link content from Branch's parameters: `$fallback_url` (else `$desktop_url`) is where the
    /// link goes, `$ios_url`/`$android_url` replace the store pages, channel/feature/campaign are
    /// the UTM source/medium/campaign, and the other keys of `data` become custom parameters.
    func content(data: [String: Any]) throws -> LinkContent {
        func string(_ key: String) throws -> String? {
            switch data[key] {
            case nil, is NSNull: return nil
            case let text as String: return text
            default: throw APIError.validation("data.\(key)", "must be a string")
            }
        }
        var custom: [String: String] = [:]
        for (key, value) in data where !Self.controlKeys.contains(key) && !key.hasPrefix("~") && !key.hasPrefix("+") {
            switch value {
            case let text as String: custom[key] = text
            case let number as NSNumber: custom[key] = number.stringValue
            default: continue  // nested values stay in the Branch data only
            }
        }
        let path = try string("$deeplink_path").map { $0.hasPrefix("/") ? $0 : "/" + $0 }
        let utm = UTMParameters(source: channel, medium: feature, campaign: campaign)
        return LinkContent(
            originalUrl: try string("$fallback_url") ?? string("$desktop_url"), iosAppStoreUrl: try string("$ios_url"),
            androidAppStoreUrl: try string("$android_url"), webFallbackUrl: try string("$desktop_url"), deepLinkPath: path,
            deepLinkParameters: custom.isEmpty ? nil : custom, utmParameters: utm.isEmpty ? nil : utm,
            ogTitle: try string("$og_title"), ogDescription: try string("$og_description"), ogImageUrl: try string("$og_image_url"),
            attributionWindowHours: duration.map { Int(($0 + 3599) / 3600) }
        )
    }

    /// Landfall's field names in a validation message, put back in Branch's terms.
    static func branchMessage(_ message: String) -> String {
        let names = [
            ("originalUrl", "data.$fallback_url"), ("webFallbackUrl", "data.$desktop_url"), ("iosAppStoreUrl", "data.$ios_url"),
            ("androidAppStoreUrl", "data.$android_url"), ("deepLinkPath", "data.$deeplink_path"), ("ogTitle", "data.$og_title"),
            ("ogDescription", "data.$og_description"), ("ogImageUrl", "data.$og_image_url"), ("utmParameters.source", "channel"),
            ("utmParameters.medium", "feature"), ("utmParameters.campaign", "campaign"), ("deepLinkParameters", "data"),
            ("attributionWindowHours", "duration"), ("customCode", "alias"),
        ]
        for (landfall, branch) in names where message.hasPrefix(landfall + ":") || message.hasPrefix(landfall + ".") {
            return branch + message.dropFirst(landfall.count)
        }
        return message
    }
}
