import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One wrk load run: how hard and how long to push which URL.
public struct WrkOptions: Sendable, Hashable {
    /// The URL wrk connects to; with a request script only its scheme, host and port matter.
    public var url: String
    /// wrk threads (`-t`).
    public var threads: Int
    /// Open connections across all threads (`-c`); at least `threads`.
    public var connections: Int
    /// How long to run (`-d`), in whole seconds, at least one.
    public var duration: Duration
    /// A request that takes longer counts as a timeout error (`--timeout`); wrk's default (2 s) when nil.
    public var timeout: Duration?
    public var script: WrkScript

    public init(
        url: String,
        threads: Int = 2,
        connections: Int = 64,
        duration: Duration = .seconds(10),
        timeout: Duration? = nil,
        script: WrkScript = .reportOnly
    ) {
        self.url = url
        self.threads = threads
        self.connections = connections
        self.duration = duration
        self.timeout = timeout
        self.script = script
    }
}

/// Runs wrk and reads its results.
///
/// ```swift
/// let script = try WrkScript.cyclingGets(pathsFile: paths, headers: ["User-Agent": agent])
/// let result = try await Wrk.run(.init(url: "http://127.0.0.1:\(port)", duration: .seconds(10), script: script), in: work)
/// print(result.requestsPerSecond, result.latency.p99)
/// ```
public enum Wrk {
    /// The wrk executable, or an error telling how to install it.
    public static func locate() throws -> URL {
        try Executables.require("wrk", package: "wrk")
    }

    /// The command line for `options` with the script at `scriptFile`; the thread count follows
    /// the URL as the script's first argument.
    public static func arguments(for options: WrkOptions, scriptFile: URL) -> [String] {
        var arguments = [
            "-t", String(options.threads),
            "-c", String(options.connections),
            "-d", "\(wholeSeconds(options.duration))s",
            "--latency",
            "-s", scriptFile.path,
        ]
        if let timeout = options.timeout {
            arguments += ["--timeout", "\(wholeSeconds(timeout))s"]
        }
        return arguments + [options.url, String(options.threads)]
    }

    /// Runs wrk with `options`, writing `NAME.lua` and `NAME.log` into `directory`, and returns what it measured.
    ///
    /// Throws when wrk fails, runs far past its duration, or prints no `WRKJSON` line. Cancelling
    /// the task stops wrk.
    public static func run(
        _ options: WrkOptions,
        in directory: URL,
        name: String = "wrk",
        binary: URL? = nil
    ) async throws -> WrkResult {
        try validate(options)
        let wrk = try binary ?? locate()
        let scriptFile = directory.appendingPathComponent("\(name).lua")
        try Data(options.script.source.utf8).write(to: scriptFile)
        let process = try ManagedProcess.start(
            wrk, arguments: arguments(for: options, scriptFile: scriptFile), logDirectory: directory, logName: "\(name).log"
        )
        let status: ExitStatus
        do {
            // wrk stops at its duration, then waits at most its timeout for the last responses.
            status = try await process.waitForExit(timeout: options.duration + (options.timeout ?? .seconds(2)) + .seconds(30))
        } catch {
            await process.terminate(signal: SIGINT, timeout: .seconds(5))
            throw error
        }
        let output = (try? String(contentsOf: process.logFile, encoding: .utf8)) ?? ""
        guard status.isSuccess else {
            throw BenchError(.exitedEarly, "wrk failed (\(status)):\n\(process.logTail())")
        }
        return try parse(output)
    }

    /// Reads the last `WRKJSON {…}` line of wrk's output.
    public static func parse(_ output: String) throws -> WrkResult {
        let marker = "WRKJSON "
        guard let line = output.split(whereSeparator: \.isNewline).last(where: { $0.hasPrefix(marker) }) else {
            throw BenchError(
                .malformedOutput,
                "wrk printed no \(marker.trimmingCharacters(in: .whitespaces)) line (was the report function in the script?):\n\(output.suffix(2_000))"
            )
        }
        let report: Report
        do {
            report = try JSONDecoder().decode(Report.self, from: Data(line.dropFirst(marker.count).utf8))
        } catch {
            throw BenchError(.malformedOutput, "unreadable wrk report \(line): \(error)")
        }
        return WrkResult(
            requests: report.requests,
            durationSeconds: Double(report.duration_us) / 1_000_000,
            bytes: report.bytes,
            latency: .init(
                min: report.latency_us.min, mean: report.latency_us.mean, stdev: report.latency_us.stdev,
                max: report.latency_us.max, p50: report.latency_us.p50, p75: report.latency_us.p75,
                p90: report.latency_us.p90, p99: report.latency_us.p99, p999: report.latency_us.p999
            ),
            errors: .init(
                connect: report.errors.connect, read: report.errors.read, write: report.errors.write,
                timeout: report.errors.timeout, status: report.errors.status
            )
        )
    }

    /// The `WRKJSON` line as the Lua report writes it.
    private struct Report: Decodable {
        struct Errors: Decodable {
            var connect: Int
            var read: Int
            var write: Int
            var status: Int
            var timeout: Int
        }

        struct Latency: Decodable {
            var min: Double
            var mean: Double
            var stdev: Double
            var max: Double
            var p50: Double
            var p75: Double
            var p90: Double
            var p99: Double
            var p999: Double
        }

        var requests: Int
        var duration_us: Int
        var bytes: Int
        var errors: Errors
        var latency_us: Latency
    }

    private static func validate(_ options: WrkOptions) throws {
        guard options.threads >= 1 else { throw BenchError(.invalidInput, "wrk needs at least one thread") }
        guard options.connections >= options.threads else {
            throw BenchError(
                .invalidInput, "wrk needs at least as many connections (\(options.connections)) as threads (\(options.threads))")
        }
        guard options.duration >= .seconds(1) else { throw BenchError(.invalidInput, "wrk runs for at least one second") }
        guard options.url.hasPrefix("http://") || options.url.hasPrefix("https://") else {
            throw BenchError(.invalidInput, "wrk needs an http:// or https:// URL, not \(options.url)")
        }
    }

    /// wrk takes whole seconds; anything shorter rounds up.
    private static func wholeSeconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return Swift.max(1, seconds + (attoseconds > 0 ? 1 : 0))
    }
}
