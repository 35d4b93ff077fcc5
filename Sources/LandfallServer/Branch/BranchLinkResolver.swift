import Foundation
import HTTPTypes
import LandfallModels
import LandfallStore

/// What opened the app when Landfall can tell for certain: a link of the app, and the click when
/// the click token (`lf_click`, Branch's `link_click_id`) came with it.
struct BranchReferral: Sendable {
    var link: LinkRecord
    var click: ClickRecord?
    /// True when a click token or the link's own URL named it (never a probabilistic guess).
    var guaranteed: Bool
    /// When the click happened, for `+click_timestamp`.
    var clickedAt: Date?
}

/// Finds the link and click behind a click token or a URL, only ever among the app's own links.
struct BranchLinkResolver: Sendable {
    let storage: any LandfallStorage
    let recorder: ClickRecorder
    let links: LinkService

    /// The unconsumed click with this token; clicks of the last moments may still be in the
    /// recorder's buffer, so a miss flushes it and looks again.
    func click(token: String, app: AppRecord) async throws -> ClickRecord? {
        guard SecretGenerator.isClickToken(token) else { return nil }
        if let click = try await storage.click(token: token, appId: app.id) { return click }
        try await recorder.flush()
        return try await storage.click(token: token, appId: app.id)
    }

    func referral(token: String, app: AppRecord) async throws -> BranchReferral? {
        guard let click = try await click(token: token, app: app), let link = try await storage.link(id: click.linkId, appId: app.id) else {
            return nil
        }
        return BranchReferral(link: link, click: click, guaranteed: true, clickedAt: click.clickedAt)
    }

    /// The referral a URL names: its `lf_click` / `link_click_id` query item, or else the short
    /// link it is (on one of the app's domains or the server's public host).
    func referral(url text: String, app: AppRecord) async throws -> BranchReferral? {
        guard let components = URLComponents(string: text) else { return nil }
        for item in components.queryItems ?? [] where item.name == "lf_click" || item.name == "link_click_id" {
            if let value = item.value, let referral = try await referral(token: value, app: app) { return referral }
        }
        guard let link = try await link(url: components, app: app) else { return nil }
        return BranchReferral(link: link, click: nil, guaranteed: true, clickedAt: nil)
    }

    /// The app's link at this short URL (`/code` or `/template/code`), active or not.
    func link(url components: URLComponents, app: AppRecord) async throws -> LinkRecord? {
        guard let host = components.host?.lowercased() else { return nil }
        let publicHost = URLComponents(string: links.publicURL)?.host?.lowercased()
        guard app.domains.contains(host) || host == publicHost else { return nil }
        let parts = components.path.split(separator: "/").map(String.init)
        guard (1...2).contains(parts.count), let code = parts.last, (1...128).contains(code.count) else { return nil }
        guard let link = try await storage.link(shortCode: code, appId: app.id) else { return nil }
        if parts.count == 2, link.templateSlug != parts[0] { return nil }
        return link
    }

    /// The token in a Play Install Referrer string (`lf_click=…` or Branch's `link_click_id=…` / `link_click_id-…`).
    static func token(inReferrer referrer: String) -> String? {
        let decoded = referrer.removingPercentEncoding ?? referrer
        for pair in decoded.split(separator: "&") {
            for name in ["lf_click=", "link_click_id=", "link_click_id-"] where pair.hasPrefix(name) {
                let value = String(pair.dropFirst(name.count))
                if SecretGenerator.isClickToken(value) { return value }
            }
        }
        return nil
    }
}
