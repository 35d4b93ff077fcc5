import Foundation
import LandfallModels
import LandfallStore

/// Domain lists and the verdicts they give links.
///
/// Verdicts are computed when a link is written or a list changes and stored on the link, so the
/// redirect reads one cached record and never a list.
public struct LinkSafetyService: Sendable {
    let storage: any LandfallStorage
    let now: @Sendable () -> Date

    public init(storage: any LandfallStorage, now: @escaping @Sendable () -> Date = { Date() }) {
        self.storage = storage
        self.now = now
    }

    /// A list domain as the lists store it (lowercase, no trailing dot), or a validation error.
    public static func normalizedDomain(_ text: String) throws -> String {
        try Validate.safetyDomain(text)
    }

    /// Links read per page while a list change re-evaluates them.
    static let reviewPageSize = 500

    /// The lists' verdict on link content of `appId`: its own list and the deployment's.
    func verdict(for content: LinkContent, appId: String) async throws -> LinkSafety {
        let hosts = SafetyDomainList.destinationHosts(of: content)
        guard !hosts.isEmpty else { return .allow }
        let list = SafetyDomainList(try await storage.safetyDomains(scopes: [.deployment, .app(appId)]))
        return list.verdict(hosts: hosts)
    }

    public func entries(_ scope: SafetyScope) async throws -> [SafetyDomainRecord] {
        try await storage.safetyDomains(scopes: [scope])
    }

    /// Adds or changes an entry, then re-evaluates the links it can concern.
    public func put(domain: String, state: LinkSafety, note: String?, scope: SafetyScope) async throws -> ListChange {
        guard state != .allow else {
            throw APIError.validation("state", "must be warn or block; to allow a domain again, delete its entry")
        }
        let entry = SafetyDomainRecord(scope: scope, domain: domain, state: state, note: note, createdAt: now())
        try await storage.putSafetyDomain(entry)
        return ListChange(entry: entry, linksChanged: try await reevaluate(scope))
    }

    /// Removes an entry, then re-evaluates; nil when the list had no such domain.
    public func delete(domain: String, scope: SafetyScope) async throws -> Int? {
        guard try await storage.deleteSafetyDomain(scope: scope, domain: domain) else { return nil }
        return try await reevaluate(scope)
    }

    public struct ListChange: Sendable {
        public var entry: SafetyDomainRecord
        /// Links whose stored verdict changed.
        public var linksChanged: Int
    }

    /// Recomputes the verdict of every link the scope covers and stores the ones that changed.
    /// Returns how many changed.
    public func reevaluate(_ scope: SafetyScope) async throws -> Int {
        let deployment = try await storage.safetyDomains(scopes: [.deployment])
        var lists: [String: SafetyDomainList] = [:]
        let appId: String? = if case .app(let id) = scope { id } else { nil }
        var after: String?
        var changed = 0
        while true {
            let page = try await storage.linksForSafetyReview(appId: appId, afterId: after, limit: Self.reviewPageSize)
            guard let last = page.last else { break }
            after = last.id
            var verdicts: [String: LinkSafety] = [:]
            for link in page {
                if lists[link.appId] == nil {
                    lists[link.appId] = SafetyDomainList(deployment + (try await storage.safetyDomains(scopes: [.app(link.appId)])))
                }
                let verdict = lists[link.appId]?.verdict(hosts: SafetyDomainList.destinationHosts(of: link.content)) ?? .allow
                if verdict != link.domainSafety { verdicts[link.id] = verdict }
            }
            try await storage.setDomainSafety(verdicts)
            changed += verdicts.count
            if page.count < Self.reviewPageSize { break }
        }
        return changed
    }
}
