import Foundation

/// Domain block and warn lists, and the per-link verdicts computed from them.
///
/// The verdict is stored on the link (`LinkRecord.domainSafety`) so the redirect never reads a list.
public protocol LinkSafetyStorage: Sendable {
    /// Adds the entry, or replaces the state and note of the scope's entry for the same domain.
    func putSafetyDomain(_ entry: SafetyDomainRecord) async throws
    /// Returns false when the scope had no entry for the domain.
    func deleteSafetyDomain(scope: SafetyScope, domain: String) async throws -> Bool
    /// Entries of the given scopes, ordered by domain.
    func safetyDomains(scopes: [SafetyScope]) async throws -> [SafetyDomainRecord]
    /// Links ordered by id, after `afterId`, of one app or (nil) of every app: what a list change re-evaluates.
    func linksForSafetyReview(appId: String?, afterId: String?, limit: Int) async throws -> [LinkRecord]
    /// Stores new domain verdicts, keyed by link id, in one transaction.
    func setDomainSafety(_ verdicts: [String: LinkSafety]) async throws
}
