import ArgumentParser
import Logging

/// `landfall-lab reliability disk-full`: fill the database under load, check writes are refused and
/// nothing else breaks, give the room back, check the server recovers by itself.
struct DiskFull: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "disk-full",
        abstract: "Fill the SQLite database under load (max_page_count), check 503s, reads, redirects, the click buffer and recovery.",
        discussion: """
            Runs the server's application in this process on a SQLite file and, each round, stops its
            writer from growing the file (PRAGMA max_page_count, as a full disk refuses a page), sends
            installs until five are refused, then reads and a burst of redirects past the click buffer
            (50 clicks here), gives the room back and sends the refused installs again. Fails unless
            every refusal was a 503, every acknowledged install is stored, every read and redirect was
            answered, the click buffer stayed within its capacity, the refused writes were stored when
            sent again, the server stopped cleanly and integrity_check holds.

            Prints rows `disk-full<TAB>sqlite<TAB>MEASURE<TAB>VALUE`.
            """
    )

    @Option(help: "Fill-and-recover rounds")
    var rounds = 20

    func validate() throws {
        guard (1...10_000).contains(rounds) else { throw ValidationError("--rounds must be 1 to 10000") }
    }

    func run() async throws {
        var logger = Logger(label: "landfall.reliability.disk-full")
        logger.logLevel = .critical
        let report = try await DiskFullRun(rounds: rounds, logger: logger).execute()
        for row in report.rows { print(row) }
        guard report.passed else { throw ExitCode(1) }
    }
}
