import SQLiteNIO

/// Building blocks of the statements that bind SQLite values directly (click batches, events).
enum SQLiteBinding {
    /// `INSERT INTO table (columns) VALUES (?, …), …` for `rows` rows.
    static func multiRowInsert(into table: String, columns: [String], rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        return "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
            + Array(repeating: row, count: rows).joined(separator: ", ")
    }

    static func text(_ value: String?) -> SQLiteData { value.map(SQLiteData.text) ?? .null }

    static func integer(_ value: (some BinaryInteger)?) -> SQLiteData { value.map { .integer(SQLiteInt64($0)) } ?? .null }
}
