import Foundation
import LandfallBench
import Testing

/// The short form of the API fuzz that CI runs: `landfall-lab reliability fuzz` with a few examples per
/// operation, schemathesis from the virtual environment `scripts/schemathesis-venv` makes (and
/// `scripts/test` runs first).
@Suite struct FuzzCommandTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let schemathesis = repositoryRoot.appendingPathComponent(".venv/schemathesis/bin/schemathesis")

    /// Runs the command and returns its exit status, its rows and its whole output.
    static func fuzz(_ arguments: [String]) async throws -> (status: Int32, rows: [String: String], log: String) {
        let (exit, output) = try await ServerProcess.runUnchecked(
            ["reliability", "fuzz", "--schemathesis", schemathesis.path] + arguments, of: .lab, timeout: .seconds(900)
        )
        var rows: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if fields.count == 4, fields[0] == "fuzz" { rows[fields[2]] = fields[3] }
        }
        return (exit.shellStatus, rows, output)
    }

    @Test func aShortSchemathesisRunOverEveryOperationFindsNoServerError() async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.schemathesis.path),
            "no schemathesis at \(Self.schemathesis.path): run scripts/schemathesis-venv (scripts/test does)"
        )
        let run = try await Self.fuzz(["--examples", "10", "--workers", "2", "--hostile-rounds", "2", "--slow-connections", "20"])
        #expect(run.status == 0, "landfall-lab reliability fuzz exited \(run.status):\n\(run.log.suffix(4_000))")
        let operations = try #require(run.rows["operations"], "no operations row:\n\(run.log.suffix(2_000))")
        let counts = operations.split(separator: " ").compactMap { Int($0) }
        #expect(counts.count == 2 && counts[0] == counts[1] && counts[0] > 80, "every operation was fuzzed: \(operations)")
        #expect(Int(run.rows["requests"] ?? "") ?? 0 > 1_000)
        #expect(run.rows["server errors (5xx answers)"] == "0")
        #expect(run.rows["server errors (logged by the server)"] == "0")
        #expect(run.rows["failed checks (schemathesis)"] == "0")
        #expect(run.rows["hostile bodies answered outside 4xx"] == "0")
        #expect(run.rows["slowloris connections"] == "20")
        #expect(run.rows["slowloris connections not closed by the server"] == "0")
    }
}
