import Foundation
import SQLKit

extension SQLStorage {
    public func insertApp(_ app: AppRecord) async throws {
        defer { catalogChanged() }
        let settings = try encodeJSON(app.settings)
        do {
            try await provider.transaction { database in
                try await moveSharedCatalogRevision(database)
                try await database.raw(
                    """
                    INSERT INTO apps (id, slug, name, settings, created_at, updated_at)
                    VALUES (\(bind: app.id), \(bind: app.slug), \(bind: app.name), \(bind: settings),
                            \(bind: app.createdAt.epochMilliseconds), \(bind: app.updatedAt.epochMilliseconds))
                    """
                ).run()
                try await insertDomains(app.domains, appId: app.id, database)
            }
        } catch  where provider.isUniqueViolation(error) {
            throw try await conflictField(for: app)
        }
    }

    public func updateApp(_ app: AppRecord) async throws {
        defer { catalogChanged() }
        let settings = try encodeJSON(app.settings)
        do {
            try await provider.transaction { database in
                try await moveSharedCatalogRevision(database)
                try await database.raw(
                    """
                    UPDATE apps SET slug = \(bind: app.slug), name = \(bind: app.name), settings = \(bind: settings),
                        updated_at = \(bind: app.updatedAt.epochMilliseconds)
                    WHERE id = \(bind: app.id)
                    """
                ).run()
                try await database.raw("DELETE FROM app_domains WHERE app_id = \(bind: app.id)").run()
                try await insertDomains(app.domains, appId: app.id, database)
            }
        } catch  where provider.isUniqueViolation(error) {
            throw try await conflictField(for: app)
        }
    }

    private func insertDomains(_ domains: [String], appId: String, _ database: any SQLDatabase) async throws {
        for (position, host) in domains.enumerated() {
            try await database.raw(
                "INSERT INTO app_domains (host, app_id, position) VALUES (\(bind: host), \(bind: appId), \(bind: position))"
            ).run()
        }
    }

    /// Tells which unique value of an app collided, for a precise 409.
    private func conflictField(for app: AppRecord) async throws -> StoreError {
        let slugOwner = try await provider.read { database in
            try await database.raw("SELECT id FROM apps WHERE slug = \(bind: app.slug)").first()
                .map { try $0.decode(column: "id", as: String.self) }
        }
        if let slugOwner, slugOwner != app.id { return .conflict("slug") }
        return .conflict("domain")
    }

    public func app(id: String) async throws -> AppRecord? {
        try await provider.read { database in
            guard let row = try await database.raw("SELECT * FROM apps WHERE id = \(bind: id)").first() else { return nil }
            return try await decodeApp(row, database)
        }
    }

    public func app(forHost host: String) async throws -> AppRecord? {
        try await provider.read { database in
            guard
                let row = try await database.raw(
                    """
                    SELECT apps.* FROM apps JOIN app_domains ON app_domains.app_id = apps.id
                    WHERE app_domains.host = \(bind: host)
                    """
                ).first()
            else { return nil }
            return try await decodeApp(row, database)
        }
    }

    public func listApps() async throws -> [AppRecord] {
        try await provider.read { database in
            var apps: [AppRecord] = []
            for row in try await database.raw("SELECT * FROM apps ORDER BY created_at, id").all() {
                apps.append(try await decodeApp(row, database))
            }
            return apps
        }
    }

    public func deleteApp(id: String) async throws -> Bool {
        defer { catalogChanged() }
        return try await provider.transaction { database in
            try await moveSharedCatalogRevision(database)
            try await database.raw("DELETE FROM clicks WHERE app_id = \(bind: id)").run()
            if engine == .postgres { _ = try await Self.deleteRetiredClicks(on: database, matching: "app_id = \(bind: id)") }
            try await database.raw("DELETE FROM click_stats WHERE app_id = \(bind: id)").run()
            try await database.raw("DELETE FROM safety_domains WHERE scope = \(bind: id)").run()
            let deleted = try await database.raw("DELETE FROM apps WHERE id = \(bind: id) RETURNING id").all()
            return !deleted.isEmpty
        }
    }

    private func decodeApp(_ row: any SQLRow, _ database: any SQLDatabase) async throws -> AppRecord {
        let id = try row.decode(column: "id", as: String.self)
        let domains = try await database.raw(
            "SELECT host FROM app_domains WHERE app_id = \(bind: id) ORDER BY position"
        ).all().map { try $0.decode(column: "host", as: String.self) }
        return AppRecord(
            id: id,
            slug: try row.decode(column: "slug", as: String.self),
            name: try row.decode(column: "name", as: String.self),
            domains: domains,
            settings: try decodeJSON(AppSettings.self, try row.decode(column: "settings", as: String.self), what: "app \(id)"),
            createdAt: Date(epochMilliseconds: try row.decode(column: "created_at", as: Int64.self)),
            updatedAt: Date(epochMilliseconds: try row.decode(column: "updated_at", as: Int64.self))
        )
    }
}
