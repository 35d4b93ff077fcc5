import Foundation
import HTTPTypes
import LandfallModels
import LandfallStore

/// `POST /v1/url` and `GET /v1/url`: Branch-style link creation and read-back on top of
/// ``LinkService``, with the Branch parameters kept beside each link.
struct BranchURLService: Sendable {
    let storage: any LandfallStorage
    let links: LinkService
    let resolver: BranchLinkResolver
    let now: @Sendable () -> Date

    /// Creates the link, or returns the existing one for the same alias with the same parameters.
    func create(_ request: BranchURLRequest, data: [String: Any], app: AppRecord) async throws -> String {
        var request = request
        // Both SDKs send `"duration": 0` for a link made without a match duration: no window of its own.
        if request.duration == 0 { request.duration = nil }
        let alias = try Validate.text(request.alias, "alias", max: 128)
        _ = try Validate.range(request.type, "type", 0...2)
        if let duration = request.duration, !(1...7_776_000).contains(duration) {
            throw APIError.validation("duration", "must be between 1 and 7776000 seconds")
        }
        for (field, value) in [
            ("channel", request.channel), ("feature", request.feature), ("campaign", request.campaign), ("stage", request.stage),
        ] {
            _ = try Validate.text(value, field, max: 256)
        }
        let tags = request.tags ?? []
        guard tags.count <= 50 else { throw APIError.validation("tags", "must hold at most 50 tags") }
        for tag in tags { _ = try Validate.text(tag, "tags", max: 256) }
        let dataText = try BranchLinkData.text(data)
        let fingerprint = SecretGenerator.sha256Hex(
            try BranchLinkData.text(
                [
                    "alias": alias ?? "", "type": request.type ?? 0, "duration": Int(request.duration ?? 0),
                    "channel": request.channel ?? "",
                    "feature": request.feature ?? "", "campaign": request.campaign ?? "", "stage": request.stage ?? "", "tags": tags,
                    "data": data,
                ] as [String: Any]))
        if let alias, let existing = try await storage.link(shortCode: alias, appId: app.id) {
            guard try await storage.branchLink(linkId: existing.id, appId: app.id)?.fingerprint == fingerprint else {
                throw APIError.conflict("alias_taken", "the alias '\(alias)' is already used by a link with other parameters")
            }
            return links.url(for: existing, app: app)
        }
        var content = try request.content(data: data)
        if content.originalUrl == nil, content.webFallbackUrl == nil, app.settings.webFallbackUrl == nil {
            // The SDKs' links often name no web page (a BranchUniversalObject with only its
            // canonical URL, or nothing): like Branch, such a link falls back to the app's page.
            content.originalUrl = data["$canonical_url"] as? String ?? app.settings.iosAppStoreUrl ?? app.settings.androidPlayStoreUrl
        }
        let created: LinkService.Created
        do {
            created = try await links.create(LinkInput(content: content, customCode: alias), app: app, template: nil)
        } catch let error as APIError where error.status == .badRequest {
            throw APIError(error.status, code: error.code, message: BranchURLRequest.branchMessage(error.message))
        } catch let error as APIError where error.status == .conflict {
            throw APIError.conflict("alias_taken", "the alias '\(alias ?? "")' is already in use")
        }
        let record = BranchLinkRecord(
            linkId: created.link.id, appId: app.id, alias: alias, type: request.type ?? 0, duration: request.duration,
            channel: request.channel, feature: request.feature, campaign: request.campaign, stage: request.stage, tags: tags,
            data: dataText, fingerprint: fingerprint, createdAt: now()
        )
        do {
            try await storage.insertBranchLink(record)
        } catch {
            // A link without its Branch parameters would read back wrong: take it away again.
            _ = try? await storage.deleteLink(id: created.link.id, appId: app.id)
            throw error
        }
        return links.url(for: created.link, app: app)
    }

    /// The link at `url` as Branch's read API shows it: analytics tags beside `data`.
    func read(url text: String, app: AppRecord) async throws -> [String: Any] {
        guard let components = URLComponents(string: text), let link = try await resolver.link(url: components, app: app) else {
            throw APIError.notFound("link_not_found", "no link of this app at that url")
        }
        let url = links.url(for: link, app: app)
        var answer: [String: Any] = [:]
        var data: [String: Any]
        if let branch = try await storage.branchLink(linkId: link.id, appId: app.id) {
            data = BranchLinkData.object(branch.data)
            answer = ["type": branch.type, "tags": branch.tags]
            let tags: [(String, Any?)] = [
                ("alias", branch.alias), ("duration", branch.duration.map { Int($0) }), ("channel", branch.channel),
                ("feature", branch.feature),
                ("campaign", branch.campaign), ("stage", branch.stage),
            ]
            for case let (key, value?) in tags { answer[key] = value }
        } else {
            data = BranchLinkData.dictionary(link: link, branch: nil, app: app, url: url)
            for key in ["~channel", "~feature", "~campaign", "~tags", "~id", "~referring_link", "$canonical_url"] { data[key] = nil }
            let utm = link.content.utmParameters
            answer = ["type": 0, "tags": [String](), "alias": link.shortCode]
            let tags: [(String, String?)] = [("channel", utm?.source), ("feature", utm?.medium), ("campaign", utm?.campaign)]
            for case let (key, value?) in tags { answer[key] = value }
        }
        data["~id"] = link.id
        data["url"] = url
        answer["data"] = data
        return answer
    }
}
