import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the test process leaves behind and removes when it exits: temporary directories and the
/// PostgreSQL cluster living in one of them.
///
/// Tests share these across the whole process (one cluster serves every test), so no test can
/// clean up after itself; an `atexit` handler does it once instead.
enum TestCleanup {
    /// A cluster to stop before its directory is removed.
    struct Cluster: Sendable {
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
        atexit { TestCleanup.runAtExit() }
    }()

    /// Creates a new directory `PREFIX-PID-RANDOM` in the temporary directory, removed when the process exits.
    ///
    /// The process id in the name lets a later run recognise the directories of a run that crashed
    /// before its `atexit` handler ran (see ``abandonedDirectories(prefix:)``).
    static func makeTemporaryDirectory(prefix: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700]
        )
        removeAtExit(directory)
        return directory
    }

    /// Directories made by ``makeTemporaryDirectory(prefix:)`` in processes that no longer exist.
    static func abandonedDirectories(prefix: String) -> [URL] {
        let temporary = FileManager.default.temporaryDirectory
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
    static func removeAtExit(_ directory: URL) {
        _ = handlerRegistration
        state.withLock { $0.directories.append(directory) }
    }

    /// Stops the cluster (`pg_ctl -m immediate stop`) when the process exits, before directories are removed.
    static func stopAtExit(_ cluster: Cluster) {
        _ = handlerRegistration
        state.withLock { $0.clusters.append(cluster) }
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
        let process = Process()
        process.executableURL = command.executable
        process.arguments = command.arguments
        process.currentDirectoryURL = cluster.dataDirectory.deletingLastPathComponent()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            // Nothing to report to at exit; the directory removal that follows still runs.
        }
    }
}
