import SQLKit
import SQLiteNIO

/// Column values by name, read either through SQLKit or straight from SQLite's own values.
///
/// The hot reads (a redirect's link, an install's candidate clicks) decode through ``SQLiteValues``:
/// SQLKit's `Decodable` path costs microseconds per value, which is most of a read of a few hundred
/// rows.
protocol RowValues {
    func text(_ column: String) throws -> String?
    func integer(_ column: String) throws -> Int64?
    func bool(_ column: String) throws -> Bool
}

extension RowValues {
    func requiredText(_ column: String) throws -> String {
        guard let value = try text(column) else { throw StoreError.corruptRecord("column \(column) is missing or not text") }
        return value
    }

    func requiredInteger(_ column: String) throws -> Int64 {
        guard let value = try integer(column) else { throw StoreError.corruptRecord("column \(column) is missing or not an integer") }
        return value
    }

    func optionalInt(_ column: String) throws -> Int? { try integer(column).map { Int($0) } }
}

/// A row as SQLKit hands it out, on either engine.
struct SQLKitValues: RowValues {
    let row: any SQLRow

    func text(_ column: String) throws -> String? { try row.decode(column: column, as: String?.self) }
    func integer(_ column: String) throws -> Int64? { try row.decode(column: column, as: Int64?.self) }
    func bool(_ column: String) throws -> Bool { try row.decode(column: column, as: Bool.self) }
}

/// A row whose values can be read by column name as SQLite's own values.
protocol SQLiteColumnLookup {
    func column(_ name: String) -> SQLiteData?
}

extension SQLiteRow: SQLiteColumnLookup {}

/// A row as SQLite hands it out: no decoder involved.
struct SQLiteValues<Row: SQLiteColumnLookup>: RowValues {
    let row: Row

    func text(_ column: String) throws -> String? {
        switch row.column(column) {
        case .text(let value)?: value
        case .null?: nil
        case let other?: throw StoreError.corruptRecord("column \(column) holds \(other), not text")
        case nil: throw StoreError.corruptRecord("no column \(column)")
        }
    }

    func integer(_ column: String) throws -> Int64? {
        switch row.column(column) {
        case .integer(let value)?: Int64(value)
        case .null?: nil
        case let other?: throw StoreError.corruptRecord("column \(column) holds \(other), not an integer")
        case nil: throw StoreError.corruptRecord("no column \(column)")
        }
    }

    /// SQLite keeps booleans as 0 and 1.
    func bool(_ column: String) throws -> Bool { try requiredInteger(column) != 0 }
}
