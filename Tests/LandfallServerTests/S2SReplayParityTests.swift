import Foundation
import LandfallBench
import Testing

/// Issue 17's "done when": one seeded population replayed by `landfall simulate --target` through
/// the S2S endpoints with its own times (clicks from the last three days in batches, then each
/// install) against a live `landfall serve` on port 0, compared install by install with the engine
/// run directly on the same population.
///
/// Both read the same evidence through the same `EvidenceBuilder`, score with the same engine and
/// consume a credited click; the one thing that differs is the population statistics the engine
/// weighs an agreement against. The server counts clicks per UTC day and reads whole days, from the
/// day the install's window starts; the simulator counts exactly the clicks inside the window. When
/// the window covers the whole timeline both counts are every click so far, and the answers must
/// be identical. When it does not, the server counts the clicks of the window's first day before
/// the window's start too: a value's rarity shifts by a little, which moves a confidence by a point
/// or so and flips the decisions that sit at the threshold (measured: 4 to 7 of about 550 installs
/// with a 24-hour window over three days, in both directions, each credit at 80-85).
@Suite("S2S replay against the engine")
struct S2SReplayParityTests {
    static let adminToken = "lf_admin_S2SReplay0123456789abcdefghijklmn"

    struct Output: Decodable { var s2s: Report }

    struct Report: Decodable {
        struct Matcher: Decodable { var all: Metrics }
        struct Metrics: Decodable, Equatable {
            var installs: Int
            var clickedInstalls: Int
            var attributed: Int
            var correct: Int
        }

        var clicksSent: Int
        var clickBatches: Int
        var clicksRefused: Int
        var installsSent: Int
        var errors: Int
        var sameClick: Int
        var samePerson: Int
        var windowHoursSent: Int
        var appWindowHours: Int
        var differences: [String]
        var live: Matcher
        var direct: Matcher
    }

    /// Replays 1,000 clicks a day for three days through a fresh server and returns the report.
    static func replay(seed: Int, windowHours: Int) async throws -> Report {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-s2s-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = "sqlite:\(directory.appendingPathComponent("landfall.sqlite").path)"
        try await ServerProcess.run(["migrate", "--database", database])
        // The engine run directly keeps the defaults, so the server must too.
        let server = try await ServerProcess.start(["--database", database, "--admin-token", adminToken, "--no-attribution-learning"])
        let output: String
        do {
            output = try await ServerProcess.run([
                "simulate", "--target", server.baseURL, "--admin-token", adminToken, "--replay", "s2s", "--http-only", "--json",
                "--seed", "\(seed)", "--http-density", "1000", "--http-days", "3", "--window-hours", "\(windowHours)",
            ])
        } catch {
            await server.stop()
            throw error
        }
        #expect(await server.stop() == .exited(0))
        // Standard error is in the output too: the document is from its first brace to its last.
        guard let start = output.firstIndex(of: "{"), let end = output.lastIndex(of: "}") else {
            throw ServerProcessError("simulate printed no JSON: \(output)")
        }
        return try JSONDecoder().decode(Output.self, from: Data(output[start...end].utf8)).s2s
    }

    @Test("a window covering the whole timeline: the server credits the engine's very click for every install")
    func identicalWhenTheWindowCoversTheTimeline() async throws {
        let report = try await Self.replay(seed: 7, windowHours: 96)
        #expect(report.errors == 0 && report.clicksRefused == 0)
        #expect(report.clicksSent > 2000 && report.clickBatches > 100)
        #expect(report.installsSent > 400)
        #expect(report.windowHoursSent == 96 && report.appWindowHours >= 72 + 96)
        #expect(report.sameClick == report.installsSent, "\(report.differences)")
        #expect(report.live.all == report.direct.all)
        #expect(report.live.all.correct > report.live.all.clickedInstalls / 2)
    }

    @Test("a 24-hour window over three days: the same click for all but 2 % of installs, the differences at the threshold")
    func withinTwoPercentWhenDailyCountsDiffer() async throws {
        let report = try await Self.replay(seed: 7, windowHours: 24)
        #expect(report.errors == 0 && report.clicksRefused == 0)
        #expect(report.installsSent > 400)
        let allowed = report.installsSent / 50
        #expect(report.installsSent - report.sameClick <= allowed, "\(report.differences)")
        #expect(abs(report.live.all.attributed - report.direct.all.attributed) <= allowed)
        #expect(abs(report.live.all.correct - report.direct.all.correct) <= allowed)
        // Where the server credited a click the engine did not, it was barely sure.
        for difference in report.differences {
            guard let range = difference.range(of: "server credited click \\d+ at ", options: .regularExpression) else { continue }
            let confidence = Int(difference[range.upperBound...].prefix { $0.isNumber }) ?? 100
            #expect(confidence < 90, "\(difference)")
        }
    }
}
