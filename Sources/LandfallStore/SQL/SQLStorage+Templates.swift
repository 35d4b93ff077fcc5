import Foundation
import SQLKit

extension SQLStorage {
    public func insertTemplate(_ template: TemplateRecord) async throws {
        let defaults = try encodeJSON(template.defaults)
        try await writeUnique(conflictField: "slug") { database in
            try await database.raw(
                """
                INSERT INTO templates (id, app_id, name, slug, defaults, created_at, updated_at)
                VALUES (\(bind: template.id), \(bind: template.appId), \(bind: template.name), \(bind: template.slug),
                        \(bind: defaults), \(bind: template.createdAt.epochMilliseconds), \(bind: template.updatedAt.epochMilliseconds))
                """
            ).run()
        }
    }

    public func updateTemplate(_ template: TemplateRecord) async throws {
        defer { catalogChanged() }
        let defaults = try encodeJSON(template.defaults)
        try await writeUnique(conflictField: "slug") { database in
            try await database.raw(
                """
                UPDATE templates SET name = \(bind: template.name), slug = \(bind: template.slug), defaults = \(bind: defaults),
                    updated_at = \(bind: template.updatedAt.epochMilliseconds)
                WHERE id = \(bind: template.id) AND app_id = \(bind: template.appId)
                """
            ).run()
            try await moveSharedCatalogRevision(database)
        }
    }

    public func template(id: String, appId: String) async throws -> TemplateRecord? {
        try await provider.read { database in
            try await database.raw("SELECT * FROM templates WHERE id = \(bind: id) AND app_id = \(bind: appId)")
                .first().map(decodeTemplate)
        }
    }

    public func templates(appId: String) async throws -> [TemplateRecord] {
        try await provider.read { database in
            try await database.raw("SELECT * FROM templates WHERE app_id = \(bind: appId) ORDER BY created_at DESC, id DESC")
                .all().map(decodeTemplate)
        }
    }

    public func latestTemplate(appId: String) async throws -> TemplateRecord? {
        try await provider.read { database in
            try await database.raw("SELECT * FROM templates WHERE app_id = \(bind: appId) ORDER BY created_at DESC, id DESC LIMIT 1")
                .first().map(decodeTemplate)
        }
    }

    public func deleteTemplate(id: String, appId: String) async throws -> Bool {
        defer { catalogChanged() }
        return try await provider.write { database in
            try await moveSharedCatalogRevision(database)
            return !(try await database.raw("DELETE FROM templates WHERE id = \(bind: id) AND app_id = \(bind: appId) RETURNING id").all())
                .isEmpty
        }
    }

    private func decodeTemplate(_ row: any SQLRow) throws -> TemplateRecord {
        let id = try row.decode(column: "id", as: String.self)
        return TemplateRecord(
            id: id,
            appId: try row.decode(column: "app_id", as: String.self),
            name: try row.decode(column: "name", as: String.self),
            slug: try row.decode(column: "slug", as: String.self),
            defaults: try decodeLinkContent(try row.decode(column: "defaults", as: String.self), what: "template \(id)"),
            createdAt: Date(epochMilliseconds: try row.decode(column: "created_at", as: Int64.self)),
            updatedAt: Date(epochMilliseconds: try row.decode(column: "updated_at", as: Int64.self))
        )
    }
}
