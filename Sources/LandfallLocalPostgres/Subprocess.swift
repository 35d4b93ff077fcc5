import Foundation
import LandfallBench

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

/// Runs external commands (initdb, pg_ctl, createdb, useradd) without blocking the cooperative
/// thread pool: the child is started with `posix_spawn` and its exit polled with `waitpid`.
///
/// Not Foundation's `Process`: on Linux its `run()` reads past a buffer while listing
/// `/proc/self/fd` and now and then crashes a process with many descriptors open (a test runner
/// with hundreds of connections; swift-corelibs-foundation PR #5472), and it learns of a child's exit
/// through a socket a daemon such as the server `pg_ctl start` forks keeps open. The child here gets
/// standard input from /dev/null, its output in a file, and no other descriptor.
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

    /// Runs a command to completion and returns its output; throws ``SubprocessFailure`` on a non-zero exit.
    ///
    /// Output goes to a temporary file rather than a pipe, which would stall a chatty command once
    /// full unless something kept draining it.
    @discardableResult
    static func run(
        _ executable: URL,
        _ arguments: [String],
        as user: ServerUser? = nil,
        in directory: URL? = nil,
        checked: Bool = true
    ) async throws -> SubprocessResult {
        let (executable, arguments) = command(executable, arguments, as: user)
        // A directory the server user can enter, so that it does not warn about the test's own.
        let (exit, log) = try await ManagedProcess.run(
            executable, arguments: arguments, workingDirectory: directory ?? FileManager.default.temporaryDirectory, timeout: .seconds(600)
        )
        let output = String(decoding: log, as: UTF8.self)
        let status = exit.shellStatus
        if checked && status != 0 {
            let rendered = ([executable.path] + arguments).joined(separator: " ")
            throw SubprocessFailure(command: rendered, status: status, output: output)
        }
        return SubprocessResult(status: status, output: output)
    }
}
