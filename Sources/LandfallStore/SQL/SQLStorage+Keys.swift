import Foundation
import SQLKit

extension SQLStorage {
    public func insertKey(_ key: APIKeyRecord) async throws {
        try await writeUnique(conflictField: "key") { database in
            try await database.raw(
                """
                INSERT INTO api_keys (id, app_id, kind, name, key_hash, display_prefix, created_at, revoked_at)
                VALUES (\(bind: key.id), \(bind: key.appId), \(bind: key.kind.rawValue), \(bind: key.name),
                        \(bind: key.keyHash), \(bind: key.displayPrefix), \(bind: key.createdAt.epochMilliseconds),
                        \(bind: key.revokedAt?.epochMilliseconds))
                """
            ).run()
        }
    }

    public func key(hash: String) async throws -> APIKeyRecord? {
        try await provider.read { database in
            try await database.raw("SELECT * FROM api_keys WHERE key_hash = \(bind: hash)").first().map(decodeKey)
        }
    }

    public func keys(appId: String) async throws -> [APIKeyRecord] {
        try await provider.read { database in
            try await database.raw("SELECT * FROM api_keys WHERE app_id = \(bind: appId) ORDER BY created_at, id").all().map(decodeKey)
        }
    }

    public func revokeKey(id: String, appId: String, at date: Date) async throws -> Bool {
        defer { catalogChanged() }
        return try await provider.write { database in
            try await moveSharedCatalogRevision(database)
            let rows = try await database.raw(
                """
                UPDATE api_keys SET revoked_at = COALESCE(revoked_at, \(bind: date.epochMilliseconds))
                WHERE id = \(bind: id) AND app_id = \(bind: appId) RETURNING id
                """
            ).all()
            return !rows.isEmpty
        }
    }

    private func decodeKey(_ row: any SQLRow) throws -> APIKeyRecord {
        let kindText = try row.decode(column: "kind", as: String.self)
        guard let kind = APIKeyRecord.Kind(rawValue: kindText) else {
            throw StoreError.corruptRecord("api key kind \(kindText)")
        }
        return APIKeyRecord(
            id: try row.decode(column: "id", as: String.self),
            appId: try row.decode(column: "app_id", as: String.self),
            kind: kind,
            name: try row.decode(column: "name", as: String.self),
            keyHash: try row.decode(column: "key_hash", as: String.self),
            displayPrefix: try row.decode(column: "display_prefix", as: String.self),
            createdAt: Date(epochMilliseconds: try row.decode(column: "created_at", as: Int64.self)),
            revokedAt: try row.decode(column: "revoked_at", as: Int64?.self).map(Date.init(epochMilliseconds:))
        )
    }
}
