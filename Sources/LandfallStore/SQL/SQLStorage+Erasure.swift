import Foundation
import SQLKit

extension SQLStorage {
    public func erase(_ subject: ErasureSubject, appId: String) async throws -> ErasureReport {
        // Caches of links (a share link stops resolving) and installs (events for an erased install
        // are refused) read again.
        defer { catalogChanged() }
        let engine = self.engine
        return try await provider.transaction { database in
            var erasure = SQLErasure(database: database, engine: engine, appId: appId)
            return try await erasure.run(subject)
        }
    }
}

/// One erasure inside its transaction: first every id tied to the person, then the deletes, children
/// before parents (SQLite enforces the foreign keys too).
private struct SQLErasure {
    let database: any SQLDatabase
    let engine: StorageEngine
    let appId: String
    var removed: [String: Int] = [:]

    /// Ids per statement, well under both engines' bind limits.
    static let chunkSize = 500

    mutating func run(_ subject: ErasureSubject) async throws -> ErasureReport {
        let userId: String?
        var installIds: Set<String>
        switch subject {
        case .install(let id):
            (userId, installIds) = (nil, [id])
        case .externalUser(let id):
            userId = id
            installIds = try await installs(ofUser: id)
        }
        let user = userId.map { [$0] } ?? []
        let installs = installIds.sorted()
        // Every lookup goes through an index (0011_erasure_indexes adds the missing ones); the "IS NOT
        // NULL" terms let SQLite use those partial indexes.
        let linkIds = try await texts(
            "SELECT id FROM links WHERE app_id = \(bind: appId) AND external_user_id IS NOT NULL AND external_user_id IN", user
        )
        let deviceIds = try await texts("SELECT id FROM branch_devices WHERE app_id = \(bind: appId) AND install_id IS NOT NULL AND install_id IN", installs)
            .union(texts("SELECT id FROM branch_devices WHERE app_id = \(bind: appId) AND identity IN", user))
        // An install's credited click is the one click whose install_id names it (both are written
        // in the install's transaction), so the install row finds it without a scan of the clicks.
        let clickIds = try await texts("SELECT click_id AS id FROM installs WHERE app_id = \(bind: appId) AND id IN", installs)
            .union(texts("SELECT id FROM clicks WHERE app_id = \(bind: appId) AND link_id IN", linkIds.sorted()))
        let storedInstalls = try await texts("SELECT id FROM installs WHERE app_id = \(bind: appId) AND id IN", installs)
        // By install alone: with app_id in the query SQLite reads all the app's events through their
        // (app, time) index. The installs were found in this app, and install ids are unique.
        let eventIds = try await texts("SELECT id FROM events WHERE install_id IN", storedInstalls.sorted())
        let mentioned = installIds.union(user).union(linkIds).union(clickIds).union(eventIds)
        let firstRecord = try await earliest([
            ("installs", "created_at", "id", installs), ("clicks", "clicked_at", "id", clickIds.sorted()),
            ("events", "received_at", "id", eventIds.sorted()), ("links", "created_at", "id", linkIds.sorted()),
            ("referrals", "created_at", "install_id", installs), ("referrals", "created_at", "referrer_id", user),
            ("referrals", "created_at", "referee_id", user),
        ])
        // Nothing stored for the person: no message can be about them either.
        var messageIds: Set<String> = []
        if let firstRecord { messageIds = try await webhookMessages(mentioning: mentioned.sorted(), since: firstRecord) }

        let messages = messageIds.sorted()
        try await delete("webhook_attempts", "DELETE FROM webhook_attempts WHERE delivery_id IN (SELECT id FROM webhook_deliveries WHERE message_id IN", messages, closing: ")")
        try await delete("webhook_deliveries", "DELETE FROM webhook_deliveries WHERE message_id IN", messages)
        try await delete("webhook_messages", "DELETE FROM webhook_messages WHERE app_id = \(bind: appId) AND id IN", messages)
        try await delete("conversion_values", "DELETE FROM conversion_values WHERE app_id = \(bind: appId) AND install_id IN", installs)
        try await delete("events", "DELETE FROM events WHERE app_id = \(bind: appId) AND id IN", eventIds.sorted())
        try await delete("referrals", "DELETE FROM referrals WHERE app_id = \(bind: appId) AND install_id IS NOT NULL AND install_id IN", installs)
        try await delete("referrals", "DELETE FROM referrals WHERE app_id = \(bind: appId) AND referrer_id IN", user)
        try await delete("referrals", "DELETE FROM referrals WHERE app_id = \(bind: appId) AND referee_id IN", user)
        try await delete("referral_identities", "DELETE FROM referral_identities WHERE app_id = \(bind: appId) AND user_id IN", user)
        try await delete("referral_identities", "DELETE FROM referral_identities WHERE app_id = \(bind: appId) AND kind = 'install' AND value IN", installs)
        try await delete("referral_codes", "DELETE FROM referral_codes WHERE app_id = \(bind: appId) AND user_id IN", user)
        try await delete("branch_sessions", "DELETE FROM branch_sessions WHERE app_id = \(bind: appId) AND install_id IS NOT NULL AND install_id IN", installs)
        try await delete("branch_sessions", "DELETE FROM branch_sessions WHERE device_id IN", deviceIds.sorted())
        try await delete("branch_device_keys", "DELETE FROM branch_device_keys WHERE app_id = \(bind: appId) AND device_id IN", deviceIds.sorted())
        try await delete("branch_devices", "DELETE FROM branch_devices WHERE app_id = \(bind: appId) AND id IN", deviceIds.sorted())
        try await delete("branch_links", "DELETE FROM branch_links WHERE app_id = \(bind: appId) AND link_id IN", linkIds.sorted())
        try await delete("clicks", "DELETE FROM clicks WHERE app_id = \(bind: appId) AND id IN", clickIds.sorted())
        try await delete("installs", "DELETE FROM installs WHERE app_id = \(bind: appId) AND id IN", installs)
        try await delete("links", "DELETE FROM links WHERE app_id = \(bind: appId) AND id IN", linkIds.sorted())
        return ErasureReport(removedRows: removed, installIds: storedInstalls.sorted())
    }

    /// The installs a user id is tied to: as a referee, in the referral fraud checks' identities, or
    /// as a Branch device's identity.
    private func installs(ofUser userId: String) async throws -> Set<String> {
        try await texts("SELECT install_id AS id FROM referrals WHERE app_id = \(bind: appId) AND referee_id IN", [userId])
            .union(texts("SELECT value AS id FROM referral_identities WHERE app_id = \(bind: appId) AND kind = 'install' AND user_id IN", [userId]))
            .union(texts("SELECT install_id AS id FROM branch_devices WHERE app_id = \(bind: appId) AND identity IN", [userId]))
    }

    /// The earliest time among the person's rows, each `(table, time column, id column, ids)`; nil
    /// when none of them is stored.
    private func earliest(_ sources: [(table: String, time: String, column: String, ids: [String])]) async throws -> Int64? {
        var earliest: Int64?
        for source in sources {
            for chunk in source.ids.chunked(into: Self.chunkSize) {
                let query: SQLQueryString = """
                    SELECT MIN(\(ident: source.time)) AS earliest FROM \(ident: source.table)
                    WHERE app_id = \(bind: appId) AND \(ident: source.column) IS NOT NULL AND \(ident: source.column) IN (\(binds: Array(chunk)))
                    """
                if let time = try await database.raw(query).first()?.decode(column: "earliest", as: Int64?.self) {
                    earliest = min(earliest ?? time, time)
                }
            }
        }
        return earliest
    }

    /// Messages whose payload holds one of `values` as a JSON string. Exact and case-sensitive
    /// (`instr`, `strpos`): `LIKE` ignores ASCII case on SQLite and would take another user's messages.
    ///
    /// The outbox keeps every message, so only those created since the person's first stored row
    /// are read (through the app-and-time index): a message about a row is written when the row is
    /// or later. A day's margin covers servers on one PostgreSQL whose clocks differ.
    private func webhookMessages(mentioning values: [String], since firstRecord: Int64) async throws -> Set<String> {
        let needles = values.flatMap(Self.jsonStringForms)
        let find = engine == .postgres ? "strpos" : "instr"
        let since = firstRecord - 86_400_000
        var found: Set<String> = []
        for chunk in needles.chunked(into: 100) {
            var query = SQLQueryString("SELECT id FROM webhook_messages WHERE app_id = \(bind: appId) AND created_at >= \(bind: since) AND (")
            for (index, needle) in chunk.enumerated() {
                query += "\(unsafeRaw: index > 0 ? " OR " : "")\(unsafeRaw: find)(payload, \(bind: needle)) > 0"
            }
            query += ")"
            for row in try await database.raw(query).all() {
                found.insert(try row.decode(column: "id", as: String.self))
            }
        }
        return found
    }

    /// A string as JSON writes it, quotes included, with and without `/` escaped (encoders differ).
    static func jsonStringForms(_ value: String) -> [String] {
        let plain = JSONEncoder()
        plain.outputFormatting = .withoutEscapingSlashes
        let forms = [plain, JSONEncoder()].compactMap { try? $0.encode(value) }.map { String(decoding: $0, as: UTF8.self) }
        return Array(Set(forms)).sorted()
    }

    /// The non-NULL `id` column of `prefix (ids…)`, run in chunks; nothing for no ids. NULLs are
    /// dropped here rather than by an `IS NOT NULL` term, which could steer SQLite's planner to a
    /// partial index on that column instead of the one the `IN` list needs.
    private func texts(_ prefix: SQLQueryString, _ ids: [String]) async throws -> Set<String> {
        var found: Set<String> = []
        for chunk in ids.chunked(into: Self.chunkSize) {
            var query = prefix
            query += " (\(binds: Array(chunk)))"
            for row in try await database.raw(query).all() {
                if let id = try row.decode(column: "id", as: String?.self) { found.insert(id) }
            }
        }
        return found
    }

    /// Runs `prefix (ids…)closing` in chunks and adds the rows it removed to `table`'s count.
    private mutating func delete(_ table: String, _ prefix: SQLQueryString, _ ids: [String], closing: String = "") async throws {
        var count = removed[table] ?? 0
        for chunk in ids.chunked(into: Self.chunkSize) {
            var query = prefix
            query += " (\(binds: Array(chunk)))\(unsafeRaw: closing) RETURNING 1 AS removed"
            count += try await database.raw(query).all().count
        }
        removed[table] = count
    }
}
