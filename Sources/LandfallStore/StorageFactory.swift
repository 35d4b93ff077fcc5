import Logging
import NIOSSL
import PostgresNIO

/// Opens the provider for a ``DatabaseLocation``.
public enum StorageFactory {
    /// `warmConnections`: how many connections each PostgreSQL pool keeps open while idle. A server
    /// keeps one (postgres-nio closes idle ones after a minute, and an install arriving then waited
    /// 8-10 ms for a connection to open); commands and tests open what they use.
    /// `connectionWait`: PostgreSQL only, how long a query waits for a pooled connection (see ``PostgresLease``).
    public static func makeProvider(
        for location: DatabaseLocation, logger: Logger, warmConnections: Int = 0,
        connectionWait: Duration = PostgresDatabaseProvider.defaultConnectionWait
    ) async throws
        -> any SQLDatabaseProvider
    {
        switch location {
        case .sqlite(let path):
            return try await SQLiteDatabaseProvider.open(path: path, logger: logger)
        case .postgres(let postgres):
            let tls: PostgresClient.Configuration.TLS =
                switch postgres.tls {
                case .disable: .disable
                case .prefer: .prefer(.makeClientConfiguration())
                case .require: .require(.makeClientConfiguration())
                }
            var configuration = PostgresClient.Configuration(
                host: postgres.host,
                port: postgres.port,
                username: postgres.username,
                password: postgres.password,
                database: postgres.database,
                tls: tls
            )
            configuration.options.connectTimeout = .seconds(5)
            configuration.options.minimumConnections = warmConnections
            // So an operator can tell Landfall's sessions apart in pg_stat_activity.
            configuration.options.additionalStartupParameters.append(("application_name", PostgresDatabaseProvider.applicationName))
            return PostgresDatabaseProvider(configuration: configuration, logger: logger, connectionWait: connectionWait)
        }
    }

    /// Opens storage, runs `body` with it while its connections are serviced, then closes it.
    ///
    /// For commands and tests; the server runs the provider as a service of its service group instead.
    public static func withStorage<Result: Sendable>(
        at location: DatabaseLocation,
        logger: Logger,
        connectionWait: Duration = PostgresDatabaseProvider.defaultConnectionWait,
        _ body: @Sendable (SQLStorage, any SQLDatabaseProvider) async throws -> Result
    ) async throws -> Result {
        let provider = try await makeProvider(for: location, logger: logger, connectionWait: connectionWait)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await provider.run() }
            defer { group.cancelAll() }
            return try await body(SQLStorage(provider: provider), provider)
        }
    }
}
