import AsyncHTTPClient
import Foundation
import LandfallBench
import NIOCore
import NIOHTTP1

/// One `landfall serve` process under test: the product binary beside the lab (``ProductBinary``).
struct BenchServer: Sendable {
    let process: ManagedProcess
    let port: Int
    let adminToken: String
    /// From spawning the process to its first successful readiness check.
    let startup: Duration

    var baseURL: String { "http://127.0.0.1:\(port)" }

    static func start(database: String, adminToken: String, directory: URL, name: String, arguments extra: [String] = []) async throws
        -> BenchServer
    {
        let clock = ContinuousClock()
        let started = clock.now
        let process = try ManagedProcess.start(
            try ProductBinary.landfall(),
            arguments: [
                "serve", "--database", database, "--port", "0", "--admin-token", adminToken, "--trust-proxy", "--log-level", "warning",
            ] + extra,
            logDirectory: directory, logName: "\(name).log"
        )
        do {
            let port = try await process.waitForListeningPort(timeout: .seconds(120))
            let server = BenchServer(process: process, port: port, adminToken: adminToken, startup: .zero)
            try await server.waitUntilReady()
            return BenchServer(process: process, port: port, adminToken: adminToken, startup: clock.now - started)
        } catch {
            process.kill()
            throw BenchFailure("landfall serve did not start: \(error)\n\(process.logTail())")
        }
    }

    private func waitUntilReady() async throws {
        for _ in 0..<200 {
            if let (status, _) = try? await BenchHTTP.get("\(baseURL)/health/ready"), status == 200 { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw BenchFailure("the server never became ready")
    }

    /// The server's Prometheus metrics as `name{labels}` → value.
    func metrics() async throws -> [String: Double] {
        let (status, body) = try await BenchHTTP.get("\(baseURL)/api/metrics", bearer: adminToken)
        guard status == 200 else { throw BenchFailure("GET /api/metrics answered \(status)") }
        var values: [String: Double] = [:]
        for line in body.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { continue }
            values[String(line[..<space])] = value
        }
        return values
    }

    /// The metrics once requests still in flight when wrk stopped have been answered and their
    /// clicks written: two reads in a row agree and nothing is buffered.
    func settledMetrics() async throws -> [String: Double] {
        var previous = try await metrics()
        for _ in 0..<100 {
            try await Task.sleep(for: .milliseconds(100))
            let current = try await metrics()
            let answered = { (m: [String: Double]) in Self.answeredRedirects(in: m) }
            if answered(current) == answered(previous), current["landfall_clicks_pending"] == 0 { return current }
            previous = current
        }
        throw BenchFailure("the server kept answering redirects after the load stopped")
    }

    /// Redirect requests answered so far, whatever their outcome.
    func answeredRedirects() async throws -> Double {
        Self.answeredRedirects(in: try await metrics())
    }

    private static func answeredRedirects(in metrics: [String: Double]) -> Double {
        metrics.filter { $0.key.hasPrefix("landfall_redirects_total") }.values.reduce(0, +)
    }

    func sample() throws -> ProcessSample {
        try ProcessSampler.sample(pid: process.pid)
    }

    /// Graceful shutdown (SIGTERM): the server drains, the click recorder writes its buffer, the
    /// database closes. Fails when the process had to be killed.
    func stop() async throws {
        let status = await process.terminate(signal: SIGTERM, timeout: .seconds(60))
        guard status.isSuccess else {
            throw BenchFailure("landfall serve did not shut down cleanly (\(status)):\n\(process.logTail())")
        }
    }
}

/// A benchmark step that could not be carried out.
struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The few plain HTTP calls the benchmark makes itself (readiness, metrics).
///
/// Over AsyncHTTPClient, not URLSession: the throughput log cancels its sampler while a metrics
/// request is in flight, and FoundationNetworking on Linux can trap on a cancelled task
/// ("Trying to access a behaviour for a task that in not in the registry"), killing the run.
enum BenchHTTP {
    static func get(_ url: String, bearer: String? = nil, timeout: TimeAmount = .seconds(10)) async throws -> (Int, String) {
        var request = HTTPClientRequest(url: url)
        if let bearer { request.headers.add(name: "Authorization", value: "Bearer \(bearer)") }
        let response = try await HTTPClient.shared.execute(request, timeout: timeout)
        let body = try await response.body.collect(upTo: 16 * 1_024 * 1_024)
        return (Int(response.status.code), String(buffer: body))
    }
}
