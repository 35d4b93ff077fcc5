import PostgresNIO

/// The hot paths on PostgreSQL: statements prepared once per connection of the provider's prepared
/// pool. Parsed and planned anew each time, the redirect's were over half of the database's CPU in
/// the redirect benchmark, and the match's took longer than running it. Columns are named so a
/// schema change cannot alter a prepared statement's result.
struct PostgresHotPath: HotPath {
    let provider: PostgresDatabaseProvider
}

extension PostgresDatabaseProvider {
    public var hotPath: HotPathChoice { HotPathChoice(implementation: PostgresHotPath(provider: self)) }
}

/// A prepared hot statement whose rows are read by column name (``PostgresRowValues``) or not at all.
protocol PostgresRowStatement: PostgresPreparedStatement where Row == PostgresRow {}

extension PostgresRowStatement {
    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}
