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
        let cluster = try await cluster()
        let name = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(20)
        try await StorageFactory.withStorage(at: cluster.location(database: "postgres"), logger: TestDatabases.logger) { _, provider in
            try await provider.write { database in
                // An identifier cannot be bound; `name` is "test_" and hex digits only.
                try await database.raw("CREATE DATABASE \(unsafeRaw: name)").run()
            }
        }
        return cluster.location(database: name)
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
