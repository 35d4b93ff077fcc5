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

        struct InApp: PostgresRowStatement {
            static let name = "landfall_link_by_code_in_app"
            static let sql = "SELECT \(columns) FROM links WHERE short_code = $1 AND app_id = $2"
            var shortCode: String
            var appId: String

            func makeBindings() throws -> PostgresBindings {
                var bindings = PostgresBindings(capacity: 2)
                bindings.append(shortCode)
                bindings.append(appId)
                return bindings
            }
        }

        struct AcrossApps: PostgresRowStatement {
            static let name = "landfall_links_by_code"
            static let sql = "SELECT \(columns) FROM links WHERE short_code = $1 ORDER BY created_at, id LIMIT 10"
            var shortCode: String

            func makeBindings() throws -> PostgresBindings {
                var bindings = PostgresBindings(capacity: 1)
                bindings.append(shortCode)
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
        try await provider.rows(LinkByCode.Postgres.InApp(shortCode: shortCode, appId: appId))
            .first.map { try store.decodeLink(PostgresRowValues($0)) }
    }

    func links(shortCode: String, store: SQLStorage) async throws -> [LinkRecord] {
        try await provider.rows(LinkByCode.Postgres.AcrossApps(shortCode: shortCode)).map { try store.decodeLink(PostgresRowValues($0)) }
    }
}
