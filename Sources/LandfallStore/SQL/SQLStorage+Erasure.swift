import Foundation
import SQLKit

extension SQLStorage {
    /// Two passes. The first, a plain read, searches the webhook outbox, the one part that is not a
    /// handful of index lookups (a year-old install's messages lie among a year of others). The
    /// second, in the write transaction, finds every id again and searches only the messages
    /// written since the first began, then deletes; if the person gained ids in between (a new
    /// install of the user), it searches their whole span again.
    public func erase(_ subject: ErasureSubject, appId: String) async throws -> ErasureReport {
        // Caches of links (a share link stops resolving) and installs (events for an erased install
        // are refused) read again.
        defer { catalogChanged() }
        let engine = self.engine
        // Messages from servers whose clocks lag this one's by less than this are still found.
        let firstPassStarted = Date().epochMilliseconds - 600_000
        let firstPass = try await provider.read { database in
            let lookup = SQLErasureLookup(database: database, engine: engine, appId: appId)
            let targets = try await lookup.targets(of: subject)
            return (mentioned: targets.mentioned, messages: try await lookup.webhookMessages(naming: targets))
        }
        return try await provider.transaction { database in
            try await moveSharedCatalogRevision(database)
            let lookup = SQLErasureLookup(database: database, engine: engine, appId: appId)
            let targets = try await lookup.targets(of: subject)
            let mentioned = targets.mentioned
            let later =
                mentioned.isSubset(of: firstPass.mentioned)
                ? try await lookup.webhookMessages(mentioning: mentioned, since: firstPassStarted)
                : try await lookup.webhookMessages(naming: targets)
            var deletion = SQLErasureDeletion(database: database, engine: engine, appId: appId)
            return try await deletion.run(targets, messages: firstPass.messages.union(later).sorted())
        }
    }
}

/// The deletes of an erasure, children before parents (SQLite enforces the foreign keys too), with
/// the rows each removed.
private struct SQLErasureDeletion {
    let database: any SQLDatabase
    let engine: StorageEngine
    let appId: String
    var removed: [String: Int] = [:]

    mutating func run(_ targets: ErasureTargets, messages: [String]) async throws -> ErasureReport {
        let (user, installs) = (targets.user, targets.installs)
        try await delete(
            "webhook_attempts", "DELETE FROM webhook_attempts WHERE delivery_id IN (SELECT id FROM webhook_deliveries WHERE message_id IN",
            messages, closing: ")")
        try await delete("webhook_deliveries", "DELETE FROM webhook_deliveries WHERE message_id IN", messages)
        try await delete("webhook_messages", "DELETE FROM webhook_messages WHERE app_id = \(bind: appId) AND id IN", messages)
        try await delete("conversion_values", "DELETE FROM conversion_values WHERE app_id = \(bind: appId) AND install_id IN", installs)
        try await delete("events", "DELETE FROM events WHERE app_id = \(bind: appId) AND id IN", targets.eventIds)
        try await delete(
            "referrals", "DELETE FROM referrals WHERE app_id = \(bind: appId) AND install_id IS NOT NULL AND install_id IN", installs)
        try await delete("referrals", "DELETE FROM referrals WHERE app_id = \(bind: appId) AND referrer_id IN", user)
        try await delete("referrals", "DELETE FROM referrals WHERE app_id = \(bind: appId) AND referee_id IN", user)
        try await delete("referral_identities", "DELETE FROM referral_identities WHERE app_id = \(bind: appId) AND user_id IN", user)
        try await delete(
            "referral_identities", "DELETE FROM referral_identities WHERE app_id = \(bind: appId) AND kind = 'install' AND value IN",
            installs)
        try await delete("referral_codes", "DELETE FROM referral_codes WHERE app_id = \(bind: appId) AND user_id IN", user)
        try await delete(
            "branch_sessions", "DELETE FROM branch_sessions WHERE app_id = \(bind: appId) AND install_id IS NOT NULL AND install_id IN",
            installs)
        // By device alone, for the same reason as the events: the devices were found in this app.
        try await delete("branch_sessions", "DELETE FROM branch_sessions WHERE device_id IN", targets.deviceIds)
        try await delete(
            "branch_device_keys", "DELETE FROM branch_device_keys WHERE app_id = \(bind: appId) AND device_id IN", targets.deviceIds)
        try await delete("branch_devices", "DELETE FROM branch_devices WHERE app_id = \(bind: appId) AND id IN", targets.deviceIds)
        try await delete("branch_links", "DELETE FROM branch_links WHERE app_id = \(bind: appId) AND link_id IN", targets.linkIds)
        // The app's counted days lose these clicks (migration 0022): marked in this transaction.
        for chunk in targets.clickIds.chunked(into: SQLErasureLookup.chunkSize) {
            try await SQLStorage.markClickDaysStale(database, appId: appId, clicksMatching: "id IN (\(binds: Array(chunk)))")
        }
        try await delete("clicks", "DELETE FROM clicks WHERE app_id = \(bind: appId) AND id IN", targets.clickIds)
        // PostgreSQL also keeps posted clicks' ids apart (migration 0018); they go with the clicks,
        // not counted again: they are the same clicks.
        // A month retired from `clicks` but not yet folded (migration 0021) is erased from too.
        if engine == .postgres {
            for chunk in targets.clickIds.chunked(into: SQLErasureLookup.chunkSize) {
                try await database.raw("DELETE FROM posted_click_ids WHERE id IN (\(binds: Array(chunk)))").run()
                removed["clicks", default: 0] += try await SQLStorage.deleteRetiredClicks(
                    on: database, matching: "app_id = \(bind: appId) AND id IN (\(binds: Array(chunk)))")
            }
        }
        try await delete("installs", "DELETE FROM installs WHERE app_id = \(bind: appId) AND id IN", installs)
        try await delete("links", "DELETE FROM links WHERE app_id = \(bind: appId) AND id IN", targets.linkIds)
        return ErasureReport(removedRows: removed, installIds: targets.storedInstalls)
    }

    /// Runs `prefix (ids…)closing` in chunks and adds the rows it removed to `table`'s count.
    private mutating func delete(_ table: String, _ prefix: SQLQueryString, _ ids: [String], closing: String = "") async throws {
        var count = removed[table] ?? 0
        for chunk in ids.chunked(into: SQLErasureLookup.chunkSize) {
            var query = prefix
            query += " (\(binds: Array(chunk)))\(unsafeRaw: closing) RETURNING 1 AS removed"
            count += try await database.raw(query).all().count
        }
        removed[table] = count
    }
}
