import Foundation
import LandfallStore
import SQLKit

/// Counts the rows of a SQLite database that still name a person: every text column of every
/// table, compared whole and searched inside (an id inside a webhook's JSON payload counts too).
/// Reading the catalog rather than a list of tables means a table added later is scanned as well.
enum PrivacyPersonScan {
    static func rowsNaming(_ ids: [String], in provider: any SQLDatabaseProvider) async throws -> Int {
        try await provider.read { database in
            let tables = try await database.raw(
                """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                """
            ).all().map { try $0.decode(column: "name", as: String.self) }
            var total = 0
            for table in tables {
                let columns = try await database.raw("SELECT name, type FROM pragma_table_info(\(bind: table))").all()
                    .filter { (try? $0.decode(column: "type", as: String.self).uppercased()) == "TEXT" }
                    .map { try $0.decode(column: "name", as: String.self) }
                for id in ids {
                    guard !columns.isEmpty else { continue }
                    var query = SQLQueryString("SELECT COUNT(*) AS n FROM \(unsafeRaw: SQLiteQuote.identifier(table)) WHERE ")
                    for (index, column) in columns.enumerated() {
                        if index > 0 { query.appendLiteral(" OR ") }
                        query.appendInterpolation("instr(\(unsafeRaw: SQLiteQuote.identifier(column)), \(bind: id)) > 0" as SQLQueryString)
                    }
                    total += Int(try await database.raw(query).first()?.decode(column: "n", as: Int64.self) ?? 0)
                }
            }
            return total
        }
    }
}

/// SQLite identifiers read from its own catalog, quoted so any name is taken literally.
enum SQLiteQuote {
    static func identifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
