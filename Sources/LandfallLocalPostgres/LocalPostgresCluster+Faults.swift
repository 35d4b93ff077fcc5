import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Faults for the reliability checks: the server killed or restarted under its clients, and
/// started again on the same port and data directory.
extension LocalPostgresCluster {
    /// The postmaster's process id from `postmaster.pid`, when that file exists.
    public func postmasterPID() -> pid_t? {
        let file = dataDirectory.appendingPathComponent("postmaster.pid")
        guard let text = try? String(contentsOf: file, encoding: .utf8),
            let first = text.split(separator: "\n").first, let pid = pid_t(first)
        else { return nil }
        return pid
    }

    /// Sends SIGKILL to the postmaster, as a crash of the server machine's database would. Its
    /// backends notice the postmaster is gone and exit by themselves; a query running in one may
    /// still finish first. Returns the killed process id.
    @discardableResult
    public func killPostmaster() throws -> pid_t {
        guard let pid = postmasterPID() else { throw LocalPostgresError("no postmaster.pid: the server is not running") }
        guard kill(pid, SIGKILL) == 0 else { throw LocalPostgresError("kill -9 \(pid) failed: errno \(errno)") }
        return pid
    }

    /// Starts the server again on its port after it was stopped or killed, and returns once it
    /// accepts connections (crash recovery included).
    ///
    /// After a kill the start is refused while the old backends still hold the shared memory (or
    /// the dead postmaster is not yet reaped), so it is tried again until `timeout`.
    public func start(timeout: Duration = .seconds(60)) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        let options = LocalPostgres.serverOptions(port: port, directory: directory)
        while true {
            let result = try await Subprocess.run(
                binaries.pgCtl, ["-w", "-D", dataDirectory.path, "-o", options, "-l", logFile.path, "start"],
                as: serverUser, in: directory, checked: false
            )
            if result.status == 0 { return }
            guard clock.now < deadline else {
                throw LocalPostgresError("pg_ctl start failed again and again (status \(result.status)):\n\(result.output)")
            }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// Stops the server (`pg_ctl stop -m fast`) and keeps its directory and its cleanup at exit:
    /// ``start(timeout:)`` brings it back, unlike ``stop(removingDirectory:)``.
    public func stopServer() async throws {
        try await Subprocess.run(binaries.pgCtl, ["-w", "-D", dataDirectory.path, "-m", "fast", "stop"], as: serverUser, in: directory)
    }

    /// `pg_ctl restart -m fast`: sessions are ended (their clients see SQLSTATE 57P01), a shutdown
    /// checkpoint is written, and the server starts again with the same options.
    public func restart() async throws {
        try await Subprocess.run(
            binaries.pgCtl, ["-w", "-D", dataDirectory.path, "-m", "fast", "-l", logFile.path, "restart"],
            as: serverUser, in: directory
        )
    }
}
