import Foundation
import LandfallStore
import SQLKit

/// A real PostgreSQL for tests: one throwaway cluster per test process, one fresh database per caller.
///
/// The cluster starts on first use (`initdb` into a temporary directory, then `pg_ctl start` on a
/// free loopback port with durability turned off) and is stopped and deleted when the process exits.
/// When PostgreSQL is not installed every call throws, telling you to run `scripts/install-test-deps`:
/// the tests fail rather than skip, so a missing engine cannot pass unnoticed.
///
/// ```swift
/// let location = try await TestPostgres.freshDatabase()
/// try await StorageFactory.withStorage(at: location, logger: logger) { storage, provider in … }
/// ```
public enum TestPostgres {
    /// The superuser `initdb` creates; authentication is `trust`, so there is no password.
    public static let username = "landfall"
    public static let host = "127.0.0.1"

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
    ///
    /// The start is an unstructured task on purpose: the cluster outlives the test that asked first,
    /// and that test's cancellation must not abort a start other tests are waiting for.
    public static func cluster() async throws -> Cluster {
        let startup = startupTask.withLock { task in
            if let task { return task }
            let started = Task { try await start() }
            task = started
            return started
        }
        return try await startup.value
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

    // MARK: - Starting

    private static let startupTask = LockedValue<Task<Cluster, any Error>?>(nil)
    private static let directoryPrefix = "landfall-pg"

    private static func start() async throws -> Cluster {
        let binaries = try Binaries.locate()
        let user = try await serverUser()
        await removeAbandonedClusters(binaries: binaries, user: user)

        let directory = try TestCleanup.makeTemporaryDirectory(prefix: directoryPrefix)
        if let user { try giveOwnership(of: directory, to: user) }

        let data = directory.appendingPathComponent("data", isDirectory: true)
        try await Subprocess.run(
            binaries.initdb,
            ["-D", data.path, "-A", "trust", "-U", username, "--no-sync", "-E", "UTF8", "--no-locale"],
            as: user, in: directory
        )
        // Registered before the start so that even a half-started server is stopped at exit.
        TestCleanup.stopAtExit(.init(dataDirectory: data, pgCtl: binaries.pgCtl, serverUser: user))

        let log = directory.appendingPathComponent("log")
        var attempt = 1
        while true {
            let port = try freeLoopbackPort()
            // fsync and full-page writes off: a test cluster needs speed, not durability.
            // Many tests run in parallel, each with its own connection pool, hence the connection limit.
            let options = "-p \(port) -h \(host) -k '\(directory.path)' -F -c fsync=off -c full_page_writes=off -c max_connections=300"
            let result = try await Subprocess.run(
                binaries.pgCtl, ["-w", "-D", data.path, "-o", options, "-l", log.path, "start"],
                as: user, in: directory, leavesDaemon: true, checked: false
            )
            if result.status == 0 {
                return Cluster(host: host, port: port, username: username, directory: directory)
            }
            let serverLog = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            // The port was free a moment ago; someone else may have bound it since.
            if attempt < 3 && serverLog.contains("Address already in use") {
                attempt += 1
                try? FileManager.default.removeItem(at: log)
                continue
            }
            throw TestPostgresError("pg_ctl start failed (status \(result.status)):\n\(result.output)\nserver log:\n\(serverLog)")
        }
    }

    /// Stops and deletes clusters left by test processes that died before their `atexit` ran.
    private static func removeAbandonedClusters(binaries: Binaries, user: ServerUser?) async {
        for directory in TestCleanup.abandonedDirectories(prefix: directoryPrefix) {
            let data = directory.appendingPathComponent("data", isDirectory: true)
            if FileManager.default.fileExists(atPath: data.appendingPathComponent("postmaster.pid").path) {
                _ = try? await Subprocess.run(
                    binaries.pgCtl, ["-D", data.path, "-m", "immediate", "stop"], as: user, checked: false
                )
            }
            try? FileManager.default.removeItem(at: directory)
        }
    }
}

/// The test PostgreSQL cluster could not be found or started.
public struct TestPostgresError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
