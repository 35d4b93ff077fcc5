import Foundation
import HTTPTypes
import LandfallModels
import LandfallStore

/// A link's deep link data under Branch's key names (`~channel`, `$deeplink_path`, custom keys, …).
///
/// Built as a Foundation JSON object because Branch `data` is free-form: a link made through
/// `/v1/url` reads back with its numbers, arrays and objects exactly as sent.
enum BranchLinkData {
    /// The link's keys: a `/v1/url` link's own `data` and analytics tags, or a Landfall link's
    /// content under the Branch names (UTM source, medium and campaign as channel, feature, campaign).
    static func dictionary(link: LinkRecord, branch: BranchLinkRecord?, app: AppRecord, url: String) -> [String: Any] {
        let content = link.content
        var data: [String: Any] = [:]
        if let branch {
            data = object(branch.data)
            if let channel = branch.channel { data["~channel"] = channel }
            if let feature = branch.feature { data["~feature"] = feature }
            if let campaign = branch.campaign { data["~campaign"] = campaign }
            if let stage = branch.stage { data["~stage"] = stage }
            data["~tags"] = branch.tags
            data["~creation_source"] = 0
        } else {
            for (key, value) in content.deepLinkParameters ?? [:] { data[key] = value }
            let set: [(String, String?)] = [
                ("$deeplink_path", content.deepLinkPath), ("$og_title", content.ogTitle ?? content.title),
                ("$og_description", content.ogDescription ?? content.description), ("$og_image_url", content.ogImageUrl),
                ("$ios_url", content.iosAppStoreUrl), ("$android_url", content.androidAppStoreUrl),
                ("$desktop_url", content.webFallbackUrl ?? content.originalUrl ?? app.settings.webFallbackUrl),
                ("~channel", content.utmParameters?.source), ("~feature", content.utmParameters?.medium),
                ("~campaign", content.utmParameters?.campaign),
            ]
            for case let (key, value?) in set { data[key] = value }
            data["~tags"] = [String]()
        }
        if data["$canonical_url"] == nil { data["$canonical_url"] = content.originalUrl ?? url }
        data["~id"] = link.id
        data["~referring_link"] = url
        return data
    }

    /// A JSON object from stored text; an unreadable one is empty rather than a failed open.
    static func object(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    /// Compact JSON text with sorted keys and unescaped slashes, as Branch's `data` string looks.
    static func text(_ object: Any) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }
}
