import Foundation
import LandfallBench
import LandfallStore
import Logging

/// Every Landfall workload on one storage engine, from an empty database to 10M clicks.
struct EngineBenchmark: Sendable {
    let engine: String
    /// `sqlite:PATH` or `postgres://…` as `landfall serve --database` takes it.
    let databaseURL: String
    let plan: BenchPlan
    let directory: URL
    let redirectPaths: URL
    /// Where the per-second throughput of each redirect run is written.
    let runLogDirectory: URL
    /// Measured beside each round of Landfall's redirect.
    let references: References
    let logger: Logger
    let progress: @Sendable (String) -> Void
    let workloads: Set<BenchWorkload>
    /// Landfall servers sharing the database in the redirect workload.
    let servers: Int
    /// PostgreSQL's postmaster: it and its backends are sampled for the database's CPU per redirect.
    let databasePid: pid_t?

    var target: String { "landfall-\(engine)" }
    let adminToken = "bench-admin-token-0123456789"

    /// Landfall's rows, each the median of its rounds, and every round of the references measured
    /// beside its redirect.
    struct Results: Sendable {
        var rows: [ResultRow] = []
        var nginxRounds: [ResultRow] = []
        var hummingbirdRounds: [ResultRow] = []
        /// What went wrong after its figures were taken (a server that did not stop cleanly): reported
        /// beside the table, which stays valid, instead of discarding the whole run.
        var problems: [String] = []
    }

    func run() async throws -> Results {
        let seeding = BenchSeeding(location: try DatabaseLocation(parsing: databaseURL), logger: logger)
        let clock = ContinuousClock()
        var started = clock.now
        progress("\(engine): seeding \(plan.links.formatted()) links")
        let app = try await seeding.prepare(links: plan.links)
        var results = Results()
        var seededClicks = 0
        var lastServer: BenchServer?
        // A stage is seeded only for what is measured there; the events need none of their own.
        let stages = plan.stages.filter {
            ($0.measuresInstalls && workloads.contains(.installs)) || ($0.measuresRedirects && workloads.contains(.redirect))
        }
        for stage in stages {
            started = clock.now
            progress("\(engine): seeding clicks up to \(stage.clicks.formatted())")
            try await seeding.addClicks((seededClicks + 1)..<(stage.clicks + 1), app: app, links: plan.links, networks: plan.networks)
            seededClicks = stage.clicks
            progress("\(engine): seeded in \(clock.now - started)")

            let server = try await BenchServer.start(
                database: databaseURL, adminToken: adminToken, directory: directory, name: "\(target)-\(stage.clicks)")
            let measuresRedirects = stage.measuresRedirects && workloads.contains(.redirect)
            if measuresRedirects {
                results.rows.append(try startupRow(server, clicks: stage.clicks))
            }
            if stage.measuresInstalls && workloads.contains(.installs) {
                results.rows.append(try await installRounds(server, app: app, clicks: stage.clicks, problems: &results.problems))
                if case .postgres(let location) = try DatabaseLocation(parsing: databaseURL) {
                    results.rows += try await roundTrips(location, clicks: stage.clicks)
                }
            }
            if measuresRedirects {
                // The redirect workload ends with a graceful shutdown, to count the stored clicks.
                try await redirects(server, seeding: seeding, clicks: stage.clicks, into: &results)
                lastServer = nil
                continue
            }
            if stage.clicks == stages.last?.clicks && workloads.contains(.events) {
                lastServer = server
            } else {
                try await server.stop()
            }
        }
        guard workloads.contains(.events) else { return results }
        let server: BenchServer
        if let lastServer {
            server = lastServer
        } else {
            server = try await BenchServer.start(
                database: databaseURL, adminToken: adminToken, directory: directory, name: "\(target)-events")
        }
        results.rows.append(contentsOf: try await events(server, seeding: seeding))
        do {
            try await server.stop()
        } catch {
            results.problems.append("\(target) after the event workload: \(error)")
        }
        return results
    }

    /// The floor under a PostgreSQL match, in as many rounds as the match and right after it, at
    /// every point: growth of the match beside growth of the floor tells the match's from the machine's.
    private func roundTrips(_ location: PostgresLocation, clicks: Int) async throws -> [ResultRow] {
        var rounds: [String: [ResultRow]] = [:]
        for round in 1...plan.rounds {
            progress("\(engine): statement round trips from the bench process, round \(round) of \(plan.rounds)")
            for row in try await PostgresRoundTrip.measureRound(location: location, clicks: clicks, count: plan.roundTrips, logger: logger)
            {
                rounds[row.target, default: []].append(row)
            }
        }
        return [PostgresRoundTrip.constantTarget, PostgresRoundTrip.rowsTarget].compactMap { target in
            rounds[target].map { RoundSummary.summarise($0, rules: ["max": .maximum]) }
        }
    }

    private func startupRow(_ server: BenchServer, clicks: Int) throws -> ResultRow {
        let sample = try server.sample()
        return ResultRow(
            workload: "startup (\(plan.links.formatted()) links, \(clicks.formatted()) clicks)", target: target,
            metrics: [
                .init("startup", MetricValue(server.startup.milliseconds, .milliseconds)),
                .init("RSS", MetricValue(Double(sample.residentBytes) / 1_048_576, .megabytes)),
            ])
    }

    /// Each round loads nginx, bare Hummingbird and then Landfall, so every ratio compares runs a few
    /// seconds apart; the row has the median of the rounds and their worst stall. With several
    /// servers on the database, wrk's connections are split between them and loaded at once, and
    /// the row is their aggregate: the requests summed, CPU per request over all of their processes.
    private func redirects(_ first: BenchServer, seeding: BenchSeeding, clicks: Int, into results: inout Results) async throws {
        var started = [first]
        do {
            for index in started.count..<self.servers {
                started.append(
                    try await BenchServer.start(
                        database: databaseURL, adminToken: adminToken, directory: directory, name: "\(target)-\(clicks)-s\(index + 1)"))
            }
        } catch {
            for server in started { try? await server.stop() }
            throw error
        }
        let servers = started
        let rowTarget = self.servers == 1 ? target : "\(target) ×\(self.servers)"
        let share = {
            var share = plan
            share.connections = plan.connections / self.servers
            share.threads = max(1, plan.threads / self.servers)
            return share
        }()
        var rounds: [ResultRow] = []
        for round in 1...plan.rounds {
            progress("\(engine): redirect round \(round) of \(plan.rounds) (nginx, bare Hummingbird, Landfall ×\(self.servers))")
            let references = try await references.measureRound(
                paths: redirectPaths, plan: plan, directory: directory, label: "\(engine)-r\(round)")
            results.nginxRounds.append(references.nginx)
            results.hummingbirdRounds.append(references.hummingbird)
            let before = try servers.map { try $0.sample() }
            let databaseBefore = try databaseSample()
            let (loads, log) = try await ThroughputLog.record(counter: {
                var answered = 0.0
                for server in servers { answered += try await server.answeredRedirects() }
                return answered
            }) {
                try await withThrowingTaskGroup(of: (Int, WrkResult).self) { group in
                    for (index, server) in servers.enumerated() {
                        group.addTask {
                            let name = "\(target)-redirect-r\(round)\(index == 0 ? "" : "-s\(index + 1)")"
                            return (
                                index,
                                try await RedirectLoad.run(
                                    url: server.baseURL, paths: redirectPaths, plan: share, directory: directory, name: name)
                            )
                        }
                    }
                    var loads: [(Int, WrkResult)] = []
                    for try await load in group { loads.append(load) }
                    return loads.sorted { $0.0 < $1.0 }.map(\.1)
                }
            }
            let after = try servers.map { try $0.sample() }
            let databaseAfter = try databaseSample()
            try Data(log.csv().utf8).write(to: runLogDirectory.appendingPathComponent("throughput-\(target)-redirect-r\(round).csv"))
            try Data(log.samplesCSV().utf8).write(to: runLogDirectory.appendingPathComponent("samples-\(target)-redirect-r\(round).csv"))
            var row = RedirectLoad.row(
                workload: RedirectLoad.workload(links: plan.links), target: rowTarget, result: loads[0], before: before[0], after: after[0])
            let requests = loads.reduce(0) { $0 + $1.requests }
            let requestsPerSecond = loads.reduce(0.0) { $0 + $1.requestsPerSecond }
            if loads.count > 1 {
                let cpu = zip(after, before).reduce(0.0) { $0 + $1.0.cpuSeconds(since: $1.1) }
                row.set("req/s", MetricValue(requestsPerSecond, .requestsPerSecond))
                row.set("p99", MetricValue(loads.map(\.latency.p99).max()! / 1000, .milliseconds))
                row.set("max", MetricValue(loads.map(\.latency.max).max()! / 1000, .milliseconds))
                row.set("CPU/req", MetricValue(cpu * 1e6 / Double(max(1, requests)), .microseconds))
                row.set("RSS", MetricValue(Double(after.reduce(0) { $0 + $1.residentBytes }) / 1_048_576, .megabytes))
                row.set("errors", MetricValue(Double(loads.reduce(0) { $0 + $1.non2xx3xx + $1.errors.socket }), .count))
            }
            if let databaseBefore, let databaseAfter {
                // The database's CPU for the same seconds, over the same requests: its share of a redirect.
                row.set(
                    "DB CPU/req",
                    MetricValue(databaseAfter.cpuSeconds(since: databaseBefore) * 1e6 / Double(max(1, requests)), .microseconds))
            }
            RedirectLoad.addStallFigures(to: &row, log: log)
            for (ratio, reference) in [(References.hummingbirdRatio, references.hummingbird), (References.nginxRatio, references.nginx)] {
                if let base = reference["req/s"]?.value, let value = MetricValue.ratio(requestsPerSecond, to: base) {
                    row.set(ratio, value)
                }
            }
            rounds.append(row)
        }
        var served = 0
        var hits = 0.0
        var misses = 0.0
        for server in servers {
            let metrics = try await server.settledMetrics()
            served += Int(metrics["landfall_redirects_total{outcome=\"redirect\"}"] ?? 0)
            hits += metrics["landfall_link_cache_hits_total"] ?? 0
            misses += metrics["landfall_link_cache_misses_total"] ?? 0
        }
        for server in servers { try await server.stop() }
        let stored = try await seeding.count(.clicks)
        var row = RoundSummary.summarise(rounds, rules: RedirectLoad.roundRules)
        row.set("302 served", MetricValue(Double(served), .count))
        row.set("clicks stored", MetricValue(Double(stored), .count))
        row.set("clicks lost", MetricValue(Double(served - stored), .count))
        // With a long tail most misses are first visits, which no cache of hot links can answer.
        row.set("cache hits", MetricValue(hits + misses > 0 ? hits / (hits + misses) * 100 : 0, .percent))
        results.rows.append(row)
    }

    /// The match is measured on a fresh server each round (its histogram starts empty and its
    /// caches cold, as after a deploy); the first round uses the stage's server.
    private func installRounds(
        _ server: BenchServer, app: BenchSeeding.Seeded, clicks: Int, problems: inout [String]
    ) async throws -> ResultRow {
        var rounds = [try await installs(server, app: app, clicks: clicks, round: 1)]
        if plan.rounds > 1 {
            for round in 2...plan.rounds {
                let fresh = try await BenchServer.start(
                    database: databaseURL, adminToken: adminToken, directory: directory, name: "\(target)-\(clicks)-r\(round)"
                )
                do {
                    rounds.append(try await installs(fresh, app: app, clicks: clicks, round: round))
                } catch {
                    try? await fresh.stop()
                    throw error
                }
                do {
                    try await fresh.stop()
                } catch {
                    problems.append("\(target) after install round \(round) at \(clicks.formatted()) clicks: \(error)")
                }
            }
        }
        return RoundSummary.summarise(rounds, rules: ["errors": .sum])
    }

    /// Two phases on a fresh server: one report at a time, so the match time the server measures is
    /// the matching itself and not a queue; then 32 at once for throughput over HTTP.
    func installs(_ server: BenchServer, app: BenchSeeding.Seeded, clicks: Int, round: Int) async throws -> ResultRow {
        progress("\(engine): install workload with \(clicks.formatted()) clicks, round \(round) of \(plan.rounds)")
        let headers = ["Content-Type": "application/json", "Authorization": "Bearer \(app.publishableKey)"]
        func run(_ phase: String, connections: Int, seed: UInt64) async throws -> WrkResult {
            let reports = try BenchRequests.installReports(
                count: plan.installReports, clicks: clicks, networks: plan.networks, label: "\(engine)-\(clicks)-\(phase)-r\(round)",
                seed: seed,
                directory: directory
            )
            let script = try WrkScript.cyclingPosts(
                path: "/api/sdk/v1/install", bodiesFile: reports, headers: headers, lineHeader: "X-Forwarded-For")
            let result = try await Wrk.run(
                WrkOptions(url: server.baseURL, threads: 1, connections: connections, duration: plan.duration / 2, script: script),
                in: directory, name: "\(target)-install-\(clicks)-\(phase)-r\(round)"
            )
            guard result.requests <= plan.installReports else {
                throw BenchFailure(
                    "wrk sent \(result.requests) install reports but only \(plan.installReports) distinct ones were prepared")
            }
            return result
        }
        // Each round reports other installs, so no round finds its clicks consumed by an earlier one.
        let seed = UInt64(clicks) &+ UInt64(round - 1) &* 1_000_003
        let beforeSequential = try server.sample()
        let sequential = try await run("sequential", connections: 1, seed: seed)
        let afterSequential = try server.sample()
        let metrics = try await server.metrics()
        let beforeConcurrent = try server.sample()
        let databaseBefore = try databaseSample()
        let concurrent = try await run("concurrent", connections: 32, seed: seed &+ 1)
        let afterConcurrent = try server.sample()
        let databaseAfter = try databaseSample()
        let decided = metrics.filter { $0.key.hasPrefix("landfall_installs_total{") }.values.reduce(0, +)
        let organic = metrics["landfall_installs_total{method=\"organic\"}"] ?? 0
        var row = ResultRow(
            workload: "install match (\(clicks.formatted()) clicks in window)", target: target,
            metrics: [
                .init(
                    "match p50", MetricValue((metrics["landfall_install_match_seconds{quantile=\"0.5\"}"] ?? .nan) * 1000, .milliseconds)),
                .init(
                    "match p99", MetricValue((metrics["landfall_install_match_seconds{quantile=\"0.99\"}"] ?? .nan) * 1000, .milliseconds)),
                .init("attributed", MetricValue(decided > 0 ? (decided - organic) / decided * 100 : 0, .percent)),
                .init("installs/s", MetricValue(concurrent.requestsPerSecond, .perSecond)),
                .init("HTTP p99", MetricValue(concurrent.latency.p99 / 1000, .milliseconds)),
                .init(
                    "errors",
                    MetricValue(
                        Double(sequential.non2xx3xx + sequential.errors.socket + concurrent.non2xx3xx + concurrent.errors.socket), .count)),
            ])
        // Per install of the concurrent phase, in the server and in the database: the capacity
        // model's costs (docs/capacity.md).
        row.set(
            "CPU/req",
            MetricValue(afterConcurrent.cpuSeconds(since: beforeConcurrent) * 1e6 / Double(max(1, concurrent.requests)), .microseconds))
        if let databaseBefore, let databaseAfter {
            row.set(
                "DB CPU/req",
                MetricValue(databaseAfter.cpuSeconds(since: databaseBefore) * 1e6 / Double(max(1, concurrent.requests)), .microseconds))
        }
        if engine == "sqlite" {
            // What the one-at-a-time matches could not find in a cache: on SQLite the server's own
            // threads read the database file, so a cold index shows here (on PostgreSQL its backends read).
            let bytes = afterSequential.storageReadBytes &- beforeSequential.storageReadBytes
            row.set("disk read/match", MetricValue(Double(bytes) / 1024 / Double(max(1, sequential.requests)), .kilobytes))
        }
        return row
    }

    /// Plain and revenue events alternate round by round on one server; every event has its own id.
    private func events(_ server: BenchServer, seeding: BenchSeeding) async throws -> [ResultRow] {
        let installs = try await seeding.installIds(limit: 5000)
        var plain: [ResultRow] = []
        var revenueRounds: [ResultRow] = []
        for round in 1...plan.rounds {
            plain.append(try await events(server, seeding: seeding, installs: installs, revenue: false, round: round))
            revenueRounds.append(try await events(server, seeding: seeding, installs: installs, revenue: true, round: round))
        }
        let rules: [String: RoundAggregate] = ["acknowledged": .sum, "stored": .sum, "errors": .sum]
        return [RoundSummary.summarise(plain, rules: rules), RoundSummary.summarise(revenueRounds, rules: rules)]
    }

    private func events(_ server: BenchServer, seeding: BenchSeeding, installs: [String], revenue: Bool, round: Int) async throws
        -> ResultRow
    {
        progress("\(engine): event workload\(revenue ? " with revenue" : ""), round \(round) of \(plan.rounds)")
        let label = "\(engine)-\(revenue ? "revenue" : "plain")-r\(round)"
        let file = try BenchRequests.events(
            count: plan.eventRequests, installIds: installs, revenue: revenue, label: label, directory: directory)
        let script = try WrkScript.cyclingPosts(path: "/api/sdk/v1/event", bodiesFile: file, headers: ["Content-Type": "application/json"])
        let storedBefore = try await seeding.count(.events)
        let before = try server.sample()
        let databaseBefore = try databaseSample()
        let result = try await Wrk.run(
            WrkOptions(url: server.baseURL, threads: plan.threads, connections: plan.connections, duration: plan.duration, script: script),
            in: directory, name: "\(target)-events-\(label)"
        )
        let after = try server.sample()
        let databaseAfter = try databaseSample()
        let stored = try await seeding.count(.events) - storedBefore
        let acknowledged = result.requests - result.non2xx3xx
        guard result.requests < plan.eventRequests else {
            throw BenchFailure("wrk sent \(result.requests) events but only \(plan.eventRequests) distinct ones were prepared")
        }
        var row = ResultRow(
            workload: revenue ? "events with revenue (durable)" : "events (durable)", target: target,
            metrics: [
                .init("events/s", MetricValue(Double(acknowledged) / result.durationSeconds, .perSecond)),
                .init("p50", MetricValue(result.latency.p50 / 1000, .milliseconds)),
                .init("p99", MetricValue(result.latency.p99 / 1000, .milliseconds)),
                .init("CPU/req", MetricValue(after.cpuSeconds(since: before) * 1e6 / Double(max(1, result.requests)), .microseconds)),
                .init("acknowledged", MetricValue(Double(acknowledged), .count)),
                .init("stored", MetricValue(Double(stored), .count)),
            ])
        row.set("errors", MetricValue(Double(result.non2xx3xx + result.errors.socket), .count))
        if let databaseBefore, let databaseAfter {
            row.set(
                "DB CPU/req",
                MetricValue(databaseAfter.cpuSeconds(since: databaseBefore) * 1e6 / Double(max(1, result.requests)), .microseconds))
        }
        return row
    }

    /// PostgreSQL's postmaster and backends now; nil on SQLite, whose work is in the server's process.
    func databaseSample() throws -> ProcessSample? {
        try databasePid.map { try ProcessSampler.sample(pid: $0, includingChildren: true) }
    }
}

extension Duration {
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}

extension MetricUnit {
    static let perSecond = MetricUnit(symbol: "/s", decimals: 0)
    static let kilobytes = MetricUnit(symbol: "KB", decimals: 1)
}
