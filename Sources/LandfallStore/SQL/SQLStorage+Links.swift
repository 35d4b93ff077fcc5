import Foundation
import SQLKit

extension SQLStorage {
    public func insertLink(_ link: LinkRecord) async throws {
        let content = try encodeJSON(link.content)
        try await writeUnique(conflictField: "shortCode") { database in
            try await database.raw(
                """
                INSERT INTO links (id, app_id, short_code, template_id, template_slug, external_user_id, dedup_key,
                                   is_active, expires_at, content, created_at, updated_at, safety, domain_safety,
                                   attribution_window_hours)
                VALUES (\(bind: link.id), \(bind: link.appId), \(bind: link.shortCode), \(bind: link.templateId),
                        \(bind: link.templateSlug), \(bind: link.externalUserId), \(bind: link.dedupKey),
                        \(bind: link.isActive), \(bind: link.expiresAt?.epochMilliseconds), \(bind: content),
                        \(bind: link.createdAt.epochMilliseconds), \(bind: link.updatedAt.epochMilliseconds),
                        \(bind: link.safety.rawValue), \(bind: link.domainSafety.rawValue),
                        \(bind: link.content.attributionWindowHours.map(Int64.init)))
                """
            ).run()
        }
    }

    public func updateLink(_ link: LinkRecord) async throws {
        defer { catalogChanged() }
        let content = try encodeJSON(link.content)
        try await writeUnique(conflictField: "shortCode") { database in
            try await database.raw(
                """
                UPDATE links SET short_code = \(bind: link.shortCode), template_id = \(bind: link.templateId),
                    template_slug = \(bind: link.templateSlug), external_user_id = \(bind: link.externalUserId),
                    dedup_key = \(bind: link.dedupKey), is_active = \(bind: link.isActive),
                    expires_at = \(bind: link.expiresAt?.epochMilliseconds), content = \(bind: content),
                    updated_at = \(bind: link.updatedAt.epochMilliseconds), safety = \(bind: link.safety.rawValue),
                    domain_safety = \(bind: link.domainSafety.rawValue),
                    attribution_window_hours = \(bind: link.content.attributionWindowHours.map(Int64.init))
                WHERE id = \(bind: link.id) AND app_id = \(bind: link.appId)
                """
            ).run()
            try await moveSharedCatalogRevision(database)
        }
    }

    public func link(id: String, appId: String) async throws -> LinkRecord? {
        try await provider.read { database in
            try await database.raw("SELECT * FROM links WHERE id = \(bind: id) AND app_id = \(bind: appId)").first().map(decodeLink)
        }
    }

    public func link(shortCode: String, appId: String) async throws -> LinkRecord? {
        try await hotPath.link(shortCode: shortCode, appId: appId, store: self)
    }

    public func links(shortCode: String) async throws -> [LinkRecord] {
        try await hotPath.links(shortCode: shortCode, store: self)
    }

    public func link(dedupKey: String, appId: String) async throws -> LinkRecord? {
        try await provider.read { database in
            try await database.raw(
                """
                SELECT * FROM links WHERE app_id = \(bind: appId) AND dedup_key = \(bind: dedupKey)
                ORDER BY created_at, id LIMIT 1
                """
            ).first().map(decodeLink)
        }
    }

    public func listLinks(appId: String, query: LinkQuery) async throws -> LinkPage {
        let limit = max(1, query.limit)
        let rows = try await provider.read { database in
            var sql = SQLQueryString("SELECT * FROM links WHERE app_id = \(bind: appId)")
            if let after = query.after {
                let millis = after.createdAt.epochMilliseconds
                sql.appendInterpolation(unsafeRaw: " AND (created_at < ")
                sql.appendInterpolation(bind: millis)
                sql.appendInterpolation(unsafeRaw: " OR (created_at = ")
                sql.appendInterpolation(bind: millis)
                sql.appendInterpolation(unsafeRaw: " AND id < ")
                sql.appendInterpolation(bind: after.id)
                sql.appendInterpolation(unsafeRaw: "))")
            }
            if let externalUserId = query.externalUserId {
                sql.appendInterpolation(unsafeRaw: " AND external_user_id = ")
                sql.appendInterpolation(bind: externalUserId)
            }
            if let templateId = query.templateId {
                sql.appendInterpolation(unsafeRaw: " AND template_id = ")
                sql.appendInterpolation(bind: templateId)
            }
            if let isActive = query.isActive {
                sql.appendInterpolation(unsafeRaw: " AND is_active = ")
                sql.appendInterpolation(bind: isActive)
            }
            sql.appendInterpolation(unsafeRaw: " ORDER BY created_at DESC, id DESC LIMIT ")
            sql.appendInterpolation(bind: limit + 1)
            return try await database.raw(sql).all()
        }
        var links = try rows.map(decodeLink)
        var next: LinkCursor?
        if links.count > limit {
            links.removeLast(links.count - limit)
            next = links.last.map { LinkCursor(createdAt: $0.createdAt, id: $0.id) }
        }
        return LinkPage(links: links, nextCursor: next)
    }

    public func deleteLink(id: String, appId: String) async throws -> Bool {
        defer { catalogChanged() }
        return try await provider.transaction { database in
            try await moveSharedCatalogRevision(database)
            let deleted = try await database.raw("DELETE FROM links WHERE id = \(bind: id) AND app_id = \(bind: appId) RETURNING id").all()
            guard !deleted.isEmpty else { return false }
            // The app's counted days lose the link's clicks, raw and folded (migration 0022).
            try await Self.markClickDaysStale(database, appId: appId, clicksMatching: "link_id = \(bind: id)")
            let foldedDays = try await database.raw(
                "SELECT DISTINCT day FROM click_daily_counts WHERE link_id = \(bind: id) AND app_id = \(bind: appId)"
            ).all().map { try $0.decode(column: "day", as: Int64.self) }
            try await Self.markClickDaysStale(database, appId: appId, days: Set(foldedDays))
            try await database.raw("DELETE FROM clicks WHERE link_id = \(bind: id) AND app_id = \(bind: appId)").run()
            if engine == .postgres {
                _ = try await Self.deleteRetiredClicks(on: database, matching: "link_id = \(bind: id) AND app_id = \(bind: appId)")
            }
            try await database.raw("DELETE FROM click_daily_counts WHERE link_id = \(bind: id) AND app_id = \(bind: appId)").run()
            return true
        }
    }

    func decodeLink(_ row: any SQLRow) throws -> LinkRecord {
        try decodeLink(SQLKitValues(row: row))
    }

    func decodeLink(_ row: some RowValues) throws -> LinkRecord {
        let id = try row.requiredText("id")
        return LinkRecord(
            id: id,
            appId: try row.requiredText("app_id"),
            shortCode: try row.requiredText("short_code"),
            templateId: try row.text("template_id"),
            templateSlug: try row.text("template_slug"),
            externalUserId: try row.text("external_user_id"),
            dedupKey: try row.text("dedup_key"),
            isActive: try row.bool("is_active"),
            expiresAt: try row.integer("expires_at").map(Date.init(epochMilliseconds:)),
            content: try decodeLinkContent(try row.requiredText("content"), what: "link \(id)"),
            safety: try decodeSafety(row.requiredText("safety"), link: id),
            domainSafety: try decodeSafety(row.requiredText("domain_safety"), link: id),
            createdAt: Date(epochMilliseconds: try row.requiredInteger("created_at")),
            updatedAt: Date(epochMilliseconds: try row.requiredInteger("updated_at"))
        )
    }
}
