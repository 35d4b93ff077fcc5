import PostgresNIO

/// A row as postgres-nio hands it out, read through its typed decoders rather than SQLKit's
/// `Decodable` path (which cost more than the query's round trip on a redirect's link read).
struct PostgresRowValues: RowValues {
    let row: PostgresRandomAccessRow

    init(_ row: PostgresRow) {
        self.row = row.makeRandomAccess()
    }

    func text(_ column: String) throws -> String? {
        try cell(column).decode(String?.self)
    }

    func integer(_ column: String) throws -> Int64? {
        try cell(column).decode(Int64?.self)
    }

    func bool(_ column: String) throws -> Bool {
        try cell(column).decode(Bool.self)
    }

    private func cell(_ column: String) throws -> PostgresCell {
        guard row.contains(column) else { throw StoreError.corruptRecord("no column \(column)") }
        return row[column]
    }
}
