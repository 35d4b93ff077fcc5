import Foundation
import LandfallBench
import NIOCore

/// After schemathesis: rounds of hostile bodies at the JSON endpoints and waves of slowloris
/// connections, with the server's resident memory measured before and after. Every body must be
/// refused with a 4xx and every slow connection closed; memory must not grow with the rounds.
enum FuzzHostile {
    struct Outcome: Sendable {
        var requests = 0
        /// Answers outside 400–499, or no answer at all.
        var unexpected: [String] = []
        var slowConnections = 0
        var slowConnectionsLeftOpen = 0
        /// Resident memory after the rounds of bodies, and after the slowloris waves, less before them.
        var residentGrowthBodies: Int64 = 0
        var residentGrowthSlow: Int64 = 0
    }

    /// Past the largest body any endpoint accepts (1,000 server-to-server clicks, 2 MiB).
    static let oversized =
        Array(#"{"name": ""#.utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 2 * 1_024 * 1_024 + 1) + Array(#""}"#.utf8)
    /// 30,000 nested arrays in 60,000 bytes: under the size limits, far past any parser's depth.
    static let deeplyNested = [UInt8](repeating: UInt8(ascii: "["), count: 30_000) + [UInt8](repeating: UInt8(ascii: "]"), count: 30_000)
    /// Not UTF-8: a lone continuation byte, an overlong encoding, a byte UTF-8 never uses.
    static let invalidUTF8 = Array(#"{"name": "a"#.utf8) + [0x80, 0xC0, 0xAF, 0xFF] + Array(#"", "userAgent": "x"}"#.utf8)

    static func run(against server: FuzzServer, rounds: Int, slowConnections: Int) async throws -> Outcome {
        let fixtures = server.fixtures
        let endpoints: [(method: String, path: String, credential: String?)] = [
            ("POST", "/api/apps", server.adminToken),
            ("PATCH", "/api/apps/\(fixtures.appId)", server.adminToken),
            ("POST", "/api/links", fixtures.secretKey),
            ("PATCH", "/api/links/\(fixtures.linkId)", fixtures.secretKey),
            ("POST", "/api/sdk/v1/install", fixtures.publishableKey),
            ("POST", "/api/sdk/v1/events", fixtures.publishableKey),
            ("POST", "/api/s2s/v1/clicks", fixtures.secretKey),
            ("POST", "/v1/open", nil),
            ("POST", "/v1/url", nil),
            ("PUT", "/api/referrals/program", fixtures.secretKey),
        ]
        var outcome = Outcome()
        func round() async throws {
            for endpoint in endpoints {
                for (name, body) in [("oversized", oversized), ("deeply nested", deeplyNested), ("not UTF-8", invalidUTF8)] {
                    var headers = [("Content-Type", "application/json")]
                    if let credential = endpoint.credential { headers.append(("Authorization", "Bearer \(credential)")) }
                    let started = ContinuousClock.now
                    let status = try await FuzzHostileClient.exchange(
                        port: server.port, FuzzHostileClient.request(endpoint.method, endpoint.path, headers: headers, body: body)
                    )
                    outcome.requests += 1
                    if !(400..<500).contains(status ?? 0), outcome.unexpected.count < 20 {
                        let answer = status.map(String.init) ?? "no answer"
                        let waited = ContinuousClock.now - started
                        outcome.unexpected.append("\(endpoint.method) \(endpoint.path) \(name): \(answer) after \(waited)")
                    }
                }
            }
        }
        // The first round brings every code path and buffer pool to its working size.
        try await round()
        let before = try ProcessSampler.sample(pid: getpid()).residentBytes
        for _ in 1..<max(rounds, 2) { try await round() }
        let afterBodies = try ProcessSampler.sample(pid: getpid()).residentBytes
        outcome.residentGrowthBodies = Int64(afterBodies) - Int64(before)
        // A connection the server has not closed by four times its timeout is counted as left open.
        let limit = TimeAmount.seconds(server.idleTimeoutSeconds * 4 + 5)
        let leftOpen = Duration.seconds(server.idleTimeoutSeconds * 4 + 4)
        for wave in stride(from: 0, to: slowConnections, by: 100) {
            let durations = try await withThrowingTaskGroup(of: Duration.self) { group in
                for _ in wave..<min(wave + 100, slowConnections) {
                    group.addTask { try await FuzzHostileClient.trickle(port: server.port, giveUpAfter: limit) }
                }
                return try await group.reduce(into: [Duration]()) { $0.append($1) }
            }
            outcome.slowConnections += durations.count
            outcome.slowConnectionsLeftOpen += durations.filter { $0 >= leftOpen }.count
        }
        let after = try ProcessSampler.sample(pid: getpid()).residentBytes
        outcome.residentGrowthSlow = Int64(after) - Int64(afterBodies)
        return outcome
    }
}
