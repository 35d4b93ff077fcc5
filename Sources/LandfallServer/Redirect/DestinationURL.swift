import Foundation
import LandfallModels
import LandfallStore

/// Builds the URLs a click is sent to, carrying UTM parameters, query parameters and the click token.
enum DestinationURL {
    /// Adds (or replaces) query items on `base`, keeping its own fragment where it was.
    static func adding(_ items: [(name: String, value: String)], to base: String) -> String {
        guard !items.isEmpty, var components = URLComponents(string: base) else { return base }
        var query = components.queryItems ?? []
        for item in items {
            query.removeAll { $0.name == item.name }
            query.append(URLQueryItem(name: item.name, value: item.value))
        }
        components.percentEncodedQuery = query.map { item in
            "\(encode(item.name))=\(encode(item.value ?? ""))"
        }.joined(separator: "&")
        return components.string ?? base
    }

    /// The web destination with the link's UTM parameters and the visitor's own query parameters
    /// (the visitor's win: a `?utm_source=newsletter` on the short link overrides the link's default).
    static func web(_ base: String, link: LinkRecord, incoming: [(name: String, value: String)]) -> String {
        let utm = link.content.utmParameters?.queryItems ?? []
        return adding(utm + incoming, to: base)
    }

    /// `scheme://path?params&lf_click=token&link_click_id=token`, which opens the installed app at the link's path.
    static func appScheme(_ scheme: String, link: LinkRecord, clickToken: String?, incoming: [(name: String, value: String)]) -> String {
        let path = link.content.deepLinkPath.map { String($0.drop { $0 == "/" }) } ?? ""
        return adding(appItems(link: link, clickToken: clickToken, incoming: incoming), to: "\(scheme)://\(path)")
    }

    /// A Universal Link / App Link with the same parameters appended.
    static func appLink(_ base: String, link: LinkRecord, clickToken: String?, incoming: [(name: String, value: String)]) -> String {
        adding(appItems(link: link, clickToken: clickToken, incoming: incoming), to: base)
    }

    /// An Android intent URL that opens the app if installed and falls back to `fallback` in Chrome.
    static func androidIntent(
        scheme: String, package: String?, link: LinkRecord, clickToken: String?, incoming: [(name: String, value: String)], fallback: String
    ) -> String {
        let target = appScheme(scheme, link: link, clickToken: clickToken, incoming: incoming)
        let withoutScheme = target.dropFirst(scheme.count + 3)
        var intent = "intent://\(withoutScheme)#Intent;scheme=\(scheme);"
        if let package { intent += "package=\(package);" }
        intent += "S.browser_fallback_url=\(encode(fallback));end"
        return intent
    }

    /// The Play Store listing with an install referrer carrying the click token and UTM parameters,
    /// which the Play Install Referrer API hands to the app after install.
    static func playStore(_ base: String, link: LinkRecord, clickToken: String?) -> String {
        var referrer: [(name: String, value: String)] = []
        // `link_click_id` is the name Branch's Android SDK reads from the referrer.
        if let clickToken { referrer += [("lf_click", clickToken), ("link_click_id", clickToken)] }
        referrer += link.content.utmParameters?.queryItems ?? []
        guard !referrer.isEmpty else { return base }
        let value = referrer.map { "\(encode($0.name))=\(encode($0.value))" }.joined(separator: "&")
        return adding([("referrer", value)], to: base)
    }

    private static func appItems(link: LinkRecord, clickToken: String?, incoming: [(name: String, value: String)]) -> [(
        name: String, value: String
    )] {
        var items = (link.content.deepLinkParameters ?? [:]).sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
        items += link.content.utmParameters?.queryItems ?? []
        items += incoming
        // LandfallKit and LinkForty's SDKs read `lf_click`; Branch's SDKs read `link_click_id`.
        if let clickToken { items += [("lf_click", clickToken), ("link_click_id", clickToken)] }
        return items
    }

    // ASCII only: CharacterSet.alphanumerics would let non-ASCII letters through unencoded.
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Strict percent-encoding for query names and values (RFC 3986 unreserved characters only).
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
