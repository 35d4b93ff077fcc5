import ArgumentParser
import Foundation
import Logging

/// `landfall-lab reliability power`: cut the power under a loaded SQLite server again and again, and
/// check after each restart that every acknowledged write survived, once.
struct Power: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Cut the power under a loaded SQLite server (a test VFS drops unsynced writes) and check every acknowledged write.",
        discussion: """
            Runs the server's application in this process on a SQLite database opened through the
            power-loss test VFS, which keeps a record of every write since each file's last fsync. The
            crash check's load (installs, events, links, one write in twenty racing a copy of itself)
            and clients following a link run until a random moment; then the power is cut: every write
            since the last sync is undone (every other cut tears the last write, keeping a prefix of its
            512-byte sectors) and every later read, write or sync fails. The application is stopped, the
            database reopened through SQLite's normal VFS and checked (integrity_check), the application
            started again, writes in flight re-sent, and the database compared with the acknowledgements.

            Prints rows `power<TAB>sqlite<TAB>MEASURE<TAB>VALUE` on standard output and exits non-zero
            when an acknowledged write was lost or duplicated, the database was damaged, or a click was
            lost from further back than the click writer's window.
            """
    )

    @Option(help: "Power cuts")
    var cuts = 200

    @Option(help: "Longest load before a cut, in seconds; each cut falls at a random moment inside it")
    var secondsPerCut = 1.0

    @Option(help: "Concurrent write clients")
    var clients = 8

    @Option(help: "Clients following a link meanwhile")
    var clickClients = 2

    @Option(help: "Seed of the cut moments, the torn writes and the request mix")
    var seed: UInt64 = 39

    @Option(help: "Keep the database and the log of acknowledged writes in this directory")
    var keep: String?

    func validate() throws {
        guard (1...100_000).contains(cuts) else { throw ValidationError("--cuts must be 1 to 100000") }
        guard secondsPerCut >= 0.05, secondsPerCut <= 600 else { throw ValidationError("--seconds-per-cut must be 0.05 to 600") }
        guard (1...256).contains(clients) else { throw ValidationError("--clients must be 1 to 256") }
        guard (0...64).contains(clickClients) else { throw ValidationError("--click-clients must be 0 to 64") }
    }

    func run() async throws {
        let plan = PowerPlan(
            cuts: cuts, moments: .time(.milliseconds(Int64(secondsPerCut * 1000))), clients: clients, clickClients: clickClients, seed: seed
        )
        // After a cut every write fails and the server says so at length; only what it says then matters
        // to the check, through the rows.
        var logger = Logger(label: "landfall.reliability.power")
        logger.logLevel = .critical
        let report = try await PowerRun.execute(plan, keeping: keep.map { URL(fileURLWithPath: $0, isDirectory: true) }, logger: logger)
        for row in report.rows { print(row) }
        guard report.passed else { throw ExitCode(1) }
    }
}
