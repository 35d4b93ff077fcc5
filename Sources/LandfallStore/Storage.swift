import Foundation

/// Apps and the hosts they serve links on.
public protocol AppStorage: Sendable {
    /// Inserts an app and its domains. Throws ``StoreError`` `.conflict` when the slug or a domain is taken.
    func insertApp(_ app: AppRecord) async throws
    /// Replaces an app's fields and domains. Throws `.conflict` when a new domain belongs to another app.
    func updateApp(_ app: AppRecord) async throws
    func app(id: String) async throws -> AppRecord?
    /// The app that serves links on `host` (lowercased, without port).
    func app(forHost host: String) async throws -> AppRecord?
    func listApps() async throws -> [AppRecord]
    /// Deletes an app and everything it owns. Returns false when there was no such app.
    func deleteApp(id: String) async throws -> Bool
}

/// API keys, looked up by the hash of the presented key.
public protocol KeyStorage: Sendable {
    func insertKey(_ key: APIKeyRecord) async throws
    func key(hash: String) async throws -> APIKeyRecord?
    func keys(appId: String) async throws -> [APIKeyRecord]
    /// Marks a key revoked. Returns false when the app has no such key.
    func revokeKey(id: String, appId: String, at date: Date) async throws -> Bool
}

/// Link templates; every method is scoped to one app.
public protocol TemplateStorage: Sendable {
    /// Throws `.conflict` when the app already has a template with that slug.
    func insertTemplate(_ template: TemplateRecord) async throws
    func updateTemplate(_ template: TemplateRecord) async throws
    func template(id: String, appId: String) async throws -> TemplateRecord?
    func templates(appId: String) async throws -> [TemplateRecord]
    /// The most recently created template of the app, which the SDK link endpoint applies.
    func latestTemplate(appId: String) async throws -> TemplateRecord?
    func deleteTemplate(id: String, appId: String) async throws -> Bool
}

/// Short links; every method but the redirect lookups is scoped to one app.
public protocol LinkStorage: Sendable {
    /// Throws `.conflict` when the app already has a link with that short code.
    func insertLink(_ link: LinkRecord) async throws
    func updateLink(_ link: LinkRecord) async throws
    func link(id: String, appId: String) async throws -> LinkRecord?
    func link(shortCode: String, appId: String) async throws -> LinkRecord?
    /// Every link with this code, across apps: used for hosts that belong to no app.
    func links(shortCode: String) async throws -> [LinkRecord]
    func link(dedupKey: String, appId: String) async throws -> LinkRecord?
    func listLinks(appId: String, query: LinkQuery) async throws -> LinkPage
    func deleteLink(id: String, appId: String) async throws -> Bool
}

/// Clicks, written in batches by the click recorder.
public protocol ClickStorage: Sendable {
    /// Inserts clicks atomically: all of them or none.
    func insertClicks(_ clicks: [ClickRecord]) async throws
    /// The most clicks one ``insertClicks(_:)`` should carry; a writer with more makes several.
    var largestClickWrite: Int { get }
    /// How many ``insertClicks(_:)`` calls the click recorder may have running at once.
    var clickWritesInFlight: Int { get }
    /// Records what the interstitial page learned about a click; returns the updated click, or nil
    /// for an unknown token.
    func applySignals(_ signals: ClickSignals, clickToken: String) async throws -> ClickRecord?
    /// Sets the device-signature key and the engine's evidence once the page's signals are known.
    func setMatchingKeys(signature: String?, matchEvidence: String?, clickId: String) async throws
    func click(token: String) async throws -> ClickRecord?
    func clicks(linkId: String, appId: String) async throws -> [ClickRecord]
    func clickCount(appId: String) async throws -> Int
}

extension ClickStorage {
    public var clickWritesInFlight: Int { 1 }
}

/// Small deployment-wide values such as the admin token's hash.
public protocol SettingStorage: Sendable {
    func setting(_ key: String) async throws -> String?
    /// Stores `value` unless the key is already set; returns the value in force afterwards.
    func setSettingIfAbsent(_ key: String, value: String) async throws -> String
    func setSetting(_ key: String, value: String) async throws
}

/// Everything Landfall persists. Implemented once over SQL for SQLite and PostgreSQL.
public protocol LandfallStorage: AppStorage, KeyStorage, TemplateStorage, LinkStorage, ClickStorage, SettingStorage,
    AttributionStorage, EventStorage, AnalyticsStorage, ConversionStorage, BranchStorage, WebhookStorage, ReferralStorage,
    AnalyticsSeriesStorage,
    S2SClickStorage, LinkSafetyStorage, ErasureStorage, IPRetentionStorage, AttributionModelStorage, DashboardAccountStorage,
    ClickRetentionStorage, ClickDayTotalsStorage
{
    var engine: StorageEngine { get }
    /// Succeeds when the database answers a trivial query.
    func ping() async throws
}

/// The database behind a storage.
public enum StorageEngine: String, Sendable, Hashable {
    case sqlite
    case postgres
}
