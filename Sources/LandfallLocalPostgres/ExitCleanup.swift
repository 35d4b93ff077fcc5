import Foundation
import LandfallBench

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a process leaves behind and removes when it exits: temporary directories and the
/// PostgreSQL clusters living in them.
///
/// Tests share these across the whole process (one cluster serves every test), so no test can
/// clean up after itself; an `atexit` handler does it once instead. A cluster stopped explicitly
/// (``LocalPostgresCluster/stop(removingDirectory:)``) is taken off the list first.
///
/// `package`, not public: the test support's SQLite directories use it too.
package enum ExitCleanup {
    /// A cluster to stop before its directory is removed.
    struct Cluster: Sendable, Hashable {
        var dataDirectory: URL
        var pgCtl: URL
        var serverUser: ServerUser?
    }

    private struct State {
        var directories: [URL] = []
        var clusters: [Cluster] = []
    }

    private static let state = LockedValue(State())

    /// Registers the handler the first time anything is recorded; `static let` initialisation runs once.
    private static let handlerRegistration: Void = {
        atexit { ExitCleanup.runAtExit() }
    }()

    /// Creates a new directory `PREFIX-PID-RANDOM` in `parent` (the temporary directory by default),
    /// removed when the process exits.
    ///
    /// The process id in the name lets a later run recognise the directories of a run that crashed
    /// before its `atexit` handler ran (see ``abandonedDirectories(prefix:)``).
    package static func makeTemporaryDirectory(prefix: String, in parent: URL? = nil) throws -> URL {
        let directory = (parent ?? FileManager.default.temporaryDirectory)
            .appendingPathComponent("\(prefix)-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700]
        )
        removeAtExit(directory)
        return directory
    }

    /// Directories made by ``makeTemporaryDirectory(prefix:in:)`` in processes that no longer exist.
    package static func abandonedDirectories(prefix: String, in parent: URL? = nil) -> [URL] {
        let temporary = parent ?? FileManager.default.temporaryDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        return names.compactMap { name in
            guard name.hasPrefix(prefix + "-"),
                let pid = name.dropFirst(prefix.count + 1).split(separator: "-").first.flatMap({ pid_t($0) }),
                pid != getpid(),
                // ESRCH: no such process. EPERM means it exists but belongs to someone else.
                kill(pid, 0) != 0 && errno == ESRCH
            else { return nil }
            return temporary.appendingPathComponent(name, isDirectory: true)
        }
    }

    /// Removes `directory` and everything in it when the process exits.
    package static func removeAtExit(_ directory: URL) {
        _ = handlerRegistration
        state.withLock { $0.directories.append(directory) }
    }

    /// Stops the cluster (`pg_ctl -m immediate stop`) when the process exits, before directories are removed.
    static func stopAtExit(_ cluster: Cluster) {
        _ = handlerRegistration
        state.withLock { $0.clusters.append(cluster) }
    }

    /// Takes a cluster that was stopped explicitly off the list, with its directory: the caller
    /// either removed that already or wants to keep it.
    static func forget(_ cluster: Cluster, directory: URL) {
        state.withLock { state in
            state.clusters.removeAll { $0 == cluster }
            state.directories.removeAll { $0 == directory }
        }
    }

    private static func runAtExit() {
        let pending = state.withLock { state in
            defer { state = State() }
            return state
        }
        for cluster in pending.clusters {
            stop(cluster)
        }
        for directory in pending.directories {
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// Stops a cluster synchronously: at exit there is no async context left to wait in.
    static func stop(_ cluster: Cluster) {
        let command = Subprocess.command(
            cluster.pgCtl, ["-D", cluster.dataDirectory.path, "-m", "immediate", "stop"], as: cluster.serverUser
        )
        let directory = cluster.dataDirectory.deletingLastPathComponent()
        do {
            let process = try ManagedProcess.start(
                command.executable, arguments: command.arguments, logDirectory: FileManager.default.temporaryDirectory,
                logName: "landfall-pg-stop-\(UUID().uuidString).log", workingDirectory: directory
            )
            _ = process.waitUntilExit()
            try? FileManager.default.removeItem(at: process.logFile)
        } catch {
            // Nothing to report to at exit; the directory removal that follows still runs.
        }
    }
}
