import Foundation
import SQLKit

/// Every id an erasure removes, as found at one moment.
struct ErasureTargets: Sendable {
    var user: [String]
    /// The installs named or tied to the user, stored or not.
    var installs: [String]
    /// Those of `installs` this app stores.
    var storedInstalls: [String]
    var linkIds: [String]
    var deviceIds: [String]
    var clickIds: [String]
    var eventIds: [String]

    /// The ids a webhook payload can name the person by.
    var mentioned: Set<String> {
        Set(user).union(installs).union(linkIds).union(clickIds).union(eventIds)
    }
}

/// The reads of an erasure. Every lookup goes through an index (`0011_erasure_indexes` adds the
/// missing ones), because the last of them run inside SQLite's write lock.
struct SQLErasureLookup {
    let database: any SQLDatabase
    let engine: StorageEngine
    let appId: String

    /// Ids per statement, well under both engines' bind limits.
    static let chunkSize = 500

    func targets(of subject: ErasureSubject) async throws -> ErasureTargets {
        let user: [String]
        let installs: [String]
        switch subject {
        case .install(let id):
            (user, installs) = ([], [id])
        case .externalUser(let id):
            (user, installs) = ([id], try await self.installs(ofUser: id).sorted())
        }
        // The "IS NOT NULL" terms let SQLite use the partial indexes.
        let linkIds = try await texts(
            "SELECT id FROM links WHERE app_id = \(bind: appId) AND external_user_id IS NOT NULL AND external_user_id IN", user)
        let deviceIds = try await texts(
            "SELECT id FROM branch_devices WHERE app_id = \(bind: appId) AND install_id IS NOT NULL AND install_id IN", installs
        )
        .union(texts("SELECT id FROM branch_devices WHERE app_id = \(bind: appId) AND identity IN", user))
        // An install's credited click is the one click whose install_id names it (both are written
        // in the install's transaction), so the install row finds it without a scan of the clicks.
        // A link's clicks are read through the view that adds months retired but not yet folded.
        let clickIds = try await texts("SELECT click_id AS id FROM installs WHERE app_id = \(bind: appId) AND id IN", installs)
            .union(texts("SELECT id FROM analytics_clicks WHERE app_id = \(bind: appId) AND link_id IN", linkIds.sorted()))
        let storedInstalls = try await texts("SELECT id FROM installs WHERE app_id = \(bind: appId) AND id IN", installs).sorted()
        // By install alone: with app_id in the query SQLite reads all the app's events through their
        // (app, time) index. The installs were found in this app, and install ids are unique.
        let eventIds = try await texts("SELECT id FROM events WHERE install_id IN", storedInstalls)
        return ErasureTargets(
            user: user, installs: installs, storedInstalls: storedInstalls, linkIds: linkIds.sorted(), deviceIds: deviceIds.sorted(),
            clickIds: clickIds.sorted(), eventIds: eventIds.sorted()
        )
    }

    /// The installs a user id is tied to: as a referee, in the referral fraud checks' identities, or
    /// as a Branch device's identity.
    private func installs(ofUser userId: String) async throws -> Set<String> {
        try await texts("SELECT install_id AS id FROM referrals WHERE app_id = \(bind: appId) AND referee_id IN", [userId])
            .union(
                texts(
                    "SELECT value AS id FROM referral_identities WHERE app_id = \(bind: appId) AND kind = 'install' AND user_id IN",
                    [userId])
            )
            .union(texts("SELECT install_id AS id FROM branch_devices WHERE app_id = \(bind: appId) AND identity IN", [userId]))
    }

    /// The webhook messages naming the person, searched from their first stored row on; none when
    /// nothing of theirs is stored (no message can be about them then).
    ///
    /// The outbox keeps every message, and a message about a row is written when the row is or
    /// later, so older ones are never read (the app-and-time index). A day's margin covers servers
    /// on one PostgreSQL whose clocks differ.
    func webhookMessages(naming targets: ErasureTargets) async throws -> Set<String> {
        let user = targets.user
        let sources: [(table: String, time: String, column: String, ids: [String])] = [
            ("installs", "created_at", "id", targets.storedInstalls), ("clicks", "clicked_at", "id", targets.clickIds),
            ("events", "received_at", "id", targets.eventIds), ("links", "created_at", "id", targets.linkIds),
            ("referrals", "created_at", "install_id", targets.installs), ("referrals", "created_at", "referrer_id", user),
            ("referrals", "created_at", "referee_id", user),
        ]
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
        guard let earliest else { return [] }
        return try await webhookMessages(mentioning: targets.mentioned, since: earliest - 86_400_000)
    }

    /// Messages created at or after `since` whose payload holds one of `values` as a JSON string.
    /// Exact and case-sensitive (`instr`, `strpos`): `LIKE` ignores ASCII case on SQLite and would
    /// take another user's messages.
    func webhookMessages(mentioning values: Set<String>, since: Int64) async throws -> Set<String> {
        let needles = values.sorted().flatMap(Self.jsonStringForms)
        let find = engine == .postgres ? "strpos" : "instr"
        var found: Set<String> = []
        for chunk in needles.chunked(into: 100) {
            var query = SQLQueryString(
                "SELECT id FROM webhook_messages WHERE app_id = \(bind: appId) AND created_at >= \(bind: since) AND (")
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
}
