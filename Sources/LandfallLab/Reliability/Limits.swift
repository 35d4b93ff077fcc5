import ArgumentParser
import AsyncHTTPClient
import Foundation
import LandfallServer
import LandfallStore
import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycle

/// `landfall-lab reliability limits`: how exactly the API rate limits hold their configured rate.
struct Limits: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "limits",
        abstract: "Measure the API rate limiter's accuracy at rates below and above its limit.",
        discussion: """
            Offers requests at steady rates from half to four times a configured limit for a few
            seconds each, first straight to the token bucket with the wall clock, then over HTTP to a
            Landfall server (in this process, fresh SQLite database) whose SDK per-key limit is the
            configured rate: GET /api/sdk/v1/resolve with one publishable key, 429 counted as refused.
            The accepted rate is compared with what an exact bucket accepts (its burst plus the rate
            over the time offered). Prints rows `limits<TAB>TARGET<TAB>MEASURE<TAB>VALUE` and exits
            non-zero when any error is above --tolerance %.
            """
    )

    @Option(help: "Seconds each rate is offered (default 3)")
    var seconds: Double = 3

    @Option(help: "Limit of the direct measurement, requests per second (default 2000)")
    var directRate: Double = 2_000

    @Option(help: "Limit of the HTTP measurement, requests per second (default 200)")
    var httpRate: Double = 200

    @Option(help: "Largest error in % of the exact bucket's accepted rate that passes (default 5)")
    var tolerance: Double = 5

    static let factors = [0.5, 0.9, 1.1, 2, 4]

    func validate() throws {
        guard (0.5...60).contains(seconds) else { throw ValidationError("--seconds must be 0.5-60") }
        guard (10...20_000).contains(directRate) else { throw ValidationError("--direct-rate must be 10-20000") }
        guard (10...1_000).contains(httpRate) else { throw ValidationError("--http-rate must be 10-1000") }
        guard tolerance > 0 else { throw ValidationError("--tolerance must be above 0") }
    }

    /// A bucket holding a quarter second's worth: small enough that the burst hardly moves the
    /// result, large enough that a pause of the sender (a busy core) does not spill tokens.
    static func limit(rate: Double) -> RateLimiter.Limit {
        .init(burst: max(1, Int(rate / 4)), per: .milliseconds(250))
    }

    func run() async throws {
        var rows: [LimitsPacer.Row] = []
        let pacer = LimitsPacer(seconds: seconds)
        let direct = Self.limit(rate: directRate)
        for factor in Self.factors {
            let limiter = RateLimiter(limit: direct, now: { ContinuousClock.now })
            let offered = directRate * factor
            let (accepted, elapsed) = await pacer.run(offered: offered, concurrency: 1) { limiter.take("key") == .allowed }
            rows.append(
                .init(
                    target: "limiter@\(Int(directRate))/s×\(factor)", configuredPerSecond: directRate, offeredPerSecond: offered,
                    acceptedPerSecond: accepted,
                    expectedPerSecond: LimitsPacer.expected(
                        offered: offered, rate: directRate, burst: Double(direct.burst), elapsed: elapsed)
                ))
            FileHandle.standardError.write(Data("limiter ×\(factor): accepted \(Int(accepted))/s\n".utf8))
        }
        rows += try await measureHTTP(pacer)
        for row in rows { print(row.lines.joined(separator: "\n")) }
        let worst = rows.map(\.errorPercent).max() ?? 0
        guard worst <= tolerance else {
            throw ValidationError(String(format: "the limiter was %.2f %% off, more than the %.1f %% allowed", worst, tolerance))
        }
    }

    private func measureHTTP(_ pacer: LimitsPacer) async throws -> [LimitsPacer.Row] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "landfall-limits-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var logger = Logger(label: "landfall.limits")
        logger.logLevel = .warning
        var configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, database: .sqlite(path: directory.appendingPathComponent("limits.sqlite").path), migrate: true
        )
        configuration.webhooks.deliversInBackground = false
        let limit = Self.limit(rate: httpRate)
        configuration.apiRateLimits.sdk.perCredential = limit
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let landfall = try await buildApplication(configuration: configuration, logger: logger, onListening: { portSink.yield($0) })
        let services = ServiceGroup(services: [landfall.application], logger: logger)
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        let rate = httpRate
        let outcome: Result<[LimitsPacer.Row], any Error> = try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await services.run() }
            var listening = ports.makeAsyncIterator()
            guard let port = await listening.next() else { throw ValidationError("the server stopped before it listened") }
            let result: Result<[LimitsPacer.Row], any Error>
            do {
                let app = try await landfall.apps.createApp(
                    name: "Limits", slug: "limits", domains: [], uriScheme: "limits", webFallbackUrl: "https://example.com/limits"
                )
                let key = try await landfall.apps.createKey(appId: app.id, kind: .publishable, name: "limits").key
                var rows: [LimitsPacer.Row] = []
                for factor in Self.factors {
                    // A new key for each rate, so each starts with a full bucket.
                    let fresh =
                        factor == Self.factors.first
                        ? key : try await landfall.apps.createKey(appId: app.id, kind: .publishable, name: "limits").key
                    let offered = rate * factor
                    let (accepted, elapsed) = await pacer.run(offered: offered, concurrency: 64) {
                        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/api/sdk/v1/resolve/nothing-here")
                        request.headers.add(name: "Authorization", value: "Bearer \(fresh)")
                        guard let response = try? await http.execute(request, timeout: .seconds(10)) else { return false }
                        _ = try? await response.body.collect(upTo: 1 << 16)
                        return response.status.code != 429
                    }
                    rows.append(
                        .init(
                            target: "http-sdk@\(Int(rate))/s×\(factor)", configuredPerSecond: rate, offeredPerSecond: offered,
                            acceptedPerSecond: accepted,
                            expectedPerSecond: LimitsPacer.expected(
                                offered: offered, rate: rate, burst: Double(limit.burst), elapsed: elapsed)
                        ))
                    FileHandle.standardError.write(Data("http ×\(factor): accepted \(Int(accepted))/s\n".utf8))
                }
                result = .success(rows)
            } catch {
                result = .failure(error)
            }
            await services.triggerGracefulShutdown()
            try await group.waitForAll()
            return result
        }
        try await http.shutdown()
        return try outcome.get()
    }
}
