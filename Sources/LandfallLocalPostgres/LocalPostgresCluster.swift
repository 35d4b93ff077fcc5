import Foundation

/// A running throwaway PostgreSQL cluster on loopback, with `trust` authentication (no password).
///
/// Build a connection from ``host``, ``port`` and ``username``; ``createDatabase(_:)`` adds a
/// database. The cluster is stopped when the process exits at the latest; ``stop(removingDirectory:)``
/// stops it earlier.
public struct LocalPostgresCluster: Sendable, Hashable {
    public let host: String
    public let port: Int
    /// The superuser `initdb` created.
    public let username: String
    /// The directory holding the data directory (`data`), the socket and the server log (`log`).
    public let directory: URL
    public let settings: LocalPostgresSettings

    let binaries: LocalPostgres.Binaries
    let serverUser: ServerUser?

    /// The directory of the server's programs (`psql`, `pgbench`, `createdb` sit there too).
    public var binaryDirectory: URL { binaries.directory }

    /// The data directory.
    public var dataDirectory: URL { directory.appendingPathComponent("data", isDirectory: true) }
    /// The server log.
    public var logFile: URL { directory.appendingPathComponent("log") }

    /// `postgres://USER@HOST:PORT/DATABASE`.
    public func url(database: String) -> String {
        "postgres://\(username)@\(host):\(port)/\(database)"
    }

    /// Creates the empty database `name` with `createdb`.
    public func createDatabase(_ name: String) async throws {
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
            throw LocalPostgresError("database names here are letters, digits and underscores only: \(name)")
        }
        try await Subprocess.run(binaries.createdb, ["-h", host, "-p", String(port), "-U", username, name])
    }

    /// Stops the server (`pg_ctl stop -m fast`: open sessions are ended, the shutdown checkpoint is
    /// written) and, by default, deletes its directory; a directory kept here also outlives the
    /// process. Stopping a stopped cluster does nothing.
    public func stop(removingDirectory: Bool = true) async throws {
        let cleanup = ExitCleanup.Cluster(dataDirectory: dataDirectory, pgCtl: binaries.pgCtl, serverUser: serverUser)
        if FileManager.default.fileExists(atPath: dataDirectory.appendingPathComponent("postmaster.pid").path) {
            try await Subprocess.run(
                binaries.pgCtl, ["-D", dataDirectory.path, "-m", "fast", "-w", "stop"],
                as: serverUser, in: directory
            )
        }
        ExitCleanup.forget(cleanup, directory: directory)
        if removingDirectory {
            try? FileManager.default.removeItem(at: directory)
        }
    }

    public static func == (lhs: LocalPostgresCluster, rhs: LocalPostgresCluster) -> Bool {
        lhs.directory == rhs.directory && lhs.port == rhs.port
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(directory)
        hasher.combine(port)
    }
}
