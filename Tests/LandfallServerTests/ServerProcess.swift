import Foundation
import LandfallBench

/// A real `landfall` process, for tests where separate servers must share a database.
///
/// Started with `posix_spawn` through ``ManagedProcess`` (Foundation's `Process.run()` now and
/// then crashes a test process with many descriptors open), with its output in a log file that
/// waits read for the "listening" line; `stop()` sends SIGTERM, which shuts the server down gracefully.
final class ServerProcess: Sendable {
    let port: Int
    private let process: ManagedProcess

    private init(process: ManagedProcess, port: Int) {
        self.process = process
        self.port = port
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }
    /// The process id, for tests that kill the server without warning (`kill -9`).
    var processIdentifier: Int32 { process.pid }

    /// An executable these tests run: the product, or the lab for its reliability commands.
    enum Program: String, Sendable {
        case landfall = "landfall"
        case lab = "landfall-lab"

        /// The environment variable that names another build of it.
        var variable: String { self == .landfall ? "LANDFALL_BINARY" : "LANDFALL_LAB_BINARY" }
    }

    /// The executable SwiftPM built next to the test bundle, or the one its variable names.
    static func binary(_ program: Program = .landfall) throws -> URL {
        if let path = ProcessInfo.processInfo.environment[program.variable] {
            return URL(fileURLWithPath: path)
        }
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for directory in [bundleDirectory, bundleDirectory.deletingLastPathComponent()] {
            let candidate = directory.appendingPathComponent(program.rawValue)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw ServerProcessError(
            "no \(program.rawValue) executable next to \(bundleDirectory.path); run `swift build` or set \(program.variable)"
        )
    }

    /// Runs a command to completion and returns its output (standard output and error together).
    @discardableResult
    static func run(_ arguments: [String], of program: Program = .landfall, timeout: Duration = .seconds(300)) async throws -> String {
        let (status, text) = try await runUnchecked(arguments, of: program, timeout: timeout)
        guard status == .exited(0) else {
            throw ServerProcessError("\(program.rawValue) \(arguments.first ?? "") ended with \(status): \(text)")
        }
        return text
    }

    /// Runs a command to completion and returns how it ended and its output.
    static func runUnchecked(
        _ arguments: [String], of program: Program = .landfall, timeout: Duration = .seconds(300)
    ) async throws -> (ExitStatus, String) {
        let (status, output) = try await ManagedProcess.run(try binary(program), arguments: arguments, timeout: timeout)
        return (status, String(decoding: output, as: UTF8.self))
    }

    /// Starts `landfall serve` with `arguments` on a free port and returns once it listens.
    static func start(_ arguments: [String], timeout: Duration = .seconds(60)) async throws -> ServerProcess {
        let process = try ManagedProcess.start(
            try binary(), arguments: ["serve", "--port", "0"] + arguments, logDirectory: FileManager.default.temporaryDirectory,
            logName: "landfall-serve-\(UUID().uuidString).log"
        )
        do {
            let port = try await process.waitForListeningPort(timeout: timeout)
            return ServerProcess(process: process, port: port)
        } catch {
            await process.terminate()
            throw ServerProcessError("landfall serve did not report a port within \(timeout): \(error)")
        }
    }

    /// Sends SIGTERM and waits for the graceful shutdown to finish; returns how the process ended.
    @discardableResult
    func stop() async -> ExitStatus {
        let status = await process.terminate(timeout: .seconds(60))
        try? FileManager.default.removeItem(at: process.logFile)
        return status
    }
}

struct ServerProcessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
