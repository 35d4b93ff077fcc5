import Dispatch
import Foundation

/// A real `landfall` process, for tests where separate servers must share a database.
///
/// Waits for the "listening" line the server prints, reading its standard output through a pipe;
/// `stop()` sends SIGTERM, which shuts the server down gracefully.
/// Used from one test task only, so it need not be Sendable; the process is observed through its
/// termination handler rather than from other threads.
final class ServerProcess {
    let port: Int
    private let process: Process
    private let exits: AsyncStream<Int32>

    private init(process: Process, port: Int, exits: AsyncStream<Int32>) {
        self.process = process
        self.port = port
        self.exits = exits
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }
    /// The process id, for tests that kill the server without warning (`kill -9`).
    var processIdentifier: Int32 { process.processIdentifier }

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

    /// Runs a command to completion and returns its standard output.
    @discardableResult
    static func run(_ arguments: [String]) async throws -> String {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard status == 0 else { throw ServerProcessError("landfall \(arguments.first ?? "") exited \(status): \(text)") }
        return text
    }

    /// Starts `landfall serve` with `arguments` on a free port and returns once it listens.
    static func start(_ arguments: [String], timeout: Duration = .seconds(60)) async throws -> ServerProcess {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = ["serve", "--port", "0"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let lines = AsyncStream<String> { continuation in
            let handle = output.fileHandleForReading
            // A blocking read loop on its own thread: FileHandle has no async line reader on Linux.
            DispatchQueue.global().async {
                var buffer = ""
                while true {
                    let data = handle.availableData
                    if data.isEmpty { break }
                    buffer += String(decoding: data, as: UTF8.self)
                    while let newline = buffer.firstIndex(of: "\n") {
                        continuation.yield(String(buffer[..<newline]))
                        buffer = String(buffer[buffer.index(after: newline)...])
                    }
                }
                continuation.finish()
            }
        }
        let (exits, exitContinuation) = AsyncStream<Int32>.makeStream()
        process.terminationHandler = { exitContinuation.yield($0.terminationStatus); exitContinuation.finish() }
        try process.run()
        let port = try await withThrowingTaskGroup(of: Int?.self) { group in
            group.addTask {
                for await line in lines {
                    if let range = line.range(of: "listening on http://127.0.0.1:") {
                        let digits = line[range.upperBound...].prefix { $0.isNumber }
                        return Int(digits)
                    }
                }
                return nil
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let port else {
            process.terminate()
            throw ServerProcessError("landfall serve did not report a port within \(timeout)")
        }
        return ServerProcess(process: process, port: port, exits: exits)
    }

    /// Sends SIGTERM and waits for the graceful shutdown to finish; returns the exit status.
    @discardableResult
    func stop() async -> Int32 {
        if process.isRunning { process.terminate() }
        for await status in exits { return status }
        return process.terminationStatus
    }
}

struct ServerProcessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
