import Foundation

/// The system user PostgreSQL's server binaries run as when the tests run as root.
struct ServerUser: Sendable, Hashable {
    var name: String
    var uid: uid_t
    var gid: gid_t
}

/// A command that ran to completion.
struct SubprocessResult: Sendable {
    var status: Int32
    /// Standard output and standard error, interleaved.
    var output: String
}

/// An external command that exited unsuccessfully.
struct SubprocessFailure: Error, CustomStringConvertible {
    var command: String
    var status: Int32
    var output: String

    var description: String {
        "`\(command)` exited with status \(status):\n\(output)"
    }
}

/// Runs external commands (initdb, pg_ctl, createdb, useradd) with Foundation's `Process` without blocking
/// the cooperative thread pool: completion arrives through `terminationHandler`.
enum Subprocess {
    /// `executable arguments`, or `runuser -u USER -- executable arguments` when `user` is set.
    static func command(_ executable: URL, _ arguments: [String], as user: ServerUser?) -> (executable: URL, arguments: [String]) {
        guard let user else { return (executable, arguments) }
        return (runuser, ["-u", user.name, "--", executable.path] + arguments)
    }

    private static var runuser: URL {
        let candidates = ["/usr/sbin/runuser", "/sbin/runuser", "/usr/bin/runuser", "/bin/runuser"]
        let path = candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? "runuser"
        return URL(fileURLWithPath: path)
    }

    /// Runs `"$@"` with every descriptor above standard error closed, while this shell keeps its own.
    ///
    /// On Linux, Foundation's `Process` learns that a child exited when a socket it hands the child
    /// reaches end-of-file. A daemon the child leaves behind (the server `pg_ctl start` forks) inherits
    /// that socket and keeps it open, so the exit would never be reported. Run from this shell, the
    /// command and its daemon never see the socket; the shell holds it until the command finishes.
    private static let descriptorClosingScript = #"""
        close=""
        for fd in $(ls /proc/$$/fd); do
            if [ "$fd" -gt 2 ]; then close="$close $fd>&-"; fi
        done
        eval "\"\$@\" $close"
        """#

    private static func wrapped(_ command: (executable: URL, arguments: [String]), leavesDaemon: Bool) -> (executable: URL, arguments: [String]) {
        #if os(Linux)
        if leavesDaemon {
            return (URL(fileURLWithPath: "/bin/bash"), ["-c", descriptorClosingScript, "bash", command.executable.path] + command.arguments)
        }
        #endif
        return command
    }

    /// Runs a command to completion and returns its output; throws ``SubprocessFailure`` on a non-zero exit.
    ///
    /// Output goes to a temporary file rather than a pipe, which would stall a chatty command once
    /// full unless something kept draining it.
    ///
    /// - Parameter leavesDaemon: true for a command that leaves a process running after it exits.
    @discardableResult
    static func run(
        _ executable: URL,
        _ arguments: [String],
        as user: ServerUser? = nil,
        in directory: URL? = nil,
        leavesDaemon: Bool = false,
        checked: Bool = true
    ) async throws -> SubprocessResult {
        let requested = command(executable, arguments, as: user)
        let (executable, arguments) = wrapped(requested, leavesDaemon: leavesDaemon)
        let outputURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("landfall-subprocess-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: outputURL.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: outputURL.path])
        }
        defer { try? FileManager.default.removeItem(at: outputURL) }
        let outputHandle = try FileHandle(forWritingTo: outputURL)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        // A directory the server user can enter, so that it does not warn about the test's own.
        process.currentDirectoryURL = directory ?? FileManager.default.temporaryDirectory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outputHandle
        process.standardError = outputHandle
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in
                continuation.resume(returning: finished.terminationStatus)
            }
            do {
                try process.run()
            } catch {
                // `run()` failed before launching, so the termination handler will never be called.
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try? outputHandle.close()
        let output = (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
        let rendered = ([requested.executable.path] + requested.arguments).joined(separator: " ")
        if checked && status != 0 {
            throw SubprocessFailure(command: rendered, status: status, output: output)
        }
        return SubprocessResult(status: status, output: output)
    }
}
