import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process the benchmarks start, watch and stop: a server under test, nginx, wrk.
///
/// Its standard output and standard error go to a log file (never a pipe, so nothing stalls when
/// nobody reads, and no grandchild can hold a pipe open); waits poll that file and `waitpid` with
/// short `Task.sleep`s, so nothing blocks the cooperative thread pool.
///
/// ```swift
/// let server = try ManagedProcess.start(binary, arguments: ["--codes", codes.path, "--port", "0"], logDirectory: work)
/// let port = try await server.waitForListeningPort()
/// …
/// let status = await server.terminate()
/// ```
///
/// A process still running when its `ManagedProcess` is released is killed (`SIGKILL`) and reaped.
public final class ManagedProcess: Sendable {
    /// The child's process id.
    public let pid: pid_t
    /// The program that runs.
    public let executable: URL
    public let arguments: [String]
    /// Where its standard output and standard error go.
    public let logFile: URL
    /// True when the child leads its own process group, so ``kill()`` reaches its children too.
    public let leadsProcessGroup: Bool

    /// The exit status once `waitpid` has collected it; nil while the process runs.
    private let reaped = LockedValue<ExitStatus?>(nil)

    private init(pid: pid_t, executable: URL, arguments: [String], logFile: URL, leadsProcessGroup: Bool) {
        self.pid = pid
        self.executable = executable
        self.arguments = arguments
        self.logFile = logFile
        self.leadsProcessGroup = leadsProcessGroup
    }

    /// Starts `executable` with `arguments`; its output goes to `logDirectory/logName` (created or truncated).
    ///
    /// - Parameters:
    ///   - environment: the child's whole environment; the parent's by default.
    ///   - logName: the log file's name; `<program>.log` by default.
    ///   - newProcessGroup: put the child in a process group of its own, so that ``kill()`` also
    ///     reaches what it forked (nginx workers). The child then no longer receives the terminal's
    ///     Ctrl-C; the parent must stop it.
    ///   - workingDirectory: where the child starts; the parent's directory by default.
    public static func start(
        _ executable: URL,
        arguments: [String] = [],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        logDirectory: URL,
        logName: String? = nil,
        newProcessGroup: Bool = false,
        workingDirectory: URL? = nil
    ) throws -> ManagedProcess {
        let logFile = logDirectory.appendingPathComponent(logName ?? "\(executable.lastPathComponent).log")
        guard FileManager.default.createFile(atPath: logFile.path, contents: nil) else {
            throw BenchError(.systemCall, "could not create the log file \(logFile.path)")
        }
        let pid = try Spawn.spawn(
            executable: executable.path, arguments: arguments, environment: environment,
            logPath: logFile.path, newProcessGroup: newProcessGroup, workingDirectory: workingDirectory?.path
        )
        RunningChildren.started(pid, leadsProcessGroup: newProcessGroup)
        return ManagedProcess(
            pid: pid, executable: executable, arguments: arguments, logFile: logFile, leadsProcessGroup: newProcessGroup
        )
    }

    deinit {
        let running = reaped.withLock { $0 == nil }
        guard running else { return }
        sendKill()
        var status: Int32 = 0
        // SIGKILL cannot be caught, so this wait is short.
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        RunningChildren.reaped(pid)
    }

    // MARK: - State

    /// The exit status if the process has exited; never blocks.
    public var exitStatus: ExitStatus? {
        reaped.withLock { reaped in
            if let reaped { return reaped }
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                reaped = ExitStatus(waitStatus: status)
            } else if result < 0 && errno == ECHILD {
                reaped = .unknown
            }
            if reaped != nil { RunningChildren.reaped(pid) }
            return reaped
        }
    }

    /// Blocks the calling thread until the process exits: for `atexit` handlers and other places
    /// with no task to suspend.
    public func waitUntilExit() -> ExitStatus {
        reaped.withLock { reaped in
            if let reaped { return reaped }
            var status: Int32 = 0
            var result = waitpid(pid, &status, 0)
            while result < 0 && errno == EINTR { result = waitpid(pid, &status, 0) }
            let exit = result == pid ? ExitStatus(waitStatus: status) : .unknown
            reaped = exit
            RunningChildren.reaped(pid)
            return exit
        }
    }

    /// The whole log, for commands whose output is their result.
    public func log() throws -> Data {
        try Data(contentsOf: logFile)
    }

    /// Runs a command to its end with its output in a temporary file, and returns how it ended and
    /// what it wrote (standard output and error together); the file is removed.
    public static func run(
        _ executable: URL, arguments: [String], workingDirectory: URL? = nil, timeout: Duration
    ) async throws -> (status: ExitStatus, output: Data) {
        let process = try start(
            executable, arguments: arguments, logDirectory: FileManager.default.temporaryDirectory,
            logName: "landfall-run-\(UUID().uuidString).log", workingDirectory: workingDirectory
        )
        defer { try? FileManager.default.removeItem(at: process.logFile) }
        let status = try await process.waitForExit(timeout: timeout)
        return (status, try process.log())
    }

    /// True until the process has exited.
    public var isRunning: Bool { exitStatus == nil }

    /// Sends `signal` to the process (not its group); does nothing once it has exited.
    public func send(_ signal: Int32) {
        // Checked under the lock so that a reaped (and possibly reused) pid is never signalled.
        reaped.withLock { reaped in
            if reaped == nil { _ = signalProcess(pid, signal) }
        }
    }

    /// Sends `SIGKILL` to the process, and to its whole group when it leads one; does not wait.
    public func kill() {
        reaped.withLock { reaped in
            if reaped == nil { sendKill() }
        }
    }

    private func sendKill() {
        if leadsProcessGroup { _ = signalProcess(-pid, SIGKILL) }
        _ = signalProcess(pid, SIGKILL)
    }

    /// The last `maxBytes` of the log, for error messages.
    public func logTail(maxBytes: Int = 4_096) -> String {
        guard let handle = try? FileHandle(forReadingFrom: logFile) else { return "" }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        let start = size > UInt64(maxBytes) ? size - UInt64(maxBytes) : 0
        try? handle.seek(toOffset: start)
        let data = (try? handle.readToEnd()) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    var name: String { executable.lastPathComponent }
}

/// `kill(2)`, which the methods named `kill` hide inside `ManagedProcess` and `RunningChildren`.
func signalProcess(_ pid: pid_t, _ signal: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.kill(pid, signal)
    #elseif canImport(Musl)
    Musl.kill(pid, signal)
    #else
    Darwin.kill(pid, signal)
    #endif
}
