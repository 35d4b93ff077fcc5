import AsyncHTTPClient
import Foundation
import LandfallRandom
import LandfallServer
import LandfallStore
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import SQLKit

/// A system clock the clock check steps: the real time plus an offset that NTP would have set.
final class SteppedSystemClock: Sendable {
    private let offset = NIOLockedValueBox<TimeInterval>(0)

    func now() -> Date { Date().addingTimeInterval(offset.withLockedValue { $0 }) }
    func step(by seconds: TimeInterval) { offset.withLockedValue { $0 += seconds } }
}

/// The clock check: the server as `landfall serve` runs it (its wall clock over a system clock that
/// steps, durations on the monotonic clock), under clicks, installs and management requests, with
/// the system clock stepped forward and back by a minute to three hours between rounds. Then the
/// database is read: no install credited to a click stamped after it, no click stamped more than a
/// second before one stored earlier, and the click statistics per day equal to the clicks per day.
struct ClockRun: Sendable {
    var steps: Int
    var devicesPerStep: Int
    var seed: UInt64
    let logger: Logger
    private let adminToken = "clock-check-admin-token-0123456789"
    /// The management bucket of the admin token: small, so that a step that refilled it would show.
    static let bucket = RateLimiter.Limit(burst: 5, per: .seconds(60))

    init(steps: Int, devicesPerStep: Int, seed: UInt64, logger: Logger) {
        self.steps = steps
        self.devicesPerStep = devicesPerStep
        self.seed = seed
        self.logger = logger
    }

    func execute() async throws -> ClockReport {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-clock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("clock.sqlite").path
        let keys = try await CrashSeeding.prepare(.sqlite(path: path), logger: logger)
        let system = SteppedSystemClock()
        let wall = WallClock(system: { system.now() })
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        do {
            let (report, _) = try await PowerServer.run(
                database: path, adminToken: adminToken, logger: logger, now: { wall.now() },
                configure: {
                    $0.apiRateLimits.management = .init(perAddress: Self.bucket, perCredential: Self.bucket, perApp: Self.bucket)
                }
            ) { server in
                try await rounds(server: server, http: http, keys: keys, system: system, wall: wall, path: path)
            }
            try await http.shutdown()
            return report
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    private func rounds(
        server: PowerServer, http: HTTPClient, keys: CrashSeeding.Keys, system: SteppedSystemClock, wall: WallClock, path: String
    ) async throws -> ClockReport {
        let sender = CrashSender(http: http, baseURL: server.baseURL)
        let write = try CrashWriteFactory(keys: keys).link(client: 0)
        guard case .acknowledged(let link) = await sender.send(write), let code = link.shortCode else {
            throw CrashFailure("the clock check could not create its link")
        }
        var random = SplitMix64(seed: seed)
        var report = ClockReport(steps: steps)
        let began = ContinuousClock.now
        var device = 0
        for _ in 0..<steps {
            var addresses: [String] = []
            for _ in 0..<devicesPerStep {
                device += 1
                let address = "23.\(40 + device / 250).\(device % 250).\(device % 200 + 10)"
                addresses.append(address)
                try await expect(await get(http, server.baseURL + "/" + code, address: address), in: 200..<400, "the redirect")
            }
            // The clicks reach the database before the installs look for them, as 50 ms later would.
            try await server.landfall.clicks.flush()
            let magnitude = 60 + random.nextUnitInterval() * (3 * 3600 - 60)
            let step = random.next() % 2 == 0 ? magnitude : -magnitude
            system.step(by: step)
            if step > 0 { report.forward += 1 } else { report.backward += 1 }
            report.largestStep = max(report.largestStep, abs(step))
            for address in addresses {
                let method = try await install(http, server.baseURL, key: keys.publishable, address: address, device: device)
                if method != "organic" { report.attributed += 1 }
                report.installs += 1
            }
            for _ in 0..<3 {
                let status = try await get(http, server.baseURL + "/api/apps", address: "203.0.113.5", bearer: adminToken)
                if status == 200 {
                    report.managementAdmitted += 1
                } else if status != 429 {
                    throw CrashFailure("GET /api/apps answered \(status)")
                }
            }
        }
        report.managementExpected = Self.expectedAdmissions(after: ContinuousClock.now - began, requests: 3 * steps)
        // The system clock forward past every stamp and the statistics' settling time (the wall clock
        // holds while the system clock is behind), then count what is left.
        let latest = try await ClockFindings.latestClick(path: path, appId: keys.appId, logger: logger)
        if let latest, system.now() < latest.addingTimeInterval(11) {
            system.step(by: latest.addingTimeInterval(11).timeIntervalSince(system.now()))
            report.forward += 1
        }
        try await server.landfall.statistics.catchUp()
        try await ClockFindings.read(path: path, appId: keys.appId, logger: logger, into: &report)
        return report
    }

    /// What an exact bucket admits of `requests` spread over `elapsed` on the monotonic clock: its
    /// burst, then one per refill, whatever the wall clock did meanwhile.
    static func expectedAdmissions(after elapsed: Duration, requests: Int) -> ClosedRange<Int> {
        let perToken = bucket.per.milliseconds / Double(bucket.burst)
        let refilled = Int(elapsed.milliseconds / perToken)
        let least = min(requests, bucket.burst)
        return least...max(least, min(requests, bucket.burst + refilled + 1))
    }

    private func get(_ http: HTTPClient, _ url: String, address: String, bearer: String? = nil) async throws -> Int {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "User-Agent", value: PowerClickLoad.userAgentPrefix + "clock")
        request.headers.add(name: "X-Forwarded-For", value: address)
        if let bearer { request.headers.add(name: "Authorization", value: "Bearer \(bearer)") }
        let response = try await http.execute(request, timeout: .seconds(30))
        _ = try await response.body.collect(upTo: 1 << 20)
        return Int(response.status.code)
    }

    private func install(_ http: HTTPClient, _ baseURL: String, key: String, address: String, device: Int) async throws -> String {
        struct Answer: Decodable { var method: String }
        var request = HTTPClientRequest(url: baseURL + "/api/sdk/v1/install")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Authorization", value: "Bearer \(key)")
        request.headers.add(name: "X-Forwarded-For", value: address)
        let body = """
            {"userAgent": "Recipes/2.0 (Android 14; Pixel 8)", "platform": "Android", "platformVersion": "14", "deviceModel": "Pixel 8",
             "language": "en-US", "installKey": "clock-\(seed)-\(device)-\(address)", "attributionWindowHours": 168}
            """
        request.body = .bytes(ByteBuffer(string: body))
        let response = try await http.execute(request, timeout: .seconds(30))
        let data = Data(try await response.body.collect(upTo: 1 << 20).readableBytesView)
        guard response.status.code == 200 else {
            throw CrashFailure("an install answered \(response.status.code): \(String(decoding: data.prefix(300), as: UTF8.self))")
        }
        return try JSONDecoder().decode(Answer.self, from: data).method
    }

    private func expect(_ status: Int, in range: Range<Int>, _ what: String) throws {
        guard range.contains(status) else { throw CrashFailure("\(what) answered \(status)") }
    }
}
