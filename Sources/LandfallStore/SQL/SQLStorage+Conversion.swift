import Foundation
import SQLKit

extension SQLStorage {
    public func setConversionSchema(_ schema: ConversionSchemaRecord) async throws {
        try await provider.write { database in
            try await database.raw(
                """
                INSERT INTO conversion_schemas (app_id, document, updated_at)
                VALUES (\(bind: schema.appId), \(bind: schema.document), \(bind: schema.updatedAt.epochMilliseconds))
                ON CONFLICT (app_id) DO UPDATE SET document = excluded.document, updated_at = excluded.updated_at
                """
            ).run()
        }
    }

    public func conversionSchema(appId: String) async throws -> ConversionSchemaRecord? {
        try await provider.read { database in
            try await database.raw("SELECT * FROM conversion_schemas WHERE app_id = \(bind: appId)").first().map { row in
                ConversionSchemaRecord(
                    appId: try row.decode(column: "app_id", as: String.self),
                    document: try row.decode(column: "document", as: String.self),
                    updatedAt: Date(epochMilliseconds: try row.decode(column: "updated_at", as: Int64.self))
                )
            }
        }
    }

    public func deleteConversionSchema(appId: String) async throws -> Bool {
        try await provider.write { database in
            !(try await database.raw("DELETE FROM conversion_schemas WHERE app_id = \(bind: appId) RETURNING app_id").all()).isEmpty
        }
    }

    public func setConversionDevKey(_ key: ConversionDevKeyRecord) async throws {
        try await provider.write { database in
            try await database.raw(
                """
                INSERT INTO conversion_dev_keys (app_id, dev_key, created_at)
                VALUES (\(bind: key.appId), \(bind: key.devKey), \(bind: key.createdAt.epochMilliseconds))
                ON CONFLICT (app_id) DO UPDATE SET dev_key = excluded.dev_key, created_at = excluded.created_at
                """
            ).run()
        }
    }

    public func conversionDevKey(appId: String) async throws -> ConversionDevKeyRecord? {
        try await provider.read { database in
            try await database.raw("SELECT * FROM conversion_dev_keys WHERE app_id = \(bind: appId)").first().map { row in
                ConversionDevKeyRecord(
                    appId: try row.decode(column: "app_id", as: String.self),
                    devKey: try row.decode(column: "dev_key", as: String.self),
                    createdAt: Date(epochMilliseconds: try row.decode(column: "created_at", as: Int64.self))
                )
            }
        }
    }

    public func raiseConversionValue(_ value: ConversionValueRecord) async throws -> ConversionValueRecord {
        try await provider.write { database in
            // CASE rather than MAX()/GREATEST(): the one spelling both engines share. A locked row
            // keeps every column; otherwise each value keeps the larger of stored and new.
            let row = try await database.raw(
                """
                INSERT INTO conversion_values (install_id, app_id, window_index, fine_value, coarse_rank, locked, updated_at)
                VALUES (\(bind: value.installId), \(bind: value.appId), \(bind: Int64(value.windowIndex)), \(bind: Int64(value.fineValue)),
                        \(bind: Int64(value.coarseRank)), \(bind: Int64(value.locked ? 1 : 0)), \(bind: value.updatedAt.epochMilliseconds))
                ON CONFLICT (install_id, window_index) DO UPDATE SET
                    fine_value = CASE WHEN conversion_values.locked = 1 OR conversion_values.fine_value >= excluded.fine_value
                                      THEN conversion_values.fine_value ELSE excluded.fine_value END,
                    coarse_rank = CASE WHEN conversion_values.locked = 1 OR conversion_values.coarse_rank >= excluded.coarse_rank
                                       THEN conversion_values.coarse_rank ELSE excluded.coarse_rank END,
                    updated_at = CASE WHEN conversion_values.locked = 1 THEN conversion_values.updated_at ELSE excluded.updated_at END,
                    locked = CASE WHEN conversion_values.locked = 1 OR excluded.locked = 1 THEN 1 ELSE 0 END
                RETURNING *
                """
            ).first()
            guard let row else { throw StoreError.corruptRecord("conversion value of install \(value.installId) was not stored") }
            return try Self.decodeConversionValue(row)
        }
    }

    public func conversionValue(installId: String, windowIndex: Int) async throws -> ConversionValueRecord? {
        try await provider.read { database in
            try await database.raw(
                """
                SELECT * FROM conversion_values WHERE install_id = \(bind: installId) AND window_index = \(bind: Int64(windowIndex))
                """
            ).first().map(Self.decodeConversionValue)
        }
    }

    public func claimConversionSignature(appId: String, signature: String, expiresAt: Date, now: Date) async throws -> Bool {
        try await provider.transaction { database in
            try await database.raw(
                """
                DELETE FROM conversion_signatures WHERE app_id = \(bind: appId) AND expires_at < \(bind: now.epochMilliseconds)
                """
            ).run()
            let inserted = try await database.raw(
                """
                INSERT INTO conversion_signatures (app_id, signature, expires_at)
                VALUES (\(bind: appId), \(bind: signature), \(bind: expiresAt.epochMilliseconds))
                ON CONFLICT (app_id, signature) DO NOTHING RETURNING signature
                """
            ).all()
            return !inserted.isEmpty
        }
    }

    private static func decodeConversionValue(_ row: any SQLRow) throws -> ConversionValueRecord {
        ConversionValueRecord(
            installId: try row.decode(column: "install_id", as: String.self),
            appId: try row.decode(column: "app_id", as: String.self),
            windowIndex: Int(try row.decode(column: "window_index", as: Int64.self)),
            fineValue: Int(try row.decode(column: "fine_value", as: Int64.self)),
            coarseRank: Int(try row.decode(column: "coarse_rank", as: Int64.self)),
            locked: try row.decode(column: "locked", as: Int64.self) != 0,
            updatedAt: Date(epochMilliseconds: try row.decode(column: "updated_at", as: Int64.self))
        )
    }
}
