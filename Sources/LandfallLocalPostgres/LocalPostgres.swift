import Foundation
import LandfallBench

/// Throwaway PostgreSQL clusters on loopback, for tests and benchmarks: `initdb` into a new
/// directory, `pg_ctl start` on a free port, stopped and deleted when the process exits.
///
/// Two kinds:
/// - ``shared()``: the one test cluster of the process (``LocalPostgresSettings/test``: no fsync),
///   started on first use and stopped at exit.
/// - ``start(_:)``: a cluster of its own, e.g. ``LocalPostgresSettings/durable`` for a benchmark,
///   which the caller stops with ``LocalPostgresCluster/stop(removingDirectory:)``.
///
/// When PostgreSQL is not installed every call throws, telling how to install it.
///
/// ```swift
/// let cluster = try await LocalPostgres.start(.durable)
/// try await cluster.createDatabase("bench")
/// … connect to cluster.url(database: "bench") …
/// try await cluster.stop()
/// ```
public enum LocalPostgres {
    /// The superuser `initdb` creates; authentication is `trust`, so there is no password.
    public static let username = "landfall"
    public static let host = "127.0.0.1"

    /// The process's shared test cluster: started the first time, then returned to every caller.
    ///
    /// The start is an unstructured task on purpose: the cluster outlives the caller that asked
    /// first, and that caller's cancellation must not abort a start other callers are waiting for.
    public static func shared() async throws -> LocalPostgresCluster {
        let startup = sharedStartup.withLock { task in
            if let task { return task }
            let started = Task { try await start(.test) }
            task = started
            return started
        }
        return try await startup.value
    }

    private static let sharedStartup = LockedValue<Task<LocalPostgresCluster, any Error>?>(nil)

    /// Starts a new cluster with `settings` and returns once it accepts connections.
    public static func start(_ settings: LocalPostgresSettings) async throws -> LocalPostgresCluster {
        let configuration = try settings.configurationLines()
        let binaries = try Binaries.locate()
        let user = try await serverUser()
        await removeAbandonedClusters(settings: settings, binaries: binaries, user: user)

        let directory = try ExitCleanup.makeTemporaryDirectory(prefix: settings.directoryPrefix, in: settings.parentDirectory)
        // The socket directory goes to the server single-quoted, through a shell.
        guard !directory.path.contains("'") else {
            throw LocalPostgresError("the cluster directory cannot contain a quote: \(directory.path)")
        }
        if let user { try giveOwnership(of: directory, to: user) }

        let data = directory.appendingPathComponent("data", isDirectory: true)
        var initdb = ["-D", data.path, "-A", "trust", "-U", username, "-E", "UTF8", "--no-locale"]
        if settings.skipsSync { initdb.append("--no-sync") }
        try await Subprocess.run(binaries.initdb, initdb, as: user, in: directory)
        try appendConfiguration(configuration, to: data.appendingPathComponent("postgresql.conf"))
        // Registered before the start so that even a half-started server is stopped at exit.
        ExitCleanup.stopAtExit(.init(dataDirectory: data, pgCtl: binaries.pgCtl, serverUser: user))

        let log = directory.appendingPathComponent("log")
        var attempt = 1
        while true {
            let port = try freeLoopbackPort()
            let result = try await Subprocess.run(
                binaries.pgCtl, ["-w", "-D", data.path, "-o", serverOptions(port: port, directory: directory), "-l", log.path, "start"],
                as: user, in: directory, checked: false
            )
            if result.status == 0 {
                return LocalPostgresCluster(
                    host: host, port: port, username: username, directory: directory, settings: settings,
                    binaries: binaries, serverUser: user
                )
            }
            let serverLog = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            // The port was free a moment ago; someone else may have bound it since.
            if attempt < 3 && serverLog.contains("Address already in use") {
                attempt += 1
                try? FileManager.default.removeItem(at: log)
                continue
            }
            throw LocalPostgresError("pg_ctl start failed (status \(result.status)):\n\(result.output)\nserver log:\n\(serverLog)")
        }
    }

    /// The postmaster's options: the port, loopback, and the socket directory.
    ///
    /// The Unix socket lives in the cluster's directory unless its path would pass the 107-byte
    /// limit of sun_path; then the server listens on TCP only, which is all that the callers use anyway.
    static func serverOptions(port: Int, directory: URL) -> String {
        let socketFits = "\(directory.path)/.s.PGSQL.\(port)".utf8.count <= 107
        return "-p \(port) -h \(host) -k '\(socketFits ? directory.path : "")'"
    }

    /// Appends the settings to `postgresql.conf`, where later lines win over initdb's.
    private static func appendConfiguration(_ lines: [String], to file: URL) throws {
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(("\n# Written by LandfallLocalPostgres\n" + lines.joined(separator: "\n") + "\n").utf8))
    }

    /// Stops and deletes clusters left by processes that died before their `atexit` ran.
    private static func removeAbandonedClusters(settings: LocalPostgresSettings, binaries: Binaries, user: ServerUser?) async {
        for directory in ExitCleanup.abandonedDirectories(prefix: settings.directoryPrefix, in: settings.parentDirectory) {
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
