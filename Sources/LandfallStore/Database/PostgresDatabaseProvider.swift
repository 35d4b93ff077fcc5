import Logging
import PostgresKit
import PostgresNIO
import SQLKit

/// PostgreSQL through postgres-nio's pooled client; any number of Landfall servers may share it.
public final class PostgresDatabaseProvider: SQLDatabaseProvider {
    public var engine: StorageEngine { .postgres }

    private let client: PostgresClient
    /// The pool of the prepared hot statements (`rows(_:)`), whose sessions plan generically from a
    /// statement's first execution. PostgreSQL otherwise plans the first five executions on every new
    /// connection for their parameters (2 ms each for the match's statement, whose generic plan runs
    /// in 0.4 ms), and a fresh server's first installs paid that on each connection. The hot
    /// statements are written for generic plans (partial indexes' predicates as literals); the rest
    /// of the queries keep parameter-specific plans on `client`.
    private let preparedClient: PostgresClient
    private let logger: Logger
    /// Leasing before `run()` has started only queues and logs a warning; wait for it instead.
    private let running = OneTimeSignal()
    private let preparedRunning = OneTimeSignal()
    /// The longest a query waits for a pooled connection before the request is answered as
    /// unavailable (see ``PostgresLease``).
    private let connectionWait: Duration
    private let reachability: PostgresReachability

    /// The connection wait's default: the connect timeout, so that a server that answers slowly
    /// rather than not at all still gets a connection made.
    public static let defaultConnectionWait: Duration = .seconds(5)

    public init(configuration: PostgresClient.Configuration, logger: Logger, connectionWait: Duration = defaultConnectionWait) {
        self.connectionWait = connectionWait
        self.reachability = PostgresReachability(configuration)
        self.client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        var prepared = configuration
        prepared.options.additionalStartupParameters.append(("plan_cache_mode", "force_generic_plan"))
        self.preparedClient = PostgresClient(configuration: prepared, backgroundLogger: logger)
        self.logger = logger
    }

    public func read<Result: Sendable>(_ body: (any SQLDatabase) async throws -> Result) async throws -> Result {
        await running.waitIgnoringCancellation()
        return try await PostgresLease.with(client, wait: connectionWait, reachability: reachability) { connection in
            try await body(PostgresCheckedDatabase(base: connection.sql(), connection: connection))
        }
    }

    public func write<Result: Sendable>(_ body: (any SQLDatabase) async throws -> Result) async throws -> Result {
        await running.waitIgnoringCancellation()
        return try await PostgresLease.with(client, wait: connectionWait, reachability: reachability) { connection in
            try await body(PostgresCheckedDatabase(base: connection.sql(), connection: connection))
        }
    }

    public func transaction<Result: Sendable>(_ body: (any SQLDatabase) async throws -> Result) async throws -> Result {
        // Not client.withTransaction: it wraps the body's errors, and callers need them unchanged
        // (a unique violation to map to a conflict, a schema mismatch to report).
        await running.waitIgnoringCancellation()
        return try await PostgresLease.with(client, wait: connectionWait, reachability: reachability) { connection in
            try await PostgresCheckedDatabase(base: connection.sql(), connection: connection).inTransaction(logger: logger) { database in
                try await body(database)
            }
        }
    }

    /// Runs a statement prepared once per pooled connection and collects its rows: the hot paths
    /// skip PostgreSQL's parse and plan, and SQLKit's serialisation, on every execution.
    func rows<Statement: PostgresPreparedStatement>(_ statement: Statement) async throws -> [Statement.Row] where Statement.Row: Sendable {
        await preparedRunning.waitIgnoringCancellation()
        let logger = logger
        return try await PostgresLease.with(preparedClient, wait: connectionWait, reachability: reachability) { connection in
            guard !connection.isClosed else { throw PostgresCheckedDatabase.closed }
            // In a task of its own, so that a statement whose connection closed under it (see
            // PostgresCheckedDatabase) can be given up rather than waited for.
            let promise = connection.eventLoop.makePromise(of: [Statement.Row].self)
            promise.completeWithTask {
                var rows: [Statement.Row] = []
                for try await row in try await connection.execute(statement, logger: logger) {
                    rows.append(row)
                }
                return rows
            }
            return try await PostgresCheckedDatabase.failingOnClose(promise.futureResult, connection: connection).get()
        }
    }

    public static let applicationName = "landfall"

    /// Prepares every hot statement on a connection of their pool, with arguments that match no
    /// row: the first install on a new server otherwise paid the match statement's parse and
    /// generic plan (about 2 ms) on top of its own work.
    public func prepareForTraffic() async throws {
        await preparedRunning.waitIgnoringCancellation()
        try await PostgresLease.with(preparedClient, wait: connectionWait, reachability: reachability) { connection in
            for warmUp in PostgresHotPath.warmUps {
                try await warmUp.run(connection, logger)
            }
        }
    }

    public func isUniqueViolation(_ error: any Error) -> Bool {
        // PostgreSQL's SQLSTATE for unique_violation.
        (error as? PSQLError)?.serverInfo?[.sqlState] == "23505"
    }

    public func run() async throws {
        // Each signal is opened as its client's run() begins: run() marks the client running before
        // its first suspension.
        await withDiscardingTaskGroup { group in
            group.addTask {
                self.preparedRunning.open()
                await self.preparedClient.run()
            }
            running.open()
            await client.run()
        }
    }
}
