import Foundation
import Testing

/// The short form of the API fuzz that CI runs: `landfall reliability fuzz` with a few examples per
/// operation, schemathesis from the virtual environment `scripts/schemathesis-venv` makes (and
/// `scripts/test` runs first).
@Suite struct FuzzCommandTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let schemathesis = repositoryRoot.appendingPathComponent(".venv/schemathesis/bin/schemathesis")

    /// Runs the command with its output in files (a pipe nobody reads while it runs could fill up
    /// and stall it) and returns its exit status, standard output and standard error.
    static func fuzz(_ arguments: [String]) async throws -> (status: Int32, rows: [String: String], log: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-fuzz-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("stdout"), errors = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = Process()
        process.executableURL = try ServerProcess.binary()
        process.arguments = ["reliability", "fuzz", "--schemathesis", schemathesis.path] + arguments
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        var rows: [String: String] = [:]
        for line in try String(contentsOf: output, encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if fields.count == 4, fields[0] == "fuzz" { rows[fields[2]] = fields[3] }
        }
        return (status, rows, try String(contentsOf: errors, encoding: .utf8))
    }

    @Test func aShortSchemathesisRunOverEveryOperationFindsNoServerError() async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.schemathesis.path),
            "no schemathesis at \(Self.schemathesis.path): run scripts/schemathesis-venv (scripts/test does)"
        )
        let run = try await Self.fuzz(["--examples", "10", "--workers", "2", "--hostile-rounds", "2", "--slow-connections", "20"])
        #expect(run.status == 0, "landfall reliability fuzz exited \(run.status):\n\(run.log.suffix(4_000))")
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
