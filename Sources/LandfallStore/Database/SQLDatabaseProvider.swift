import SQLKit

/// Hands out SQL databases for one engine: the only code that knows about connections.
///
/// Reads, writes and transactions are told apart so that SQLite can serve reads from its own
/// connections while one writer connection takes the writes, as WAL mode allows.
public protocol SQLDatabaseProvider: Sendable {
    var engine: StorageEngine { get }
    func read<Result: Sendable>(_ body: (any SQLDatabase) async throws -> Result) async throws -> Result
    func write<Result: Sendable>(_ body: (any SQLDatabase) async throws -> Result) async throws -> Result
    /// Runs `body` in one transaction, committed when it returns and rolled back when it throws.
    func transaction<Result: Sendable>(_ body: (any SQLDatabase) async throws -> Result) async throws -> Result
    /// True when `error` is this engine's unique-constraint violation.
    func isUniqueViolation(_ error: any Error) -> Bool
    /// Keeps connections alive until the task is cancelled, then closes them.
    func run() async throws
    /// Readies what the first requests would otherwise pay for, once the schema is current.
    func prepareForTraffic() async throws
    /// This engine's statements for the store's hot paths, which the store takes once, when it is
    /// made over this provider.
    var hotPath: HotPathChoice { get }
}

extension SQLDatabaseProvider {
    public func prepareForTraffic() async throws {}
}
