import PostgresNIO
import SQLiteNIO

/// A redirect's link read on a cache miss: by short code within an app, or across apps (at most
/// ten) for a host that belongs to no app.
enum LinkByCode {
    enum SQLite {
        static let inApp = "SELECT * FROM links WHERE short_code = ? AND app_id = ?"
        static let acrossApps = "SELECT * FROM links WHERE short_code = ? ORDER BY created_at, id LIMIT 10"
    }

    enum Postgres {
        static let columns = """
            id, app_id, short_code, template_id, template_slug, external_user_id, dedup_key, is_active, expires_at, content, \
            created_at, updated_at, safety, domain_safety
            """

        /// Several codes, each within its app (``PostgresLinkReads``): the pairs as two arrays
        /// joined to the `(short_code)` index, one row at most for each.
        struct InApps: PostgresRowStatement {
            static let name = "landfall_links_by_code_in_apps"
            static let sql = """
                SELECT \(columns) FROM unnest($1::text[], $2::text[]) AS wanted(code, app)
                JOIN links ON links.short_code = wanted.code AND links.app_id = wanted.app
                """
            var shortCodes: [String]
            var appIds: [String]

            func makeBindings() throws -> PostgresBindings {
                var bindings = PostgresBindings(capacity: 2)
                bindings.append(shortCodes)
                bindings.append(appIds)
                return bindings
            }
        }

        /// Several codes across apps, each code's oldest ten as a lone code's read gave them.
        struct AcrossApps: PostgresRowStatement {
            static let name = "landfall_links_by_codes"
            static let sql = """
                SELECT found.* FROM unnest($1::text[]) AS wanted(code) CROSS JOIN LATERAL (
                    SELECT \(columns) FROM links WHERE short_code = wanted.code ORDER BY created_at, id LIMIT 10) AS found
                """
            var shortCodes: [String]

            func makeBindings() throws -> PostgresBindings {
                var bindings = PostgresBindings(capacity: 1)
                bindings.append(shortCodes)
                return bindings
            }
        }
    }
}

extension SQLiteHotPath {
    func link(shortCode: String, appId: String, store: SQLStorage) async throws -> LinkRecord? {
        try await provider.readRowsInline(LinkByCode.SQLite.inApp, [.text(shortCode), .text(appId)])
            .first.map { try store.decodeLink(SQLiteValues(row: $0)) }
    }

    func links(shortCode: String, store: SQLStorage) async throws -> [LinkRecord] {
        try await provider.readRowsInline(LinkByCode.SQLite.acrossApps, [.text(shortCode)])
            .map { try store.decodeLink(SQLiteValues(row: $0)) }
    }
}

extension PostgresHotPath {
    func link(shortCode: String, appId: String, store: SQLStorage) async throws -> LinkRecord? {
        try await linkReads.rows(for: .init(code: shortCode, appId: appId)).first.map { try store.decodeLink(PostgresRowValues($0)) }
    }

    func links(shortCode: String, store: SQLStorage) async throws -> [LinkRecord] {
        try await linkReads.rows(for: .init(code: shortCode, appId: nil)).map { try store.decodeLink(PostgresRowValues($0)) }
    }
}
