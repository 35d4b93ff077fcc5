import ArgumentParser
import Foundation
import LandfallBench
import LandfallLocalPostgres
import Logging

struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Benchmark Landfall against nginx and a bare Hummingbird server (run it through scripts/bench).",
        discussion: """
            Needs wrk, nginx and PostgreSQL's server binaries (scripts/bench installs them), and the
            landfall and landfall-reference executables next to this one (landfall may be named by
            LANDFALL_BINARY instead). Everything runs on 127.0.0.1 and is stopped
            at the end; results go to the terminal and to results.json/.csv/.md in --output.
            """
    )

    @Flag(help: "A smaller run (≤ 3 minutes): fewer links and clicks, shorter measurements")
    var quick = false

    @Option(help: "Storage engines to measure, comma-separated: sqlite,postgres")
    var engines = "sqlite,postgres"

    @Option(
        help:
            "Rounds of every measurement; the table shows their medians, and Landfall's redirect ratios are the medians of ratios to the references measured in the same round (default: 3, --quick: 1)"
    )
    var rounds: Int?

    @Option(help: "Directory for results.json, results.csv and results.md")
    var output = "bench-results"

    @Option(
        help:
            "Workloads to measure, comma-separated: installs,redirect,events,history (startup is measured with redirect; history, the long-history point, only when named)"
    )
    var workloads = "installs,redirect,events"

    @Option(
        help:
            "Old clicks behind the window at the long-history point (the history workload; default: 50,000,000, --quick: 1,000,000)"
    )
    var historyClicks: Int?

    @Option(
        help:
            "Whole months the history spreads over (the history workload; default: 11): fewer make each month's fold larger for the same clicks"
    )
    var historyMonths: Int?

    @Option(
        help:
            "Landfall servers sharing the database in the redirect workload, loaded at once with the connections split between them; the row is their aggregate"
    )
    var servers = 1

    func validate() throws {
        if let rounds, rounds < 1 {
            throw ValidationError("--rounds must be at least 1")
        }
        for engine in engineList where !["sqlite", "postgres"].contains(engine) {
            throw ValidationError("unknown engine '\(engine)'; use sqlite and/or postgres")
        }
        for workload in workloadSet where !BenchWorkload.allNames.contains(workload.rawValue) {
            throw ValidationError("unknown workload '\(workload.rawValue)'; use installs, redirect, events and/or history")
        }
        if let historyClicks {
            guard workloadSet.contains(.history) else {
                throw ValidationError("--history-clicks sizes the history workload; add history to --workloads")
            }
            guard historyClicks >= 1, historyClicks <= 1_000_000_000 else {
                throw ValidationError("--history-clicks must be between 1 and 1,000,000,000")
            }
        }
        if let historyMonths {
            guard workloadSet.contains(.history) else {
                throw ValidationError("--history-months spreads the history workload; add history to --workloads")
            }
            guard historyMonths >= 1, historyMonths <= 11 else {
                throw ValidationError("--history-months must be between 1 and 11 (the history lies inside the 400-day retention)")
            }
        }
        if servers < 1 || servers > 8 {
            throw ValidationError("--servers must be between 1 and 8")
        }
    }

    var workloadSet: Set<BenchWorkload> {
        Set(workloads.split(separator: ",").map { BenchWorkload(rawValue: $0.trimmingCharacters(in: .whitespaces).lowercased()) })
    }

    private var engineList: [String] {
        engines.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }

    func run() async throws {
        var logger = Logger(label: "landfall.bench")
        logger.logLevel = .warning
        var plan = quick ? BenchPlan.quick : BenchPlan.full
        if let rounds { plan.rounds = rounds }
        if let historyClicks { plan.historyClicks = historyClicks }
        if let historyMonths { plan.historyMonths = historyMonths }
        let clock = ContinuousClock()
        let began = clock.now
        let progress: @Sendable (String) -> Void = { message in
            let elapsed = Int((clock.now - began).milliseconds / 1000)
            FileHandle.standardError.write(Data("[\(elapsed / 60)m\(String(format: "%02d", elapsed % 60))s] \(message)\n".utf8))
        }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-bench-\(getpid())", isDirectory: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }

        progress("preparing \(plan.redirectPaths.formatted()) Zipf paths over \(plan.links.formatted()) links")
        let files = try BenchRequests.redirectPaths(links: plan.links, count: plan.redirectPaths, seed: 42, directory: work)
        let outputDirectory = URL(fileURLWithPath: output, isDirectory: true)
        try FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)

        let references = try await References.start(codes: files.codes, directory: work, progress: progress)
        var landfallRows: [ResultRow] = []
        var nginxRounds: [ResultRow] = []
        var hummingbirdRounds: [ResultRow] = []
        var problems: [String] = []
        do {
            for engine in engineList {
                // The long-history point has a database of its own: the other workloads' clicks
                // would be in its window.
                var passes: [(workloads: Set<BenchWorkload>, history: Bool)] = []
                let classic = workloadSet.subtracting([.history])
                if !classic.isEmpty { passes.append((classic, false)) }
                if workloadSet.contains(.history) { passes.append(([.history], true)) }
                for pass in passes {
                    let results = try await withDatabase(engine, directory: work) { url, databasePid in
                        let benchmark = EngineBenchmark(
                            engine: engine, databaseURL: url, plan: plan, directory: work, redirectPaths: files.paths,
                            runLogDirectory: outputDirectory,
                            references: references, logger: logger, progress: progress,
                            workloads: pass.workloads, servers: servers, databasePid: databasePid
                        )
                        return try await pass.history ? benchmark.runHistory() : benchmark.run()
                    }
                    landfallRows += results.rows
                    nginxRounds += results.nginxRounds
                    hummingbirdRounds += results.hummingbirdRounds
                    problems += results.problems
                }
            }
        } catch {
            await references.stop()
            throw error
        }
        await references.stop()

        var table = ResultTable()
        table.append(RoundSummary.summarise(nginxRounds, rules: RedirectLoad.roundRules))
        table.append(RoundSummary.summarise(hummingbirdRounds, rules: RedirectLoad.roundRules))
        for row in landfallRows { table.append(row) }
        table.addRatio(References.hummingbirdRatio, of: "req/s", toTarget: References.hummingbird)
        table.addRatio(References.nginxRatio, of: "req/s", toTarget: References.nginx)

        let system = SystemInfo.current()
        let heading =
            "landfall-lab bench\(quick ? " --quick" : "")\(workloadSet.contains(.history) ? " --history-clicks \(plan.historyClicks) --history-months \(plan.historyMonths)" : "") · \(plan.rounds) round\(plan.rounds == 1 ? "" : "s") · \(system.summary) · \(Int((clock.now - began).milliseconds / 1000)) s"
        print(heading)
        print(table.renderText())
        try Data(try table.renderJSON().utf8).write(to: outputDirectory.appendingPathComponent("results.json"))
        try Data(table.renderCSV().utf8).write(to: outputDirectory.appendingPathComponent("results.csv"))
        try Data("\(heading)\n\n\(table.renderMarkdown())".utf8).write(to: outputDirectory.appendingPathComponent("results.md"))
        print("Results written to \(outputDirectory.path)/results.{json,csv,md}")
        try keepServerLogs(from: work, in: outputDirectory)
        if !problems.isEmpty {
            throw BenchFailure("the figures above are complete, but: " + problems.joined(separator: "; "))
        }
    }

    /// The servers log at warning level: anything they wrote (a slow batch, a slow read) explains a
    /// figure in the table, so it is kept beside it instead of going with the work directory.
    private func keepServerLogs(from work: URL, in outputDirectory: URL) throws {
        let files = try FileManager.default.contentsOfDirectory(at: work, includingPropertiesForKeys: [.fileSizeKey])
        // `landfall-<engine>-<clicks>[-r<round>].log`, `landfall-<engine>-events.log` and `landfall-<engine>-history-<phase>.log`; wrk's logs are named like them but longer.
        let serverLog = /landfall-(sqlite|postgres)-([0-9]+(-r[0-9]+)?|events|history-[a-z]+)\.log/
        for file in files where file.lastPathComponent.wholeMatch(of: serverLog) != nil {
            guard let size = try file.resourceValues(forKeys: [.fileSizeKey]).fileSize, size > 0 else { continue }
            let kept = outputDirectory.appendingPathComponent("server-\(file.lastPathComponent)")
            try? FileManager.default.removeItem(at: kept)
            try FileManager.default.copyItem(at: file, to: kept)
            print("Server log kept: \(kept.path)")
        }
    }

    /// Runs `body` with a fresh database of `engine`: a SQLite file, or a durable PostgreSQL cluster
    /// of its own that is stopped afterwards, with its postmaster's pid (whose children are the
    /// backends, sampled for the database's CPU per request).
    private func withDatabase<Result: Sendable>(
        _ engine: String, directory: URL, _ body: (String, pid_t?) async throws -> Result
    ) async throws -> Result {
        if engine == "sqlite" {
            return try await body("sqlite:\(directory.appendingPathComponent("bench.sqlite").path)", nil)
        }
        var settings = LocalPostgresSettings.durable
        settings.parentDirectory = directory
        // What a server taking bulk loads is given: index builds sort in memory, and a load does
        // not force a checkpoint every gigabyte. Commits stay durable.
        settings.additional["maintenance_work_mem"] = "512MB"
        settings.additional["max_wal_size"] = "8GB"
        let cluster = try await LocalPostgres.start(settings)
        do {
            try await cluster.createDatabase("landfall_bench")
            let pidFile = try String(contentsOf: cluster.dataDirectory.appendingPathComponent("postmaster.pid"), encoding: .utf8)
            let postmaster = pidFile.split(separator: "\n").first.flatMap { pid_t($0.trimmingCharacters(in: .whitespaces)) }
            let result = try await body(cluster.url(database: "landfall_bench") + "?sslmode=disable", postmaster)
            try await cluster.stop()
            return result
        } catch {
            try? await cluster.stop()
            throw error
        }
    }
}
