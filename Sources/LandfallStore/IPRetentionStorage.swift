import Foundation

/// Rewrites client addresses that outlived the attribution window to their network (issue 16).
///
/// Each call handles at most `limit` rows of one app in one short transaction, so a sweep never
/// holds SQLite's single writer away from the redirect path's click batches for long; callers loop
/// while a call returns `limit`. `reduce` maps a stored address (or network prefix) to what may be
/// kept: its text must contain `/` (that marks a row as done, so a second sweep finds nothing), or
/// nil to drop a value that cannot be reduced.
public protocol IPRetentionStorage: Sendable {
    /// Clicks from a redirect (`received_at` NULL) clicked before `cutoff`, oldest first. Their
    /// times only move forward, so a per-app watermark (kept in `settings`) skips rows already done.
    func reduceRedirectClickAddresses(
        appId: String, clickedBefore cutoff: Date, limit: Int, reduce: @escaping @Sendable (String) -> String?
    ) async throws -> Int

    /// Clicks posted server to server or imported with a stated time before `cutoff`: such a click
    /// may arrive long after its time, behind any watermark, so these are found through a partial
    /// index of posted clicks that still hold a full address (migration 0012).
    func reducePostedClickAddresses(
        appId: String, clickedBefore cutoff: Date, limit: Int, reduce: @escaping @Sendable (String) -> String?
    ) async throws -> Int

    /// The address and network prefix in the fingerprint of installs created before `cutoff`.
    func reduceInstallAddresses(
        appId: String, createdBefore cutoff: Date, limit: Int, reduce: @escaping @Sendable (String) -> String?
    ) async throws -> Int

    /// Deletes the daily click counts of IPv6 /64 networks (factor `ip`, values ending in `/64`)
    /// for days before `day`: no install is weighed against those days any more, and kept they
    /// would say which household clicked on which day long after its addresses were truncated.
    /// (IPv4 counts are kept: they are per /24 already.)
    func deleteIPv6NetworkStatistics(appId: String, beforeDay day: Int64, limit: Int) async throws -> Int

    /// Clears the address hash of referrals registered before `cutoff`. The hash (SHA-256 of the app
    /// id and the address) is only compared within the fraud checks' look-back, and an IPv4 address
    /// can be recovered from it by trying all of them. Cleared rows leave the `referrals_ip` index's
    /// non-NULL range, so each call reads only hashes still set.
    func clearReferralAddressHashes(appId: String, createdBefore cutoff: Date, limit: Int) async throws -> Int
}
