import ArgumentParser
import Foundation

/// `landfall-lab reliability crash`: `kill -9` a loaded server again and again, and check after every
/// restart that each install, event and link it acknowledged is stored exactly once.
struct Crash: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Kill -9 a loaded server, restart it, and check every acknowledged write is stored exactly once.",
        discussion: """
            Starts `landfall serve` (the landfall beside this binary, or LANDFALL_BINARY) on a fresh database, loads it from several clients
            with SDK installs, events (some with revenue) and link creations, kills it with SIGKILL at
            a random moment, restarts it on the same database and re-sends whatever was in flight. After
            each restart the database is read directly: every write that got a 2xx must be there once,
            with what was sent, and nothing else may be. At the end SQLite's integrity_check (or, on
            PostgreSQL, the row counts and foreign keys) must hold.

            Prints rows `crash<TAB>ENGINE<TAB>MEASURE<TAB>VALUE` on standard output (progress goes to
            standard error) and exits non-zero when anything was lost or duplicated.
            """
    )

    @Option(help: "Storage engine: sqlite, or postgres (a local PostgreSQL cluster of its own; needs its server binaries)")
    var engine = "sqlite"

    @Option(help: "Kill-and-restart cycles")
    var cycles = 200

    @Option(help: "Longest load before a kill, in seconds; each kill falls at a random moment inside it")
    var secondsPerCycle = 1.5

    @Option(help: "Concurrent load clients")
    var clients = 8

    @Option(help: "Seed of the kill moments and the request mix")
    var seed: UInt64 = 16

    @Option(help: "Keep the database, the server log and the log of acknowledged writes in this directory")
    var keep: String?

    func validate() throws {
        guard CrashEngine(rawValue: engine) != nil else { throw ValidationError("unknown engine '\(engine)'; use sqlite or postgres") }
        guard (1...100_000).contains(cycles) else { throw ValidationError("--cycles must be 1 to 100000") }
        guard secondsPerCycle >= 0.1, secondsPerCycle <= 600 else { throw ValidationError("--seconds-per-cycle must be 0.1 to 600") }
        guard (1...256).contains(clients) else { throw ValidationError("--clients must be 1 to 256") }
    }

    func run() async throws {
        let plan = CrashPlan(
            engine: CrashEngine(rawValue: engine) ?? .sqlite, cycles: cycles,
            loadPerCycle: .milliseconds(Int64(secondsPerCycle * 1000)), clients: clients, seed: seed
        )
        let report = try await CrashRun.execute(plan, keeping: keep.map { URL(fileURLWithPath: $0, isDirectory: true) })
        for row in report.rows { print(row) }
        guard report.passed else { throw ExitCode(1) }
    }
}
