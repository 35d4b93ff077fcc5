import SQLKit

extension SQLStorage {
    public func setting(_ key: String) async throws -> String? {
        try await provider.read { database in
            try await database.raw("SELECT value FROM settings WHERE key = \(bind: key)").first()
                .map { try $0.decode(column: "value", as: String.self) }
        }
    }

    public func setSettingIfAbsent(_ key: String, value: String) async throws -> String {
        try await provider.transaction { database in
            try await database.raw(
                "INSERT INTO settings (key, value) VALUES (\(bind: key), \(bind: value)) ON CONFLICT (key) DO NOTHING"
            ).run()
            guard let row = try await database.raw("SELECT value FROM settings WHERE key = \(bind: key)").first() else {
                throw StoreError.corruptRecord("setting \(key) vanished")
            }
            return try row.decode(column: "value", as: String.self)
        }
    }

    public func setSetting(_ key: String, value: String) async throws {
        try await provider.write { database in
            try await database.raw(
                """
                INSERT INTO settings (key, value) VALUES (\(bind: key), \(bind: value))
                ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """
            ).run()
        }
    }
}
