import Foundation
import SQLKit

extension SQLStorage {
    public func branchDevice(appId: String, keys: [String]) async throws -> BranchDeviceRecord? {
        guard !keys.isEmpty else { return nil }
        return try await provider.read { database in
            for key in keys {
                if let row = try await database.raw(
                    """
                    SELECT d.* FROM branch_device_keys k JOIN branch_devices d ON d.id = k.device_id
                    WHERE k.app_id = \(bind: appId) AND k.device_key = \(bind: key)
                    """
                ).first() {
                    return try decodeBranchDevice(row)
                }
            }
            return nil
        }
    }

    public func branchDevice(id: String, appId: String) async throws -> BranchDeviceRecord? {
        try await provider.read { database in
            try await database.raw("SELECT * FROM branch_devices WHERE id = \(bind: id) AND app_id = \(bind: appId)")
                .first().map(decodeBranchDevice)
        }
    }

    public func branchDevice(appId: String, bundleToken: String) async throws -> BranchDeviceRecord? {
        try await provider.read { database in
            try await database.raw("SELECT * FROM branch_devices WHERE app_id = \(bind: appId) AND bundle_token = \(bind: bundleToken)")
                .first().map(decodeBranchDevice)
        }
    }

    public func branchDevice(appId: String, identity: String) async throws -> BranchDeviceRecord? {
        try await provider.read { database in
            try await database.raw(
                """
                SELECT * FROM branch_devices WHERE app_id = \(bind: appId) AND identity = \(bind: identity)
                ORDER BY updated_at DESC, id DESC LIMIT 1
                """
            ).first().map(decodeBranchDevice)
        }
    }

    public func recordBranchSession(_ session: BranchSessionRecord, device: BranchDeviceRecord, keys: [String]) async throws {
        do {
            try await provider.transaction { database in
                try await database.raw(
                    """
                    INSERT INTO branch_devices (id, app_id, bundle_token, identity, install_id, install_count, created_at, updated_at)
                    VALUES (\(bind: device.id), \(bind: device.appId), \(bind: device.bundleToken), \(bind: device.identity),
                            \(bind: device.installId), \(bind: device.installCount), \(bind: device.createdAt.epochMilliseconds),
                            \(bind: device.updatedAt.epochMilliseconds))
                    ON CONFLICT (id) DO UPDATE SET bundle_token = excluded.bundle_token, identity = excluded.identity,
                        install_id = excluded.install_id, install_count = excluded.install_count, updated_at = excluded.updated_at
                    """
                ).run()
                for key in Set(keys) {
                    try await database.raw(
                        """
                        INSERT INTO branch_device_keys (app_id, device_key, device_id) VALUES (\(bind: device.appId), \(bind: key), \(bind: device.id))
                        ON CONFLICT (app_id, device_key) DO UPDATE SET device_id = excluded.device_id
                        """
                    ).run()
                }
                try await database.raw(
                    """
                    INSERT INTO branch_sessions (id, app_id, device_id, kind, created_at, counted, match_guaranteed, link_id, click_id,
                                                 install_id, os, app_version)
                    VALUES (\(bind: session.id), \(bind: session.appId), \(bind: session.deviceId), \(bind: session.kind.rawValue),
                            \(bind: session.createdAt.epochMilliseconds), \(bind: session.counted ? 1 : 0), \(bind: session.matchGuaranteed ? 1 : 0),
                            \(bind: session.linkId), \(bind: session.clickId), \(bind: session.installId), \(bind: session.os),
                            \(bind: session.appVersion))
                    """
                ).run()
            }
        } catch  where provider.isUniqueViolation(error) {
            throw StoreError.conflict("bundleToken")
        }
    }

    public func setBranchIdentity(deviceId: String, appId: String, identity: String?, at date: Date) async throws -> Bool {
        try await provider.transaction { database in
            guard
                try await database.raw("SELECT id FROM branch_devices WHERE id = \(bind: deviceId) AND app_id = \(bind: appId)").first()
                    != nil
            else { return false }
            try await database.raw(
                """
                UPDATE branch_devices SET identity = \(bind: identity), updated_at = \(bind: date.epochMilliseconds)
                WHERE id = \(bind: deviceId) AND app_id = \(bind: appId)
                """
            ).run()
            return true
        }
    }

    public func branchSessions(deviceId: String, appId: String) async throws -> [BranchSessionRecord] {
        try await provider.read { database in
            try await database.raw(
                """
                SELECT * FROM branch_sessions WHERE device_id = \(bind: deviceId) AND app_id = \(bind: appId) ORDER BY created_at, id
                """
            ).all().map(decodeBranchSession)
        }
    }

    public func branchSessionCounts(appId: String, from: Date, to: Date) async throws -> [String: Int] {
        try await provider.read { database in
            var counts: [String: Int] = [:]
            for row in try await database.raw(
                """
                SELECT kind, COUNT(*) AS sessions FROM branch_sessions
                WHERE app_id = \(bind: appId) AND counted = 1 AND created_at >= \(bind: from.epochMilliseconds)
                  AND created_at < \(bind: to.epochMilliseconds)
                GROUP BY kind
                """
            ).all() {
                counts[try row.decode(column: "kind", as: String.self)] = try row.decode(column: "sessions", as: Int.self)
            }
            return counts
        }
    }

    public func insertBranchLink(_ link: BranchLinkRecord) async throws {
        let tags = try encodeJSON(link.tags)
        try await writeUnique(conflictField: "link") { database in
            try await database.raw(
                """
                INSERT INTO branch_links (link_id, app_id, alias, link_type, duration, channel, feature, campaign, stage, tags, data,
                                          fingerprint, created_at)
                VALUES (\(bind: link.linkId), \(bind: link.appId), \(bind: link.alias), \(bind: link.type), \(bind: link.duration),
                        \(bind: link.channel), \(bind: link.feature), \(bind: link.campaign), \(bind: link.stage), \(bind: tags),
                        \(bind: link.data), \(bind: link.fingerprint), \(bind: link.createdAt.epochMilliseconds))
                """
            ).run()
        }
    }

    public func branchLink(linkId: String, appId: String) async throws -> BranchLinkRecord? {
        try await provider.read { database in
            try await database.raw("SELECT * FROM branch_links WHERE link_id = \(bind: linkId) AND app_id = \(bind: appId)")
                .first().map(decodeBranchLink)
        }
    }

    private func decodeBranchDevice(_ row: any SQLRow) throws -> BranchDeviceRecord {
        BranchDeviceRecord(
            id: try row.decode(column: "id", as: String.self),
            appId: try row.decode(column: "app_id", as: String.self),
            bundleToken: try row.decode(column: "bundle_token", as: String.self),
            identity: try row.decode(column: "identity", as: String?.self),
            installId: try row.decode(column: "install_id", as: String?.self),
            installCount: try row.decode(column: "install_count", as: Int.self),
            createdAt: Date(epochMilliseconds: try row.decode(column: "created_at", as: Int64.self)),
            updatedAt: Date(epochMilliseconds: try row.decode(column: "updated_at", as: Int64.self))
        )
    }

    private func decodeBranchSession(_ row: any SQLRow) throws -> BranchSessionRecord {
        let kindText = try row.decode(column: "kind", as: String.self)
        guard let kind = BranchSessionRecord.Kind(rawValue: kindText) else {
            throw StoreError.corruptRecord("branch session kind \(kindText)")
        }
        return BranchSessionRecord(
            id: try row.decode(column: "id", as: String.self),
            appId: try row.decode(column: "app_id", as: String.self),
            deviceId: try row.decode(column: "device_id", as: String.self),
            kind: kind,
            createdAt: Date(epochMilliseconds: try row.decode(column: "created_at", as: Int64.self)),
            counted: try row.decode(column: "counted", as: Int.self) != 0,
            matchGuaranteed: try row.decode(column: "match_guaranteed", as: Int.self) != 0,
            linkId: try row.decode(column: "link_id", as: String?.self),
            clickId: try row.decode(column: "click_id", as: String?.self),
            installId: try row.decode(column: "install_id", as: String?.self),
            os: try row.decode(column: "os", as: String?.self),
            appVersion: try row.decode(column: "app_version", as: String?.self)
        )
    }

    private func decodeBranchLink(_ row: any SQLRow) throws -> BranchLinkRecord {
        BranchLinkRecord(
            linkId: try row.decode(column: "link_id", as: String.self),
            appId: try row.decode(column: "app_id", as: String.self),
            alias: try row.decode(column: "alias", as: String?.self),
            type: try row.decode(column: "link_type", as: Int.self),
            duration: try row.decode(column: "duration", as: Int64?.self),
            channel: try row.decode(column: "channel", as: String?.self),
            feature: try row.decode(column: "feature", as: String?.self),
            campaign: try row.decode(column: "campaign", as: String?.self),
            stage: try row.decode(column: "stage", as: String?.self),
            tags: try decodeJSON([String].self, try row.decode(column: "tags", as: String.self), what: "branch link tags"),
            data: try row.decode(column: "data", as: String.self),
            fingerprint: try row.decode(column: "fingerprint", as: String.self),
            createdAt: Date(epochMilliseconds: try row.decode(column: "created_at", as: Int64.self))
        )
    }
}
