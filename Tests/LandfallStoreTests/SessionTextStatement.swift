import PostgresNIO

/// A statement without parameters that answers one text column: how the PostgreSQL tests read a
/// pooled session's own state (its settings, its prepared statements) through the prepared pool.
protocol SessionTextStatement: PostgresPreparedStatement where Row == String {}

extension SessionTextStatement {
    func makeBindings() throws -> PostgresBindings { PostgresBindings() }
    func decodeRow(_ row: PostgresRow) throws -> String { try row.decode(String.self) }
}
