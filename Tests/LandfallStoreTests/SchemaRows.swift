import LandfallStore
import SQLKit

/// Every row of every table, read through the catalog rather than a list kept by hand, so a table
/// or column added later is read too.
enum SchemaRows {
    /// The tables of the database, by name, from `sqlite_master` or `information_schema`; the
    /// partitions of PostgreSQL's `clicks` are read through it, not again on their own.
    static func tables(_ provider: any SQLDatabaseProvider) async throws -> [String] {
        let query: SQLQueryString =
            switch provider.engine {
            case .sqlite: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
            case .postgres:
                """
                SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
                AND table_name NOT IN (SELECT relname FROM pg_class WHERE relispartition) ORDER BY table_name
                """
            }
        return try await provider.read { db in try await db.raw(query).all().map { try $0.decode(column: "name", as: String.self) } }
    }

    static func columns(_ table: String, _ provider: any SQLDatabaseProvider) async throws -> [String] {
        let query: SQLQueryString =
            switch provider.engine {
            case .sqlite: "SELECT name FROM pragma_table_info(\(bind: table)) ORDER BY cid"
            case .postgres:
                "SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = \(bind: table) ORDER BY ordinal_position"
            }
        return try await provider.read { db in try await db.raw(query).all().map { try $0.decode(column: "name", as: String.self) } }
    }

    /// Each row of `table` as its columns' text joined by a unit separator, in a stable order.
    static func rows(_ table: String, _ provider: any SQLDatabaseProvider) async throws -> [String] {
        let columns = try await columns(table, provider)
        var query = SQLQueryString("SELECT ")
        for (index, column) in columns.enumerated() {
            query += "\(unsafeRaw: index > 0 ? ", " : "")CAST(\(ident: column) AS TEXT) AS \(ident: "c\(index)")"
        }
        query += " FROM \(ident: table)"
        let rows = try await provider.read { db in try await db.raw(query).all() }
        return try rows.map { row in
            try columns.indices.map { try row.decode(column: "c\($0)", as: String?.self) ?? "NULL" }.joined(separator: "\u{1F}")
        }.sorted()
    }

    /// Every table's rows, but for the catalog revision: every erasure moves it on purpose (other
    /// servers drop what they cached), whoever it found.
    static func snapshot(_ provider: any SQLDatabaseProvider) async throws -> [String: [String]] {
        var snapshot: [String: [String]] = [:]
        for table in try await tables(provider) where table != "catalog_revision" {
            snapshot[table] = try await rows(table, provider)
        }
        return snapshot
    }
}
