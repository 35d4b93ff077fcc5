import Foundation
import LandfallBench
import Testing

/// `landfall-lab reliability privacy`, the short form `scripts/reliability --short` runs, against the
/// built binary: its table, and its exit status.
@Suite struct PrivacyCommandTests {
    static let zeroRows = [
        "IPs past the window untruncated", "IPs inside the window truncated", "rows changed by a repeated sweep",
        "secrets found in info logs", "erased person rows remaining", "sweep transactions over 50 rows",
    ]

    /// Runs the command and returns its status, its rows and its whole output.
    static func privacy(_ arguments: [String]) async throws -> (status: Int32, rows: [String: Int], log: String) {
        let (exit, output) = try await ServerProcess.runUnchecked(["reliability", "privacy"] + arguments, of: .lab, timeout: .seconds(900))
        var rows: [String: Int] = [:]
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if fields.count == 4, fields[0] == "privacy", fields[1] == "sqlite" { rows[fields[2]] = Int(fields[3]) }
        }
        return (exit.shellStatus, rows, output)
    }

    @Test func theShortFormTruncatesWhatLeftTheWindowKeepsTheRestAndLeaksNothing() async throws {
        let run = try await Self.privacy(["--clicks", "300"])
        #expect(run.status == 0, "\(run.log)")
        #expect(run.rows["posted clicks over 6 days"] == 300)
        for measure in Self.zeroRows {
            #expect(run.rows[measure] == 0, "\(measure): \(run.rows[measure].map(String.init) ?? "missing")")
        }
        // The sweeps found work (clicks stated before the retention period were stored truncated
        // already), in transactions no larger than the batch size.
        #expect((run.rows["rows truncated"] ?? 0) >= 100)
        #expect(run.rows["largest sweep transaction (rows)"] == 50)
        #expect((run.rows["log records at info and above"] ?? 0) >= 10)
        #expect(run.log.contains("swept at +12 h") && run.log.contains("swept at +60 h"))
    }

    @Test func tooFewClicksAreRefusedBeforeAnythingStarts() async throws {
        let run = try await Self.privacy(["--clicks", "5"])
        #expect(run.status != 0)
        #expect(run.log.contains("--clicks must be 30 to 100000"))
        #expect(run.rows.isEmpty)
    }
}
