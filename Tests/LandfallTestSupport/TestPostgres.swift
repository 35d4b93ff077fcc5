import Foundation
import LandfallLocalPostgres
import LandfallStore
import SQLKit

/// A real PostgreSQL for tests: one throwaway cluster per test process, one fresh database per caller.
///
/// The cluster is ``LocalPostgres/shared()``: it starts on first use (`initdb` into a temporary
/// directory, then `pg_ctl start` on a free loopback port with durability turned off) and is
/// stopped and deleted when the process exits.
/// When PostgreSQL is not installed every call throws, telling you to run `scripts/install-test-deps`:
/// the tests fail rather than skip, so a missing engine cannot pass unnoticed.
///
/// ```swift
/// let location = try await TestPostgres.freshDatabase()
/// try await StorageFactory.withStorage(at: location, logger: logger) { storage, provider in … }
/// ```
public enum TestPostgres {
    /// The superuser `initdb` creates; authentication is `trust`, so there is no password.
    public static let username = LocalPostgres.username
    public static let host = LocalPostgres.host

    /// The running cluster of this process.
    public struct Cluster: Sendable, Hashable {
        public let host: String
        public let port: Int
        public let username: String
        /// The temporary directory holding the data directory (`data`), the socket and the server log (`log`).
        public let directory: URL

        /// Where `database` of this cluster is.
        public func location(database: String) -> DatabaseLocation {
            .postgres(PostgresLocation(host: host, port: port, username: username, database: database))
        }
    }

    /// Starts the cluster the first time and returns it; every caller waits for the same start.
    public static func cluster() async throws -> Cluster {
        let shared = try await LocalPostgres.shared()
        return Cluster(host: shared.host, port: shared.port, username: shared.username, directory: shared.directory)
    }

    /// Creates an empty database `test_<random>` in the cluster and returns where it is.
    ///
    /// Nothing is migrated; pass the location to `StorageFactory.withStorage` or to a server process.
    public static func freshDatabase() async throws -> DatabaseLocation {
        try await createDatabase(from: nil)
    }

    /// Creates a database `test_<random>` with every migration applied, copied from a template
    /// migrated once per process: a few hundred tests each running every migration's DDL over its
    /// own connection kept both cores busy for minutes of a full run.
    public static func freshMigratedDatabase() async throws -> DatabaseLocation {
        try await createDatabase(from: migratedTemplate.value)
    }

    private static func createDatabase(from template: String?) async throws -> DatabaseLocation {
        let cluster = try await cluster()
        let name = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(20)
        try await StorageFactory.withStorage(at: cluster.location(database: "postgres"), logger: TestDatabases.logger) { _, provider in
            try await provider.write { database in
                // An identifier cannot be bound; both names are "test_" or "landfall_" and hex digits or letters only.
                let source = template.map { " TEMPLATE \($0)" } ?? ""
                try await database.raw("CREATE DATABASE \(unsafeRaw: name)\(unsafeRaw: source)").run()
            }
        }
        return cluster.location(database: name)
    }

    /// The migrated template's name, once it exists. Its connections are closed before any copy:
    /// PostgreSQL refuses to copy a database somebody is connected to.
    private static let migratedTemplate = Task<String, any Error> {
        let cluster = try await TestPostgres.cluster()
        let name = "landfall_migrated_template"
        try await StorageFactory.withStorage(at: cluster.location(database: "postgres"), logger: TestDatabases.logger) { _, provider in
            try await provider.write { database in
                try await database.raw("DROP DATABASE IF EXISTS \(unsafeRaw: name)").run()
                try await database.raw("CREATE DATABASE \(unsafeRaw: name)").run()
            }
        }
        try await StorageFactory.withStorage(at: cluster.location(database: name), logger: TestDatabases.logger) { _, provider in
            try await Migrator(provider: provider).migrate()
        }
        return name
    }

    /// ``freshDatabase()`` as a `postgres://` URL, the form `--database` / `LANDFALL_DATABASE` accept.
    public static func freshDatabaseURL() async throws -> String {
        try await freshDatabase().description
    }
}

/// The test PostgreSQL cluster could not be found or started.
///
/// Kept for the test support's public API; the cluster itself now reports ``LocalPostgresError``.
public struct TestPostgresError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
