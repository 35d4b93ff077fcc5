import Foundation
import SQLKit

extension SQLStorage {
    public func referralProgram(appId: String) async throws -> ReferralProgramRecord? {
        let row = try await provider.read { database in
            try await database.raw("SELECT * FROM referral_programs WHERE app_id = \(bind: appId)").first()
        }
        guard let row else { return nil }
        let values = SQLKitValues(row: row)
        return ReferralProgramRecord(
            appId: appId,
            program: try decodeJSON(ReferralProgram.self, try values.requiredText("settings"), what: "referral program of \(appId)"),
            createdAt: Date(epochMilliseconds: try values.requiredInteger("created_at")),
            updatedAt: Date(epochMilliseconds: try values.requiredInteger("updated_at"))
        )
    }

    public func saveReferralProgram(_ record: ReferralProgramRecord) async throws {
        let settings = try encodeJSON(record.program)
        try await provider.write { database in
            try await database.raw(
                """
                INSERT INTO referral_programs (app_id, settings, created_at, updated_at)
                VALUES (\(bind: record.appId), \(bind: settings), \(bind: record.createdAt.epochMilliseconds), \(bind: record.updatedAt.epochMilliseconds))
                ON CONFLICT (app_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at
                """
            ).run()
        }
    }

    public func referralCode(appId: String, userId: String) async throws -> ReferralCodeRecord? {
        try await provider.read { database in
            try await database.raw("SELECT * FROM referral_codes WHERE app_id = \(bind: appId) AND user_id = \(bind: userId)").first()
        }.map(decodeReferralCode)
    }

    public func referralCode(appId: String, code: String) async throws -> ReferralCodeRecord? {
        try await provider.read { database in
            try await database.raw("SELECT * FROM referral_codes WHERE app_id = \(bind: appId) AND code = \(bind: code)").first()
        }.map(decodeReferralCode)
    }

    public func insertReferralCode(_ record: ReferralCodeRecord) async throws {
        // Which unique constraint fired is told apart by looking: the engines word it differently.
        do {
            try await provider.write { database in
                try await database.raw(
                    """
                    INSERT INTO referral_codes (app_id, user_id, code, link_id, created_at)
                    VALUES (\(bind: record.appId), \(bind: record.userId), \(bind: record.code), \(bind: record.linkId),
                            \(bind: record.createdAt.epochMilliseconds))
                    """
                ).run()
            }
        } catch  where provider.isUniqueViolation(error) {
            let existing = try await referralCode(appId: record.appId, userId: record.userId)
            throw StoreError.conflict(existing == nil ? "code" : "user")
        }
    }

    public func setReferralCodeLink(appId: String, userId: String, linkId: String) async throws {
        try await provider.write { database in
            try await database.raw(
                """
                UPDATE referral_codes SET link_id = \(bind: linkId) WHERE app_id = \(bind: appId) AND user_id = \(bind: userId)
                """
            ).run()
        }
    }

    public func addReferralIdentity(_ identity: ReferralIdentity, appId: String, at date: Date) async throws {
        try await provider.write { database in
            try await database.raw(
                """
                INSERT INTO referral_identities (app_id, user_id, kind, value, created_at)
                VALUES (\(bind: appId), \(bind: identity.userId), \(bind: identity.kind.rawValue), \(bind: identity.value),
                        \(bind: date.epochMilliseconds))
                ON CONFLICT (app_id, user_id, kind, value) DO NOTHING
                """
            ).run()
        }
    }

    public func referralIdentities(appId: String, userId: String, limit: Int) async throws -> [ReferralIdentity] {
        let rows = try await provider.read { database in
            try await database.raw(
                """
                SELECT kind, value FROM referral_identities WHERE app_id = \(bind: appId) AND user_id = \(bind: userId)
                ORDER BY created_at DESC, kind, value LIMIT \(bind: max(1, limit))
                """
            ).all()
        }
        return try rows.map {
            let values = SQLKitValues(row: $0)
            return ReferralIdentity(
                userId: userId, kind: .init(rawValue: try values.requiredText("kind")), value: try values.requiredText("value")
            )
        }
    }

    public func referralUsers(appId: String, kind: ReferralIdentity.Kind, value: String, limit: Int) async throws -> [String] {
        let rows = try await provider.read { database in
            try await database.raw(
                """
                SELECT user_id FROM referral_identities WHERE app_id = \(bind: appId) AND kind = \(bind: kind.rawValue)
                AND value = \(bind: value) ORDER BY user_id LIMIT \(bind: max(1, limit))
                """
            ).all()
        }
        return try rows.map { try SQLKitValues(row: $0).requiredText("user_id") }
    }

    public func insertReferral(_ referral: ReferralRecord) async throws -> ReferralRecord {
        let reasons = try encodeJSON(referral.reasons)
        let row: (any SQLRow)?
        do {
            row = try await provider.write { database in
                try await database.raw(
                    """
                    INSERT INTO referrals (app_id, referrer_id, code, referee_id, referee_name, referee_avatar_url, install_id,
                        link_id, click_id, status, reasons, key_event, key_min_micros, key_currency, hold_ms, email_hash,
                        payment_hash, ip_hash, created_at, updated_at, qualified_at, completes_at, completed_at, reversed_at)
                    VALUES (\(bind: referral.appId), \(bind: referral.referrerId), \(bind: referral.code), \(bind: referral.refereeId),
                        \(bind: referral.refereeName), \(bind: referral.refereeAvatarUrl), \(bind: referral.installId),
                        \(bind: referral.linkId), \(bind: referral.clickId), \(bind: referral.status.rawValue), \(bind: reasons),
                        \(bind: referral.keyEvent), \(bind: referral.keyMinRevenueMicros), \(bind: referral.keyCurrency),
                        \(bind: referral.holdMilliseconds), \(bind: referral.emailHash), \(bind: referral.paymentHash),
                        \(bind: referral.ipHash), \(bind: referral.createdAt.epochMilliseconds), \(bind: referral.updatedAt.epochMilliseconds),
                        \(bind: referral.qualifiedAt?.epochMilliseconds), \(bind: referral.completesAt?.epochMilliseconds),
                        \(bind: referral.completedAt?.epochMilliseconds), \(bind: referral.reversedAt?.epochMilliseconds))
                    RETURNING id
                    """
                ).first()
            }
        } catch  where provider.isUniqueViolation(error) {
            throw StoreError.conflict("referee")
        }
        guard let row else { throw StoreError.corruptRecord("a new referral came back without its id") }
        var stored = referral
        stored.id = try SQLKitValues(row: row).requiredInteger("id")
        return stored
    }

    public func referral(id: Int64, appId: String) async throws -> ReferralRecord? {
        try await provider.read { database in
            try await database.raw("SELECT * FROM referrals WHERE id = \(bind: id) AND app_id = \(bind: appId)").first()
        }.map(decodeReferral)
    }

    public func referrals(appId: String, referrerId: String, limit: Int, after: ReferralCursor?) async throws -> ReferralPage {
        try await referralPage(filter: "app_id = \(bind: appId) AND referrer_id = \(bind: referrerId)", limit: limit, after: after)
    }

    public func referrals(appId: String, status: ReferralStatus, limit: Int, after: ReferralCursor?) async throws -> ReferralPage {
        try await referralPage(filter: "app_id = \(bind: appId) AND status = \(bind: status.rawValue)", limit: limit, after: after)
    }

    private func referralPage(filter: SQLQueryString, limit: Int, after: ReferralCursor?) async throws -> ReferralPage {
        let limit = max(1, limit)
        var sql = "SELECT * FROM referrals WHERE " + filter
        if let after {
            let millis = after.createdAt.epochMilliseconds
            sql += " AND (created_at < \(bind: millis) OR (created_at = \(bind: millis) AND id < \(bind: after.id)))"
        }
        sql += " ORDER BY created_at DESC, id DESC LIMIT \(bind: limit + 1)"
        let query = sql
        var referrals = try await provider.read { database in try await database.raw(query).all() }.map(decodeReferral)
        var next: ReferralCursor?
        if referrals.count > limit {
            referrals.removeLast(referrals.count - limit)
            next = referrals.last.map { ReferralCursor(createdAt: $0.createdAt, id: $0.id) }
        }
        return ReferralPage(referrals: referrals, nextCursor: next)
    }

    public func referralCount(appId: String, referrerId: String, since: Date) async throws -> Int {
        try await count(
            """
            SELECT COUNT(*) AS n FROM referrals WHERE app_id = \(bind: appId) AND referrer_id = \(bind: referrerId)
            AND created_at >= \(bind: since.epochMilliseconds)
            """)
    }

    public func referralCount(appId: String, ipHash: String, since: Date) async throws -> Int {
        try await count(
            """
            SELECT COUNT(*) AS n FROM referrals WHERE app_id = \(bind: appId) AND ip_hash = \(bind: ipHash)
            AND created_at >= \(bind: since.epochMilliseconds)
            """)
    }

    private func count(_ query: SQLQueryString) async throws -> Int {
        let row = try await provider.read { database in try await database.raw(query).first() }
        return Int(try row.map { try SQLKitValues(row: $0).requiredInteger("n") } ?? 0)
    }

    func decodeReferralCode(_ row: any SQLRow) throws -> ReferralCodeRecord {
        let values = SQLKitValues(row: row)
        return ReferralCodeRecord(
            appId: try values.requiredText("app_id"), userId: try values.requiredText("user_id"), code: try values.requiredText("code"),
            linkId: try values.text("link_id"), createdAt: Date(epochMilliseconds: try values.requiredInteger("created_at"))
        )
    }

    func decodeReferral(_ row: any SQLRow) throws -> ReferralRecord {
        let values = SQLKitValues(row: row)
        let id = try values.requiredInteger("id")
        func date(_ column: String) throws -> Date? { try values.integer(column).map(Date.init(epochMilliseconds:)) }
        guard let status = ReferralStatus(rawValue: try values.requiredText("status")) else {
            throw StoreError.corruptRecord("referral \(id) has an unknown status")
        }
        return ReferralRecord(
            id: id, appId: try values.requiredText("app_id"), referrerId: try values.requiredText("referrer_id"),
            code: try values.requiredText("code"), refereeId: try values.requiredText("referee_id"),
            refereeName: try values.text("referee_name"), refereeAvatarUrl: try values.text("referee_avatar_url"),
            installId: try values.text("install_id"), linkId: try values.text("link_id"), clickId: try values.text("click_id"),
            status: status, reasons: try decodeJSON([String].self, try values.requiredText("reasons"), what: "referral \(id)"),
            keyEvent: try values.requiredText("key_event"), keyMinRevenueMicros: try values.integer("key_min_micros"),
            keyCurrency: try values.text("key_currency"), holdMilliseconds: try values.requiredInteger("hold_ms"),
            emailHash: try values.text("email_hash"), paymentHash: try values.text("payment_hash"), ipHash: try values.text("ip_hash"),
            createdAt: Date(epochMilliseconds: try values.requiredInteger("created_at")),
            updatedAt: Date(epochMilliseconds: try values.requiredInteger("updated_at")),
            qualifiedAt: try date("qualified_at"), completesAt: try date("completes_at"), completedAt: try date("completed_at"),
            reversedAt: try date("reversed_at")
        )
    }
}

// MARK: - Status changes

extension SQLStorage {
    public func transitionReferral(
        id: Int64, appId: String, from: Set<ReferralStatus>, to status: ReferralStatus, reasons: [String], at date: Date
    ) async throws -> ReferralRecord? {
        guard let current = try await referral(id: id, appId: appId), from.contains(current.status) else { return nil }
        var merged = current.reasons
        for reason in reasons where !merged.contains(reason) { merged.append(reason) }
        let reasonsText = try encodeJSON(merged)
        let millis = date.epochMilliseconds
        let completedAt = status == .complete ? millis : current.completedAt?.epochMilliseconds
        let reversedAt = status == .reversed ? millis : current.reversedAt?.epochMilliseconds
        // Compare-and-set on the status read above: a concurrent change makes this a no-op.
        let row = try await provider.write { database in
            try await database.raw(
                """
                UPDATE referrals SET status = \(bind: status.rawValue), reasons = \(bind: reasonsText), updated_at = \(bind: millis),
                    completed_at = \(bind: completedAt), reversed_at = \(bind: reversedAt)
                WHERE id = \(bind: id) AND app_id = \(bind: appId) AND status = \(bind: current.status.rawValue)
                RETURNING *
                """
            ).first()
        }
        return try row.map(decodeReferral)
    }

    public func qualifyReferral(id: Int64, appId: String, at date: Date, now: Date) async throws -> ReferralRecord? {
        let at = date.epochMilliseconds
        let row = try await provider.write { database in
            try await database.raw(
                """
                UPDATE referrals SET qualified_at = \(bind: at), completes_at = \(bind: at) + hold_ms, updated_at = \(bind: now.epochMilliseconds)
                WHERE id = \(bind: id) AND app_id = \(bind: appId) AND qualified_at IS NULL AND status IN ('pending', 'flagged')
                RETURNING *
                """
            ).first()
        }
        return try row.map(decodeReferral)
    }

    public func settleReferrals(_ scope: ReferralScope, now: Date, limit: Int) async throws -> [ReferralRecord] {
        let limit = max(1, limit)
        let nowMillis = now.epochMilliseconds
        // 1. The first key-action event of each waiting referee install (through the events'
        //    (install_id, …) unique index), for referrals still waiting for one.
        let qualifying = """
            SELECT r.id AS id, MIN(e.received_at) AS at FROM referrals r
            JOIN events e ON e.install_id = r.install_id AND e.app_id = r.app_id AND e.name = r.key_event
            WHERE r.qualified_at IS NULL AND r.install_id IS NOT NULL AND r.status IN ('pending', 'flagged')
            AND (r.key_min_micros IS NULL OR (e.revenue_micros >= r.key_min_micros AND e.revenue_currency = r.key_currency))
            """ + Self.referralScope(scope, alias: "r.") + " GROUP BY r.id ORDER BY r.id LIMIT \(bind: limit)"
        let found = try await provider.read { database in try await database.raw(qualifying).all() }
        for row in found {
            let values = SQLKitValues(row: row)
            let id = try values.requiredInteger("id")
            let at = try values.requiredInteger("at")
            try await provider.write { database in
                try await database.raw(
                    """
                    UPDATE referrals SET qualified_at = \(bind: at), completes_at = \(bind: at) + hold_ms, updated_at = \(bind: nowMillis)
                    WHERE id = \(bind: id) AND qualified_at IS NULL
                    """
                ).run()
            }
        }
        // 2. Pending referrals whose hold has passed complete; flagged ones wait for a reviewer.
        let due =
            "SELECT id FROM referrals WHERE status = 'pending' AND completes_at <= \(bind: nowMillis)"
            + Self.referralScope(scope, alias: "") + " ORDER BY completes_at LIMIT \(bind: limit)"
        let completing = """
            UPDATE referrals SET status = 'complete', completed_at = completes_at, updated_at = \(bind: nowMillis)
            WHERE status = 'pending' AND id IN (
            """ + due + ") RETURNING *"
        let rows = try await provider.write { database in try await database.raw(completing).all() }
        return try rows.map(decodeReferral).sorted { $0.id < $1.id }
    }

    /// `AND app_id = $n …` for each part of the scope that is set.
    private static func referralScope(_ scope: ReferralScope, alias: String) -> SQLQueryString {
        var sql = SQLQueryString("")
        if let appId = scope.appId {
            sql.appendInterpolation(unsafeRaw: " AND \(alias)app_id = ")
            sql.appendInterpolation(bind: appId)
        }
        if let referrerId = scope.referrerId {
            sql.appendInterpolation(unsafeRaw: " AND \(alias)referrer_id = ")
            sql.appendInterpolation(bind: referrerId)
        }
        if let id = scope.id {
            sql.appendInterpolation(unsafeRaw: " AND \(alias)id = ")
            sql.appendInterpolation(bind: id)
        }
        return sql
    }
}
