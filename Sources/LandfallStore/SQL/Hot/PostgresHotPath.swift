import PostgresNIO

/// The hot paths on PostgreSQL: statements prepared once per connection of the provider's prepared
/// pool. Parsed and planned anew each time, the redirect's were over half of the database's CPU in
/// the redirect benchmark, and the match's took longer than running it. Columns are named so a
/// schema change cannot alter a prepared statement's result.
struct PostgresHotPath: HotPath {
    let provider: PostgresDatabaseProvider
    /// The store's link reads on cache misses, gathered into shared statements.
    let linkReads: PostgresLinkReads

    init(provider: PostgresDatabaseProvider) {
        self.provider = provider
        self.linkReads = PostgresLinkReads(provider: provider)
    }
}

extension PostgresDatabaseProvider {
    /// A new set of gathered reads each time: the store takes its hot path once.
    public var hotPath: HotPathChoice { HotPathChoice(implementation: PostgresHotPath(provider: self)) }
}

/// A prepared hot statement whose rows are read by column name (``PostgresRowValues``) or not at all.
protocol PostgresRowStatement: PostgresPreparedStatement where Row == PostgresRow {}

extension PostgresRowStatement {
    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}
