import Foundation
import LandfallBench
import LandfallServer
import LandfallStore
import LandfallSynthetic
import NIOCore

/// The long-history point (issue 38): does a year of clicks behind the window move the redirect,
/// the install match or analytics, and does deleting it stall redirects?
///
/// One database: the window's clicks, then four phases on a fresh server each: without history;
/// with `plan.historyClicks` old clicks (eleven whole months before the previous one unless `--history-months` says, inside the
/// server's 400-day retention so its own sweeper leaves them), right after loading them and again
/// after the upkeep a year of arrivals would have had; and after a retention sweep has removed
/// them. The clicks a phase's redirect load writes are deleted when it ends, so every phase meets
/// the same window (the sweep's load alone writes about half a million). While wrk loads the
/// server with redirects for as long as it takes, the history is swept: on PostgreSQL from this
/// process (as another server would) with the retention age that makes every history month due,
/// on SQLite by the server's own sweeper.
extension EngineBenchmark {
    func runHistory() async throws -> Results {
        let seeding = BenchSeeding(location: try DatabaseLocation(parsing: databaseURL), logger: logger)
        let clock = ContinuousClock()
        progress("\(engine): long history: seeding \(plan.links.formatted()) links")
        let app = try await seeding.prepare(links: plan.links)
        let window = plan.historyWindowClicks
        progress("\(engine): long history: seeding \(window.formatted()) clicks in the window")
        try await seeding.addClicks(1..<(window + 1), app: app, links: plan.links, networks: plan.networks)
        _ = try await seeding.countDays(now: Date())

        var results = Results()
        var phases = [try await historyPhase("none", label: "no history", app: app, seeding: seeding, round: 1).rows]

        let now = Date()
        let started = clock.now
        progress("\(engine): long history: seeding \(plan.historyClicks.formatted()) old clicks over \(plan.historyMonths) months")
        try await seeding.addHistory(
            (window + 1)..<(window + plan.historyClicks + 1), months: plan.historyMonths, app: app, links: plan.links,
            networks: plan.networks, now: now)
        let seeded = clock.now - started
        progress("\(engine): long history: seeded in \(seeded)")
        // A deployment's sweeper counts each day once it is over; the seeded history marked its
        // days to count, so this pass is what upgrading a server with a year of clicks costs once.
        var counted = ClickDayTotalsPass()
        let counting = try await clock.measure { counted = try await seeding.countDays(now: now) }
        progress("\(engine): long history: counted \(counted.staleDaysRecounted) days of clicks in \(counting)")
        let historyLabel = "\(plan.historyClicks.formatted()) history"
        // Right after the load, then once the database has done the upkeep a year of arrivals
        // would have spread out: the difference is the load's aftermath, not the history's cost.
        phases.append(try await historyPhase("fresh", label: historyLabel + ", just loaded", app: app, seeding: seeding, round: 2).rows)
        let settled = try await clock.measure { try await seeding.settle() }
        progress("\(engine): long history: vacuumed and checkpointed in \(settled)")
        // SQLite has one writer per file: a sweep from this process would contend with the server's
        // through SQLite's busy handler, which a server never does, so there the server's own
        // sweeper folds the history (its first sweep comes a minute after start).
        let inServer = engine == "sqlite"
        let withHistory = try await historyPhase(
            "with", label: historyLabel + ", vacuumed", app: app, seeding: seeding, round: 3,
            arguments: inServer ? ["--click-retention-days", String(Self.inServerRetentionDays)] : []
        ) { server in
            inServer
                ? try await retentionInServer(server, seeding: seeding, app: app, now: now)
                : try await retentionUnderLoad(server, seeding: seeding, now: now)
        }
        phases.append(withHistory.rows)
        try await seeding.settle()
        phases.append(try await historyPhase("after", label: "after retention, vacuumed", app: app, seeding: seeding, round: 4).rows)

        // Each phase beside the first: the issue's "history moves nothing by more than 10 %".
        let baseline = phases[0]
        for phase in phases {
            for (index, row) in phase.enumerated() {
                var row = row
                for metric in ["p99", "match p99", "p50"] {
                    if let value = row[metric]?.value, let base = baseline[index][metric]?.value,
                        let ratio = MetricValue.ratio(value, to: base)
                    {
                        row.set("\(metric) × none", ratio)
                    }
                }
                results.rows.append(row)
            }
        }
        if let retention = withHistory.during { results.rows.append(retention) }
        results.rows.append(
            ResultRow(
                workload: historyWorkload("vacuum and checkpoint after loading"), target: "\(target), \(historyLabel)",
                metrics: [.init("seconds", MetricValue(settled.milliseconds / 1000, .seconds))]))
        results.rows.append(
            ResultRow(
                workload: historyWorkload("counting the history's days for the overview"), target: "\(target), \(historyLabel)",
                metrics: [
                    .init("seconds", MetricValue(counting.milliseconds / 1000, .seconds)),
                    .init("days", MetricValue(Double(counted.staleDaysRecounted), .count)),
                ]))
        results.rows.append(
            ResultRow(
                workload: historyWorkload("seeding"), target: "\(target), \(historyLabel)",
                metrics: [.init("seconds", MetricValue(seeded.milliseconds / 1000, .seconds))]))
        return results
    }

    private func historyWorkload(_ what: String) -> String {
        "long history (\(plan.historyWindowClicks.formatted()) clicks in window): \(what)"
    }

    /// Redirect, install match and analytics on a fresh server; `during` runs on the same server
    /// afterwards, before it stops.
    private func historyPhase(
        _ name: String, label: String, app: BenchSeeding.Seeded, seeding: BenchSeeding, round: Int, arguments: [String] = [],
        during: ((BenchServer) async throws -> ResultRow)? = nil
    ) async throws -> (rows: [ResultRow], during: ResultRow?) {
        let phaseStarted = Date()
        let server = try await BenchServer.start(
            database: databaseURL, adminToken: adminToken, directory: directory, name: "\(target)-history-\(name)", arguments: arguments)
        do {
            let rowTarget = "\(target), \(label)"
            progress("\(engine): long history, \(label): redirects")
            let before = try server.sample()
            let load = try await RedirectLoad.run(
                url: server.baseURL, paths: redirectPaths, plan: plan, directory: directory, name: "\(target)-history-\(name)-redirect")
            var redirect = RedirectLoad.row(
                workload: historyWorkload("redirect"), target: rowTarget, result: load, before: before, after: try server.sample())
            redirect.metrics.removeAll { ["RSS", "CPU/req"].contains($0.name) }
            var match = try await installs(server, app: app, clicks: plan.historyWindowClicks, round: round)
            match.workload = historyWorkload("install match")
            match.target = rowTarget
            var rows = [redirect, match]
            progress("\(engine): long history, \(label): analytics over 30 and 365 days")
            rows.append(try await analytics(.overview, server, app: app, days: 30, target: rowTarget))
            for read in AnalyticsRead.allCases {
                rows.append(try await analytics(read, server, app: app, days: 365, target: rowTarget))
            }
            // The same year with no day counted: every click read raw, as before migrations 0022
            // and 0023.
            progress("\(engine): long history, \(label): analytics over 365 days, every day raw")
            try await seeding.withDaysUncounted(appId: app.appId) {
                for read in AnalyticsRead.allCases {
                    rows.append(try await analytics(read, server, app: app, days: 365, target: rowTarget, raw: true))
                }
            }
            let extra = try await during?(server)
            try await server.stop()
            try await seeding.removeClicks(appId: app.appId, since: phaseStarted)
            return (rows, extra)
        } catch {
            try? await server.stop()
            throw error
        }
    }

    /// The analytics reads the long history is measured with: the app's overview, one link's
    /// (every link gets as many clicks), and the app's daily series grouped by platform.
    enum AnalyticsRead: CaseIterable {
        case overview
        case linkOverview
        case seriesByPlatform

        var label: String {
            switch self {
            case .overview: "analytics overview"
            case .linkOverview: "a link's analytics overview"
            case .seriesByPlatform: "daily series by platform"
            }
        }

        func path(from: String) -> String {
            switch self {
            case .overview: "/api/analytics/overview?from=\(from)"
            case .linkOverview: "/api/analytics/links/\(SyntheticData.linkId(1))?from=\(from)"
            case .seriesByPlatform: "/api/analytics/series?from=\(from)&interval=day&groupBy=platform"
            }
        }
    }

    /// `read` over the last `days`, one at a time after a few unmeasured.
    private func analytics(
        _ read: AnalyticsRead, _ server: BenchServer, app: BenchSeeding.Seeded, days: Int, target: String, raw: Bool = false
    ) async throws -> ResultRow {
        let from = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-Double(days) * 86_400))
        let url = server.baseURL + read.path(from: from)
        let clock = ContinuousClock()
        var times: [Double] = []
        for iteration in 0..<(plan.analyticsReads + 3) {
            let started = clock.now
            // A year of 50M raw clicks is read in tens of seconds: the figure, not a timeout.
            let (status, body) = try await BenchHTTP.get(url, bearer: app.secretKey, timeout: .minutes(10))
            guard status == 200 else { throw BenchFailure("GET \(read.path(from: from)) answered \(status): \(body.prefix(200))") }
            if iteration >= 3 { times.append((clock.now - started).milliseconds) }
        }
        let percentiles = Percentiles(times)
        return ResultRow(
            workload: historyWorkload("\(read.label), \(days) days" + (raw ? ", every day raw" : "")), target: target,
            metrics: [
                .init("p50", MetricValue(percentiles.p50 ?? .nan, .milliseconds)),
                .init("p99", MetricValue(percentiles.p99 ?? .nan, .milliseconds)),
                .init("max", MetricValue(percentiles.max ?? .nan, .milliseconds)),
            ])
    }

    /// Redirect load in runs of `plan.duration` from a second before the sweep starts until it has
    /// finished; the row has the worst run's p99 and max and the longest stall across all of them.
    private func retentionUnderLoad(_ server: BenchServer, seeding: BenchSeeding, now: Date) async throws -> ResultRow {
        progress("\(engine): long history: retention sweep under redirect load")
        let clock = ContinuousClock()
        let finished = LockedValue<ContinuousClock.Instant?>(nil)
        let sweepStarted = LockedValue<ContinuousClock.Instant?>(nil)
        let sweep = Task { () throws -> (sweep: ClickRetentionSweeper.Sweep?, failures: [String]) in
            try await Task.sleep(for: .seconds(1))
            sweepStarted.withLock { $0 = clock.now }
            defer { finished.withLock { $0 = clock.now } }
            return try await seeding.sweepHistory(now: now, attempts: 60)
        }
        var runs = RetentionRuns()
        var activity: PostgresActivityLog?
        if case .postgres(let location) = try DatabaseLocation(parsing: databaseURL) {
            (runs, activity) = try await PostgresActivityLog.record(location: location, since: runs.started, logger: logger) {
                try await self.loadUntilSwept(server, runs: runs, finished: finished)
            }
        } else {
            runs = try await loadUntilSwept(server, runs: runs, finished: finished)
        }
        let (loads, log) = (runs.loads, runs.log)
        if let activity { try report(activity, beside: log) }
        var (swept, failures) = try await sweep.value
        if let last = failures.last {
            progress("\(engine): long history: \(failures.count) sweeps gave up under load; the last: \(last.prefix(400))")
        }
        var completedUnderLoad = true
        if swept == nil {
            // Not one sweep completed under load: the history is removed without it, so the phase
            // after retention still measures an emptied table.
            completedUnderLoad = false
            progress("\(engine): long history: retention sweep without load")
            let idle = try await seeding.sweepHistory(now: now, attempts: 5)
            swept = idle.sweep
            if idle.sweep == nil { throw BenchFailure("retention did not complete even without load: \(idle.failures.last ?? "")") }
        }
        let deletion = (finished.withLock { $0 } ?? clock.now) - (sweepStarted.withLock { $0 } ?? clock.now)
        return retentionRow(
            loads: loads, log: log, deletion: deletion, completedUnderLoad: completedUnderLoad,
            sweep: [
                .init("deleted by the last sweep", MetricValue(Double(swept?.clicks ?? 0), .count)),
                .init("in dropped partitions", MetricValue(Double(swept?.clicksInDroppedPartitions ?? 0), .count)),
                .init("sweeps given up", MetricValue(Double(failures.count), .count)),
            ])
    }

    /// Runs of redirect load until the sweep has finished.
    private func loadUntilSwept(
        _ server: BenchServer, runs: RetentionRuns, finished: LockedValue<ContinuousClock.Instant?>
    ) async throws -> RetentionRuns {
        var runs = runs
        repeat {
            let number = runs.loads.count + 1
            try await runs.load { try await self.retentionRun(server, number: number) }
        } while finished.withLock({ $0 }) == nil
        return runs
    }

    /// Writes what PostgreSQL was doing through the sweep beside the run logs, and prints what
    /// it was doing around the longest stall.
    private func report(_ activity: PostgresActivityLog, beside log: ThroughputLog) throws {
        try activity.csv().write(
            to: runLogDirectory.appendingPathComponent("\(target)-history-retention-activity.csv"), atomically: true, encoding: .utf8)
        try log.samplesCSV().write(
            to: runLogDirectory.appendingPathComponent("\(target)-history-retention-answered.csv"), atomically: true, encoding: .utf8)
        let stall = log.longestStallSpan
        let lines =
            stall.length == .zero
            ? ["no stall: an answer in every 50 ms sample of every run"]
            : ["longest stall \(Int(stall.length.milliseconds)) ms from \(Int(stall.start.milliseconds)) ms; PostgreSQL around it:"]
                + activity.describe(stall)
        try lines.joined(separator: "\n").write(
            to: runLogDirectory.appendingPathComponent("\(target)-history-retention-stall.txt"), atomically: true, encoding: .utf8)
        progress("\(engine): long history: " + lines.prefix(60).joined(separator: "\n"))
    }

    /// Days of raw clicks the SQLite server keeps in its retention phase: past twice the default
    /// window and its margin, short of the history, which ends a month or more ago.
    static let inServerRetentionDays = 20

    /// Redirect load in runs of `plan.duration` until the server's own sweeper has folded every
    /// history click, checked after each run; the deletion is timed from the start of the load.
    private func retentionInServer(_ server: BenchServer, seeding: BenchSeeding, app: BenchSeeding.Seeded, now: Date) async throws
        -> ResultRow
    {
        progress("\(engine): long history: the server's retention sweep under redirect load")
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(1200)
        let history = try await seeding.historyRemaining(appId: app.appId, now: now)
        // The deletion is timed from the start of the first run during which the count fell.
        var deletionStarted: ContinuousClock.Instant?
        var remaining = history
        var runs = RetentionRuns()
        repeat {
            let runStarted = clock.now
            let number = runs.loads.count + 1
            try await runs.load { try await self.retentionRun(server, number: number) }
            remaining = try await seeding.historyRemaining(appId: app.appId, now: now)
            if remaining < history, deletionStarted == nil { deletionStarted = runStarted }
        } while remaining > 0 && clock.now < deadline
        let (loads, log) = (runs.loads, runs.log)
        if remaining > 0 { throw BenchFailure("the server's retention left \(remaining) history clicks after 20 minutes") }
        return retentionRow(loads: loads, log: log, deletion: clock.now - (deletionStarted ?? clock.now), completedUnderLoad: true)
    }

    /// One run of redirect load while retention deletes, with the server's answers sampled during it.
    private func retentionRun(_ server: BenchServer, number: Int) async throws -> (WrkResult, ThroughputLog) {
        try await ThroughputLog.record(counter: { try await server.answeredRedirects() }) {
            try await RedirectLoad.run(
                url: server.baseURL, paths: redirectPaths, plan: plan, directory: directory, name: "\(target)-history-retention-\(number)")
        }
    }

    /// The runs of load during retention and their throughput, sampled run by run: between runs
    /// the lab counts what is left and wrk reads its paths, and no load runs, so those pauses are
    /// no stall of the server's.
    struct RetentionRuns {
        /// The throughput log's time zero.
        let started = ContinuousClock.now
        private(set) var loads: [WrkResult] = []
        private var logs: [(offset: Duration, log: ThroughputLog)] = []

        mutating func load(_ run: () async throws -> (WrkResult, ThroughputLog)) async throws {
            let offset = ContinuousClock.now - started
            let (load, log) = try await run()
            loads.append(load)
            logs.append((offset, log))
        }

        var log: ThroughputLog { ThroughputLog.joining(logs) }
    }

    /// The retention row: redirects over every run of the load, what the sweep reports, the stalls.
    private func retentionRow(
        loads: [WrkResult], log: ThroughputLog, deletion: Duration, completedUnderLoad: Bool, sweep: [ResultRow.Metric] = []
    ) -> ResultRow {
        let requests = loads.reduce(0) { $0 + $1.requests }
        let seconds = loads.reduce(0.0) { $0 + $1.durationSeconds }
        var row = ResultRow(
            workload: historyWorkload("redirect while retention deletes the history"), target: target,
            metrics: [
                .init("req/s", MetricValue(Double(requests) / max(seconds, 0.001), .requestsPerSecond)),
                .init("p50", MetricValue(loads.map(\.latency.p50).sorted()[loads.count / 2] / 1000, .milliseconds)),
                .init("p99", MetricValue(loads.map(\.latency.p99).max()! / 1000, .milliseconds)),
                .init("max", MetricValue(loads.map(\.latency.max).max()! / 1000, .milliseconds)),
                .init("errors", MetricValue(Double(loads.reduce(0) { $0 + $1.non2xx3xx + $1.errors.socket }), .count)),
            ] + sweep + [
                .init("completed under load", MetricValue(completedUnderLoad ? 1 : 0, .count)),
                .init("deletion", MetricValue(deletion.milliseconds / 1000, .seconds)),
            ])
        RedirectLoad.addStallFigures(to: &row, log: log)
        return row
    }
}
