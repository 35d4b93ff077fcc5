import Foundation
import LandfallAttribution
import LandfallStore
import Logging

/// Turns posted clicks into the same rows a redirect writes, at the time each click happened.
struct S2SClickService: Sendable {
    let storage: any LandfallStorage
    let now: @Sendable () -> Date
    /// Nil where nothing is published (services built outside `buildApplication`).
    var webhooks: WebhookPublisher? = nil
    /// A click stated before the retention period is stored with its address truncated already,
    /// rather than whole until the next sweep (imports of old history, mostly).
    var retention = IPRetentionConfiguration()
    /// Moved when posted clicks are counted, so the install matches of this server read the counts again.
    var statisticsRevision: StatisticsRevision? = nil
    /// Told of posted clicks, whose stated times may come before an app's first click so far.
    var histories: ClickHistories? = nil

    static let batchLimit = 1000

    /// One item's answer: its click id and token, or its own error.
    struct Result: Encodable, Sendable, Equatable {
        struct Failure: Encodable, Sendable, Equatable {
            var code: String
            var message: String
        }

        var index: Int
        var clickId: String?
        /// What the device carries to the app for a deterministic match (`lf_click` in the Play
        /// Install Referrer, or the install's `clickToken`), as a redirect hands it out.
        var clickToken: String?
        var error: Failure?
    }

    /// Each item's answer, and the ids of the clicks this call stored (a replayed item's id is not
    /// among them, and its drafted token is not the stored one: only `record` looks that up).
    struct Recorded: Sendable {
        var results: [Result]
        var inserted: Set<String>
    }

    func record(_ items: [Swift.Result<S2SClickItem, DecodingError>], app: AppRecord, logger: Logger) async throws -> [Result] {
        let recorded = try await recordReportingNew(items, app: app, logger: logger)
        return try await withStoredTokens(recorded.results, inserted: recorded.inserted, app: app)
    }

    func recordReportingNew(_ items: [Swift.Result<S2SClickItem, DecodingError>], app: AppRecord, logger: Logger) async throws -> Recorded {
        let date = now()
        var results: [Result] = []
        var clicks: [ClickRecord] = []
        var links: [String: LinkRecord?] = [:]
        for (index, slot) in items.enumerated() {
            do {
                let item: S2SClickItem
                switch slot {
                case .success(let decoded): item = decoded
                case .failure(let error): throw RequestDecoding.describe(error)
                }
                let link = try await link(of: item, app: app, cache: &links)
                var click = try Self.click(item, link: link, app: app, now: date)
                if click.clickedAt < retention.cutoff(windowHours: app.settings.attributionWindowHours, now: date) {
                    click.ipAddress = click.ipAddress.flatMap(IPAddressTruncation.network(of:))
                }
                clicks.append(click)
                results.append(Result(index: index, clickId: click.id, clickToken: click.clickToken))
            } catch let error as APIError {
                results.append(Result(index: index, error: .init(code: error.code, message: error.message)))
            }
        }
        // Human clicks count in the statistics the engine weighs agreements against, as redirect
        // clicks do (the statistics service skips bots too).
        let inserted = try await storage.insertNewClicks(clicks) { new in ClickStatistics.deltas(new.filter { !$0.isBot }) }
        let new = clicks.filter { inserted.contains($0.id) }
        if !new.isEmpty {
            statisticsRevision?.advance()
            histories?.note(new)
        }
        if !new.isEmpty {
            // The clicks are stored; a failed publish must not make the sender post them again.
            do { try await webhooks?.clicksWritten(new) } catch {
                logger.error(
                    "click webhooks could not be published", metadata: ["error": "\(String(reflecting: error))", "clicks": "\(new.count)"])
            }
        }
        logger.info(
            "s2s clicks recorded",
            metadata: [
                "app": "\(app.id)", "items": "\(items.count)", "new": "\(new.count)", "refused": "\(results.count - clicks.count)",
            ])
        return Recorded(results: results, inserted: inserted)
    }

    /// A replayed item's token is the one stored with its click the first time, not the fresh one
    /// its answer was drafted with (that one was never written); so is an item posted twice in one
    /// batch, whose two drafts only one of was written.
    private func withStoredTokens(_ results: [Result], inserted: Set<String>, app: AppRecord) async throws -> [Result] {
        var occurrences: [String: Int] = [:]
        for id in results.compactMap(\.clickId) { occurrences[id, default: 0] += 1 }
        var stored: [String: String?] = [:]
        var answered = results
        for (position, result) in results.enumerated() {
            guard let id = result.clickId, !inserted.contains(id) || occurrences[id, default: 0] > 1 else { continue }
            if stored[id] == nil { stored[id] = try await storage.click(id: id, appId: app.id)?.clickToken }
            answered[position].clickToken = stored[id] ?? nil
        }
        return answered
    }

    private func link(of item: S2SClickItem, app: AppRecord, cache: inout [String: LinkRecord?]) async throws -> LinkRecord {
        let namesALink = !(item.linkId ?? "").isEmpty || !(item.link ?? "").isEmpty
        if namesALink, item.campaign != nil || item.source != nil || item.medium != nil {
            throw APIError.validation("campaign", "name a link or a campaign, not both (a link's campaign is its UTM parameters)")
        }
        let key: String
        let found: LinkRecord?
        if let id = item.linkId, !id.isEmpty {
            key = "id:" + id
            if let cached = cache[key] { found = cached } else { found = try await storage.link(id: id, appId: app.id) }
        } else if let code = item.link, !code.isEmpty {
            key = "code:" + code
            if let cached = cache[key] { found = cached } else { found = try await storage.link(shortCode: code, appId: app.id) }
        } else if let campaign = try CampaignLinks.campaign(of: item) {
            key = "campaign:" + campaign.dedupKey
            if let cached = cache[key] {
                found = cached
            } else {
                found = try await CampaignLinks(storage: storage, now: now).link(for: campaign, app: app)
            }
        } else {
            throw APIError.validation("link", "is required (the short code), or linkId, or a campaign")
        }
        cache[key] = found
        guard let found else { throw APIError.notFound("link_not_found", "no link of this app with that code or id") }
        guard found.isActive else { throw APIError.badRequest("link_inactive", "the link is switched off") }
        return found
    }

    /// The record a redirect would have written for this visit, at the stated time.
    static func click(_ item: S2SClickItem, link: LinkRecord, app: AppRecord, now: Date) throws -> ClickRecord {
        guard let ip = item.ip, ClientAddress.isIPAddress(ip) else {
            throw APIError.validation("ip", "must be the device's IPv4 or IPv6 address")
        }
        guard let userAgentText = try Validate.text(item.userAgent, "userAgent", max: 1024, required: true) else {
            throw APIError.validation("userAgent", "is required")
        }
        guard let milliseconds = item.timestamp else { throw APIError.validation("timestamp", "is required (ISO 8601 or Unix time)") }
        let clickedAt = Date(epochMilliseconds: Int64(milliseconds))
        try S2STimeBounds.checkNotFuture(clickedAt, now: now)
        if let expiresAt = link.expiresAt, expiresAt <= clickedAt {
            throw APIError.badRequest("link_expired", "the link had expired at the stated time")
        }
        let signals = ClickSignals(
            screenWidth: try Validate.range(item.screenWidth, "screenWidth", 1...20_000),
            screenHeight: try Validate.range(item.screenHeight, "screenHeight", 1...20_000),
            timezone: try field("timezone") { try BeaconController.timezone(item.timezone) },
            language: try field("language") { try BeaconController.language(item.language) }
        )
        let userAgent = HeaderMemos.userAgent(userAgentText)
        let click = ClickRecord(
            id: item.storedId(appId: app.id), appId: app.id, linkId: link.id, clickedAt: clickedAt,
            clickToken: SecretGenerator.clickToken(),
            ipAddress: ip, userAgent: userAgentText, platform: userAgent.platform.rawValue, osVersion: userAgent.osVersion,
            deviceClass: userAgent.deviceClass.rawValue, deviceModel: userAgent.deviceModel, browser: userAgent.browser,
            inAppBrowser: userAgent.inAppBrowser?.rawValue, isBot: userAgent.bot != nil, botName: userAgent.bot?.name, signals: signals,
            receivedAt: now
        )
        // A click older than the window is history: without matching keys no index ever offers it
        // to an install, whatever time that install states.
        guard S2STimeBounds.isInsideWindow(clickedAt, now: now, windowHours: app.settings.attributionWindowHours) else { return click }
        return ClickEvidenceMapping.withMatchingKeys(click)
    }

    /// The beacon's normalisers name their own short fields; this endpoint's are spelled out.
    private static func field<Value>(_ name: String, _ body: () throws -> Value) throws -> Value {
        do { return try body() } catch let error as APIError where error.code == "invalid_field" {
            let reason =
                error.message.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? error.message
            throw APIError.validation(name, reason)
        }
    }
}
