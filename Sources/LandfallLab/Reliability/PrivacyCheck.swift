import ArgumentParser
import Foundation

/// `landfall-lab reliability privacy`: client addresses truncated past the retention period and kept
/// whole inside it, no secrets in the info log, nothing left of an erased person.
struct PrivacyCheck: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "privacy",
        abstract: "Check IP retention, the info log and erasure against a server with a clock of its own.",
        discussion: """
            Starts a Landfall server on a fresh SQLite database in a temporary directory, with an app
            whose attribution window is 24 hours (addresses are kept 2 × 24 h + 1 h). Over HTTP it posts
            clicks with stated times over the six days before now (IPv4, IPv6 and IPv4-mapped
            addresses), visits the link and reports installs from addresses of their own, and seeds a
            person (an install credited to a visit, events, a share link) whom it erases by install id
            and by external user id. It then sweeps with the server's clock 12 hours later and 60
            hours later and compares every stored address with what was sent, sweeps once more,
            scans every log record at info and above for the addresses, keys, tokens and ids it used,
            and counts the rows of any table that still name the erased person.

            Prints rows `privacy<TAB>sqlite<TAB>MEASURE<TAB>VALUE` on standard output (progress and
            findings go to standard error) and exits non-zero when a row that must be 0 is not.
            """
    )

    @Option(help: "Clicks to post with stated times (the short form uses 300)")
    var clicks = 3000

    func validate() throws {
        guard (30...100_000).contains(clicks) else { throw ValidationError("--clicks must be 30 to 100000") }
    }

    func run() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "landfall-privacy-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let rows = try await PrivacyRun(clicks: clicks, directory: directory) { line in
            FileHandle.standardError.write(Data("privacy: \(line)\n".utf8))
        }.run()
        for row in rows { print("privacy\tsqlite\t\(row.measure)\t\(row.value)") }
        guard rows.allSatisfy({ !$0.mustBeZero || $0.value == 0 }) else { throw ExitCode(1) }
    }
}
