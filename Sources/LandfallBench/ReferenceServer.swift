import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `landfall-reference` executable (a bare Hummingbird 302 server), started for a benchmark.
///
/// ```swift
/// try ReferenceServer.writeCodes([("abc", "https://example.com/a")], to: codes)
/// let reference = try await ReferenceServer.start(codes: codes, in: work)
/// … wrk against reference.baseURL …
/// await reference.stop()
/// ```
public struct ReferenceServer: Sendable {
    /// The executable's name, built by `swift build --product landfall-reference`.
    public static let binaryName = "landfall-reference"
    /// An environment variable that names the executable explicitly.
    public static let binaryEnvironmentKey = "LANDFALL_REFERENCE_BINARY"

    public let process: ManagedProcess
    public let port: Int

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// `$LANDFALL_REFERENCE_BINARY`, else `landfall-reference` next to the running executable (the
    /// release `landfall-lab` or the test bundle sit beside it in `.build/…`), else on `PATH`.
    public static func locateBinary(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        if let path = environment[binaryEnvironmentKey], !path.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw BenchError(.notInstalled, "\(binaryEnvironmentKey)=\(path) is not an executable")
            }
            return URL(fileURLWithPath: path)
        }
        if let sibling = Executables.sibling(named: binaryName) { return sibling }
        if let found = Executables.find(binaryName, environment: environment) { return found }
        throw BenchError(
            .notInstalled,
            "\(binaryName) is neither next to \(Executables.currentExecutableDirectory.path) nor on PATH; "
                + "build it with `swift build -c release --product \(binaryName)` (scripts/bench does) or set \(binaryEnvironmentKey)"
        )
    }

    /// Writes the codes file the server reads: one `code<TAB>location` line per link.
    public static func writeCodes(_ links: some Sequence<(code: String, location: String)>, to file: URL) throws {
        var text = ""
        for link in links {
            // Scalars, not Characters: "\r\n" is one Character, equal to neither "\r" nor "\n".
            let separators: Set<Unicode.Scalar> = ["\t", "\n", "\r"]
            guard !link.code.isEmpty, !link.code.unicodeScalars.contains(where: { separators.contains($0) || $0 == "/" }),
                !link.location.isEmpty, !link.location.unicodeScalars.contains(where: { separators.contains($0) })
            else {
                throw BenchError(.invalidInput, "cannot write the link \(link.code) → \(link.location) as code<TAB>location")
            }
            text += link.code + "\t" + link.location + "\n"
        }
        try Data(text.utf8).write(to: file)
    }

    /// Starts the server on a free port with the links in `codes` and waits for its `listening on` line.
    ///
    /// - Parameter directory: where `landfall-reference.log` goes.
    public static func start(
        codes: URL,
        in directory: URL,
        binary: URL? = nil,
        timeout: Duration = .seconds(60)
    ) async throws -> ReferenceServer {
        let executable = try binary ?? locateBinary()
        let process = try ManagedProcess.start(
            executable, arguments: ["--codes", codes.path, "--host", "127.0.0.1", "--port", "0"], logDirectory: directory
        )
        do {
            let port = try await process.waitForListeningPort(timeout: timeout)
            return ReferenceServer(process: process, port: port)
        } catch {
            await process.terminate(signal: SIGKILL, timeout: .seconds(5))
            throw error
        }
    }

    /// Stops the server with SIGTERM (a graceful shutdown) and returns how it exited.
    @discardableResult
    public func stop(timeout: Duration = .seconds(10)) async -> ExitStatus {
        await process.terminate(signal: SIGTERM, timeout: timeout)
    }
}
