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

    /// The `landfall` executable SwiftPM built next to the test bundle, or `LANDFALL_BINARY`.
    static func binary() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["LANDFALL_BINARY"] {
            return URL(fileURLWithPath: path)
        }
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for directory in [bundleDirectory, bundleDirectory.deletingLastPathComponent()] {
            let candidate = directory.appendingPathComponent("landfall")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw ServerProcessError("no landfall executable next to \(bundleDirectory.path); run `swift build` or set LANDFALL_BINARY")
    }

    /// Runs a command to completion and returns its output (standard output and error together).
    @discardableResult
    static func run(_ arguments: [String], timeout: Duration = .seconds(300)) async throws -> String {
        let (status, text) = try await runUnchecked(arguments, timeout: timeout)
        guard status == .exited(0) else { throw ServerProcessError("landfall \(arguments.first ?? "") ended with \(status): \(text)") }
        return text
    }

    /// Runs a command to completion and returns how it ended and its output.
    static func runUnchecked(_ arguments: [String], timeout: Duration = .seconds(300)) async throws -> (ExitStatus, String) {
        let (status, output) = try await ManagedProcess.run(try binary(), arguments: arguments, timeout: timeout)
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
