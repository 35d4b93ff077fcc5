import Foundation
import SQLKit

extension SQLStorage {
    /// Rows still holding a full address; the text must match the partial index of migration 0012.
    private static let fullAddress = "ip_address IS NOT NULL AND ip_address NOT LIKE '%/%'"

    static func ipRetentionWatermarkKey(_ table: String, appId: String) -> String {
        "ip_retention_\(table)_ms:\(appId)"
    }

    public func reduceRedirectClickAddresses(
        appId: String, clickedBefore cutoff: Date, limit: Int, reduce: @escaping @Sendable (String) -> String?
    ) async throws -> Int {
        let key = Self.ipRetentionWatermarkKey("clicks", appId: appId)
        let cutoffMs = cutoff.epochMilliseconds
        return try await provider.transaction { database in
            let from = try await Self.watermark(key, cutoff: cutoffMs, on: database)
            let rows = try await database.raw(
                """
                SELECT id, clicked_at, ip_address, ip_prefix FROM clicks
                WHERE clicked_at >= \(bind: from) AND clicked_at < \(bind: cutoffMs) AND app_id = \(bind: appId)
                AND received_at IS NULL AND \(unsafeRaw: Self.fullAddress)
                ORDER BY clicked_at LIMIT \(bind: Int64(limit))
                """
            ).all()
            try await Self.reduceClicks(rows, reduce: reduce, on: database)
            // A short batch means every redirect click before the cutoff is done: redirect clicks
            // are stored as they happen, so none can appear behind it later.
            let last = try rows.last?.decode(column: "clicked_at", as: Int64.self)
            let through = rows.count < limit ? cutoffMs : (last ?? from)
            try await Self.setWatermark(key, to: through, on: database)
            return rows.count
        }
    }

    public func reducePostedClickAddresses(
        appId: String, clickedBefore cutoff: Date, limit: Int, reduce: @escaping @Sendable (String) -> String?
    ) async throws -> Int {
        try await provider.transaction { database in
            let rows = try await database.raw(
                """
                SELECT id, clicked_at, ip_address, ip_prefix FROM clicks
                WHERE app_id = \(bind: appId) AND clicked_at < \(bind: cutoff.epochMilliseconds)
                AND received_at IS NOT NULL AND \(unsafeRaw: Self.fullAddress)
                ORDER BY clicked_at LIMIT \(bind: Int64(limit))
                """
            ).all()
            try await Self.reduceClicks(rows, reduce: reduce, on: database)
            return rows.count
        }
    }

    public func reduceInstallAddresses(
        appId: String, createdBefore cutoff: Date, limit: Int, reduce: @escaping @Sendable (String) -> String?
    ) async throws -> Int {
        let key = Self.ipRetentionWatermarkKey("installs", appId: appId)
        let cutoffMs = cutoff.epochMilliseconds
        let address = engine == .postgres ? "(CAST(fingerprint AS jsonb) ->> 'ipAddress')" : "json_extract(fingerprint, '$.ipAddress')"
        return try await provider.transaction { database in
            let from = try await Self.watermark(key, cutoff: cutoffMs, on: database)
            let rows = try await database.raw(
                """
                SELECT id, created_at, fingerprint FROM installs
                WHERE app_id = \(bind: appId) AND created_at >= \(bind: from) AND created_at < \(bind: cutoffMs)
                AND \(unsafeRaw: address) IS NOT NULL AND \(unsafeRaw: address) NOT LIKE '%/%'
                ORDER BY created_at LIMIT \(bind: Int64(limit))
                """
            ).all()
            for row in rows {
                let id = try row.decode(column: "id", as: String.self)
                var fingerprint = try decodeJSON(
                    InstallFingerprint.self, try row.decode(column: "fingerprint", as: String.self), what: "install \(id)"
                )
                fingerprint.ipAddress = fingerprint.ipAddress.flatMap(reduce)
                fingerprint.ipPrefix = fingerprint.ipPrefix.flatMap(reduce)
                try await database.raw("UPDATE installs SET fingerprint = \(bind: try encodeJSON(fingerprint)) WHERE id = \(bind: id)")
                    .run()
            }
            // Installs are stored at most one window after their stated time, which is well inside
            // the retention period, so none appears behind the cutoff once a short batch reached it.
            let last = try rows.last?.decode(column: "created_at", as: Int64.self)
            try await Self.setWatermark(key, to: rows.count < limit ? cutoffMs : (last ?? from), on: database)
            return rows.count
        }
    }

    public func deleteIPv6NetworkStatistics(appId: String, beforeDay day: Int64, limit: Int) async throws -> Int {
        try await provider.transaction { database in
            // Literals, not binds, for the factor and suffix: the partial index is matched on them.
            let deleted = try await database.raw(
                """
                DELETE FROM click_stats WHERE (app_id, platform, factor, value, day) IN (
                    SELECT app_id, platform, factor, value, day FROM click_stats
                    WHERE app_id = \(bind: appId) AND day < \(bind: day) AND factor = 'ip' AND value LIKE '%/64'
                    LIMIT \(bind: Int64(limit)))
                RETURNING day
                """
            ).all()
            return deleted.count
        }
    }

    public func clearReferralAddressHashes(appId: String, createdBefore cutoff: Date, limit: Int) async throws -> Int {
        try await provider.transaction { database in
            try await database.raw(
                """
                UPDATE referrals SET ip_hash = NULL WHERE id IN (
                    SELECT id FROM referrals
                    WHERE app_id = \(bind: appId) AND ip_hash IS NOT NULL AND created_at < \(bind: cutoff.epochMilliseconds)
                    LIMIT \(bind: Int64(limit)))
                RETURNING id
                """
            ).all().count
        }
    }

    private static func reduceClicks(_ rows: [any SQLRow], reduce: @Sendable (String) -> String?, on database: any SQLDatabase) async throws
    {
        for row in rows {
            let address = try row.decode(column: "ip_address", as: String?.self)
            let prefix = try row.decode(column: "ip_prefix", as: String?.self)
            try await database.raw(
                """
                UPDATE clicks SET ip_address = \(bind: address.flatMap(reduce)), ip_prefix = \(bind: prefix.flatMap(reduce))
                WHERE id = \(bind: try row.decode(column: "id", as: String.self))
                """
            ).run()
        }
    }

    /// Where the last sweep of `key` stopped, but never after `cutoff`: when an app's window grows,
    /// the cutoff moves back, and rows that are inside the window again must not be skipped later.
    private static func watermark(_ key: String, cutoff: Int64, on database: any SQLDatabase) async throws -> Int64 {
        let stored =
            try await database.raw("SELECT value FROM settings WHERE key = \(bind: key)").first()
            .flatMap { Int64(try $0.decode(column: "value", as: String.self)) } ?? 0
        return min(stored, cutoff)
    }

    private static func setWatermark(_ key: String, to value: Int64, on database: any SQLDatabase) async throws {
        try await database.raw(
            """
            INSERT INTO settings (key, value) VALUES (\(bind: key), \(bind: String(value)))
            ON CONFLICT (key) DO UPDATE SET value = excluded.value
            """
        ).run()
    }
}
