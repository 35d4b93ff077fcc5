import ArgumentParser
import Foundation

/// `landfall-lab reliability database-restart`: PostgreSQL killed or restarted under two loaded
/// servers, again and again; the servers must answer 503 meanwhile, come back by themselves, and
/// lose or duplicate no acknowledged write.
struct DatabaseRestart: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "database-restart",
        abstract:
            "Kill -9 or restart PostgreSQL under two loaded servers; check 503s, reconnection, redirects, clicks and every acknowledged write.",
        discussion: """
            Starts a durable PostgreSQL cluster of its own and two `landfall serve` processes on it (the
            landfall beside this binary, or LANDFALL_BINARY), and loads both with the crash check's writes
            and a client per server following one link. At a random moment of each cycle PostgreSQL goes
            away: `kill` sends SIGKILL to the postmaster and starts it again after a random moment (crash
            recovery), `restart` runs `pg_ctl restart -m fast`; `both` takes turns. The servers are never
            restarted. After each cycle the writes answered 503 or left without an answer are sent again
            and the database is compared with every acknowledgement. At the end the redirects' clicks are
            counted against the answered redirects, and optionally the database is stopped for a long
            outage to see how long cached redirects go on.

            Prints rows `database-restart<TAB>TARGET<TAB>MEASURE<TAB>VALUE` and exits non-zero on a lost or
            duplicated write, a 500, a hang, a 503 without Retry-After or its JSON error, a server that did
            not reconnect, or a click lost without being counted.
            """
    )

    @Option(help: "Cycles of each mode")
    var cycles = 50

    @Option(help: "kill, restart, or both (taking turns)")
    var mode = "both"

    @Option(help: "Longest load before a fault, in seconds; each fault falls at a random moment inside it")
    var secondsPerCycle = 1.5

    @Option(help: "Kill mode: longest time PostgreSQL stays down before it is started again, in seconds")
    var longestOutage = 8.0

    @Option(help: "After the cycles, stop PostgreSQL this many seconds with the load off to time cached redirects (0: skip)")
    var longOutage = 0.0

    @Option(help: "Load clients per server (two servers)")
    var clients = 4

    @Option(help: "Seed of the fault moments and the request mix")
    var seed: UInt64 = 39

    @Option(help: "Keep the cluster, the server logs and the log of acknowledged writes in this directory")
    var keep: String?

    func validate() throws {
        guard ["kill", "restart", "both"].contains(mode) else { throw ValidationError("--mode must be kill, restart or both") }
        guard (1...10_000).contains(cycles) else { throw ValidationError("--cycles must be 1 to 10000") }
        guard secondsPerCycle >= 0.1, secondsPerCycle <= 600 else { throw ValidationError("--seconds-per-cycle must be 0.1 to 600") }
        guard longestOutage >= 0, longestOutage <= 600 else { throw ValidationError("--longest-outage must be 0 to 600") }
        guard longOutage >= 0, longOutage <= 3_600 else { throw ValidationError("--long-outage must be 0 to 3600") }
        guard (1...128).contains(clients) else { throw ValidationError("--clients must be 1 to 128") }
    }

    func run() async throws {
        let plan = DatabaseRestartPlan(
            modes: mode == "both" ? DatabaseRestartMode.allCases : [DatabaseRestartMode(rawValue: mode) ?? .kill], cycles: cycles,
            loadBeforeFault: .milliseconds(Int64(secondsPerCycle * 1000)), longestOutage: .milliseconds(Int64(longestOutage * 1000)),
            clientsPerServer: clients, seed: seed, longOutage: longOutage > 0 ? .milliseconds(Int64(longOutage * 1000)) : nil
        )
        let directory =
            keep.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("landfall-database-restart-\(getpid())", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { if keep == nil { try? FileManager.default.removeItem(at: directory) } }
        let report = try await DatabaseRestartRun(plan: plan, directory: directory).execute(keeping: keep != nil)
        for row in report.rows { print(row) }
        guard report.passed else { throw ExitCode(1) }
    }
}
