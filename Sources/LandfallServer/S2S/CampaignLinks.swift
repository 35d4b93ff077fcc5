import Foundation
import HTTPTypes
import LandfallModels
import LandfallStore

/// The link a campaign's posted clicks belong to when the network knows no link of the app.
///
/// Every click row names a link (the engine reads its window, an install's answer its deep link
/// data), so a campaign gets one link of its own, made on its first click and shared by every later
/// one: its UTM parameters carry the source, medium and campaign into the install's attribution and
/// the analytics grouped by campaign. The deduplication key makes it one link per app and campaign,
/// also when two servers make it at once (the database's unique index refuses the second).
struct CampaignLinks: Sendable {
    let storage: any LandfallStorage
    let now: @Sendable () -> Date

    struct Campaign: Hashable, Sendable {
        var campaign: String
        var source: String?
        var medium: String?

        var dedupKey: String {
            "s2s-campaign:" + SecretGenerator.sha256Hex([source ?? "", medium ?? "", campaign].joined(separator: "\u{1F}"))
        }
    }

    /// The campaign named by `item`, validated; nil when it names none.
    static func campaign(of item: S2SClickItem) throws -> Campaign? {
        let campaign = try Validate.text(item.campaign, "campaign", max: 256)
        let source = try Validate.text(item.source, "source", max: 256)
        let medium = try Validate.text(item.medium, "medium", max: 256)
        guard let campaign else {
            if source != nil || medium != nil { throw APIError.validation("campaign", "is required with source or medium") }
            return nil
        }
        return Campaign(campaign: campaign, source: source, medium: medium)
    }

    func link(for campaign: Campaign, app: AppRecord) async throws -> LinkRecord {
        if let existing = try await storage.link(dedupKey: campaign.dedupKey, appId: app.id) { return existing }
        let date = now()
        var link = LinkRecord(
            id: SecretGenerator.identifier(), appId: app.id, shortCode: "", dedupKey: campaign.dedupKey,
            content: LinkContent(
                utmParameters: UTMParameters(source: campaign.source, medium: campaign.medium, campaign: campaign.campaign),
                title: "Campaign \(campaign.campaign) (server-to-server clicks)"
            ),
            createdAt: date, updatedAt: date
        )
        for _ in 0..<8 {
            link.shortCode = SecretGenerator.shortCode()
            guard try await storage.links(shortCode: link.shortCode).isEmpty else { continue }
            do {
                try await storage.insertLink(link)
                return link
            } catch let error as StoreError where error.conflictingField != nil {
                if let made = try await storage.link(dedupKey: campaign.dedupKey, appId: app.id) { return made }
            }
        }
        throw APIError(
            .serviceUnavailable, code: "short_code_exhausted", message: "could not find a free short code for the campaign's link; retry")
    }
}
