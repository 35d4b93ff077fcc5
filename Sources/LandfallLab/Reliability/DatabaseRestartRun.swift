import AsyncHTTPClient
import Foundation
import LandfallBench
import LandfallLocalPostgres
import LandfallRandom
import LandfallStore
import NIOCore
import Logging
import SQLKit

/// Runs a database-restart check: one durable PostgreSQL cluster, two `landfall serve` processes on
/// it for the whole run (never restarted), and cycles of load, fault, recovery and verification.
struct DatabaseRestartRun: Sendable {
    let plan: DatabaseRestartPlan
    let directory: URL
    private let servers = 2
    private let adminToken = "database-restart-check-admin-token-0123456789"
    private let logger: Logger = {
        var logger = Logger(label: "landfall.reliability.database-restart")
        logger.logLevel = .critical
        return logger
    }()

    init(plan: DatabaseRestartPlan, directory: URL) {
        self.plan = plan
        self.directory = directory
    }

    func execute(keeping: Bool) async throws -> DatabaseRestartReport {
        var settings = LocalPostgresSettings.durable
        settings.parentDirectory = directory
        settings.directoryPrefix = "landfall-pg-restart"
        let cluster = try await LocalPostgres.start(settings)
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = plan.clientsPerServer * 2 + 2
        configuration.timeout = .init(connect: .seconds(5), read: .seconds(30))
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            try await cluster.createDatabase("landfall_restart")
            let report = try await run(cluster: cluster, http: http)
            try await http.shutdown()
            try await cluster.stop(removingDirectory: !keeping)
            return report
        } catch {
            try? await http.shutdown()
            try? await cluster.stop(removingDirectory: !keeping)
            throw error
        }
    }

    private func run(cluster: LocalPostgresCluster, http: HTTPClient) async throws -> DatabaseRestartReport {
        let began = ContinuousClock.now
        let databaseURL = cluster.url(database: "landfall_restart") + "?sslmode=disable"
        let location = try DatabaseLocation(parsing: databaseURL)
        let keys = try await CrashSeeding.prepare(location, logger: logger)
        var started: [BenchServer] = []
        do {
            for index in 0..<servers {
                started.append(
                    try await BenchServer.start(
                        database: databaseURL, adminToken: adminToken, directory: directory, name: "restart-server-\(index)"))
            }
        } catch {
            for server in started { server.process.kill() }
            throw error
        }
        do {
            var report = try await cycles(cluster: cluster, servers: started, http: http, keys: keys, location: location)
            report.elapsed = ContinuousClock.now - began
            return report
        } catch {
            for server in started { server.process.kill() }
            throw error
        }
    }

    private func cycles(
        cluster: LocalPostgresCluster, servers: [BenchServer], http: HTTPClient, keys: CrashSeeding.Keys, location: DatabaseLocation
    ) async throws -> DatabaseRestartReport {
        let senders = servers.map { CrashSender(http: http, baseURL: $0.baseURL) }
        let factory = CrashWriteFactory(keys: keys)
        let ledger = try CrashLedger(logFile: directory.appendingPathComponent("acknowledged.jsonl"))
        let verifier = CrashVerifier(location: location, appId: keys.appId, logger: logger)
        let linkWrite = try factory.link(client: 10_000)
        guard case .acknowledged(let link) = await senders[0].send(linkWrite), let shortCode = link.shortCode else {
            throw CrashFailure("the database-restart check could not create its link")
        }
        await ledger.acknowledge(linkWrite, answer: link, cycle: 0)
        let answeredRedirects = LockedValue(Set<String>())
        var random = SplitMix64(seed: plan.seed)
        var report = DatabaseRestartReport(plan: plan)
        var lost: [String: String] = [:]
        var duplicated: [String: String] = [:]

        for (index, mode) in plan.schedule.enumerated() {
            let cycle = index + 1
            let observations = LockedValue<[RestartObservation]>([])
            let stop = LockedValue(false)
            let load = DatabaseRestartLoad(
                senders: senders, factory: factory, ledger: ledger, clientsPerServer: plan.clientsPerServer, cycle: cycle, seed: plan.seed,
                http: http, shortCode: shortCode, observations: observations, answeredRedirects: answeredRedirects)
            let faultAfter = plan.loadBeforeFault * (0.1 + 0.9 * random.nextUnitInterval())
            let downFor = plan.longestOutage * random.nextUnitInterval()
            let (faultAt, backAt) = try await withThrowingTaskGroup(
                of: Void.self, returning: (ContinuousClock.Instant, ContinuousClock.Instant).self
            ) { group in
                group.addTask { await load.run(stop: stop) }
                defer { stop.withLock { $0 = true } }
                try await Task.sleep(for: faultAfter)
                let faultAt = ContinuousClock.now
                switch mode {
                case .kill:
                    try cluster.killPostmaster()
                    try await Task.sleep(for: downFor)
                    try await cluster.start()
                case .restart:
                    try await cluster.restart()
                }
                let backAt = ContinuousClock.now
                // The load goes on until each server has acknowledged a write again (or long past the hang limit).
                let deadline = backAt + plan.hangLimit * 3
                while ContinuousClock.now < deadline {
                    let reconnected = Set(
                        observations.withLock { $0 }.filter {
                            $0.kind == .write && $0.answeredAt >= backAt && (200..<300).contains($0.status ?? 0)
                        }
                        .map(\.server))
                    if reconnected.count == servers.count { break }
                    try await Task.sleep(for: .milliseconds(50))
                }
                try await Task.sleep(for: .milliseconds(200))
                stop.withLock { $0 = true }
                try await group.waitForAll()
                return (faultAt, backAt)
            }
            if let refusal = await ledger.refusals.first { throw CrashFailure("a server refused a write: \(refusal)") }
            let findings = RestartCycleFindings.summarize(
                observations.withLock { $0 }, servers: servers.count, faultAt: faultAt, backAt: backAt, hangLimit: plan.hangLimit)
            report.modes[mode, default: RestartModeTotals()].add(findings, outage: backAt - faultAt)

            // Writes answered 503 or without an answer are sent again, as an SDK retries; then the
            // database must hold every acknowledged write once.
            try await CrashRecovery.resendInFlight(ledger: ledger, sender: senders[cycle % senders.count], cycle: cycle)
            let probes = await CrashRecovery.probeAcknowledged(ledger: ledger, sender: senders[(cycle + 1) % senders.count], using: &random)
            let checked = try await verifier.check(await ledger.acknowledged)
            lost.merge(checked.lost) { first, _ in first }
            duplicated.merge(checked.duplicated) { first, _ in first }
            duplicated.merge(probes) { first, _ in first }
            for (write, problem) in [checked.lost, checked.duplicated, probes].joined() {
                progress("after cycle \(cycle): \(write): \(problem)")
            }
            progress(
                "cycle \(cycle)/\(plan.schedule.count) \(mode.rawValue): down \(DatabaseRestartReport.seconds(backAt - faultAt)), "
                    + "\(findings.unavailable) answered 503, reconnect \(findings.reconnect.map(DatabaseRestartReport.seconds) ?? "never"), "
                    + "redirects \(findings.redirectsServedDuringOutage)/\(findings.redirectsDuringOutage) while down"
            )
        }

        if let longOutage = plan.longOutage {
            report.cachedRedirects = try await cachedRedirects(
                cluster: cluster, servers: servers, http: http, shortCode: shortCode, outage: longOutage, answered: answeredRedirects)
        }

        var dropped = 0
        for server in servers {
            dropped += Int((try await server.metrics())["landfall_clicks_dropped_total"] ?? 0)
        }
        // A graceful stop writes each server's click buffer.
        for server in servers { try await server.stop() }
        report.clicks = RestartClickTally.tally(
            answered: answeredRedirects.withLock { $0 }, storedCounts: try await storedClicks(location, shortCode: shortCode),
            droppedCounted: dropped)
        for kind in CrashWrite.Kind.allCases { report.acknowledged[kind] = await ledger.count(kind) }
        report.resent = await ledger.resent
        report.resentAlreadyStored = await ledger.resentAlreadyStored
        report.lost = lost.count
        report.duplicated = duplicated.count
        report.integrity = try await verifier.integrity(expected: report.acknowledged)
        return report
    }

    /// The load stopped, the link followed once on each server (its cache filled), the database
    /// stopped for `outage`: how long each server goes on answering the link from memory.
    private func cachedRedirects(
        cluster: LocalPostgresCluster, servers: [BenchServer], http: HTTPClient, shortCode: String, outage: Duration,
        answered: LockedValue<Set<String>>
    ) async throws -> (servedFor: [Duration], outage: Duration) {
        for (index, server) in servers.enumerated() {
            let marker = "long.\(index).warm"
            let warm = await DatabaseRestartLoad.follow(
                http: http, baseURL: server.baseURL, shortCode: shortCode, marker: marker, server: index)
            guard let status = warm.status, (200..<400).contains(status) else {
                throw CrashFailure("the link did not redirect before the long outage")
            }
            answered.withLock { _ = $0.insert(marker) }
        }
        try await cluster.stopServer()
        let stoppedAt = ContinuousClock.now
        var servedFor: [Duration] = []
        for (index, server) in servers.enumerated() {
            var lastServed = stoppedAt
            var probe = 0
            // Each server in turn while the outage lasts; a failed redirect ends that server's count.
            while ContinuousClock.now - stoppedAt < outage {
                probe += 1
                let marker = "long.\(index).\(probe)"
                let observation = await DatabaseRestartLoad.follow(
                    http: http, baseURL: server.baseURL, shortCode: shortCode, marker: marker, server: index)
                guard let status = observation.status, (200..<400).contains(status) else { break }
                answered.withLock { _ = $0.insert(marker) }
                lastServed = observation.answeredAt
                try await Task.sleep(for: .milliseconds(250))
            }
            servedFor.append(lastServed - stoppedAt)
        }
        let outageLasted = ContinuousClock.now - stoppedAt
        try await cluster.start()
        progress(
            "long outage: cached redirects served for \(servedFor.map(DatabaseRestartReport.seconds)) of \(DatabaseRestartReport.seconds(outageLasted))"
        )
        // Back: each server answers a read again by itself before the checks go on.
        for server in servers {
            var ready = false
            for _ in 0..<100 where !ready {
                ready = (try? await BenchHTTP.get("\(server.baseURL)/api/apps", bearer: adminToken))?.0 == 200
                if !ready { try await Task.sleep(for: .milliseconds(200)) }
            }
            guard ready else { throw CrashFailure("a server did not answer again after the long outage") }
        }
        return (servedFor, outageLasted)
    }

    /// How often each marked redirect's click is stored.
    private func storedClicks(_ location: DatabaseLocation, shortCode: String) async throws -> [String: Int] {
        let prefix = DatabaseRestartLoad.userAgentPrefix
        return try await StorageFactory.withStorage(at: location, logger: logger) { _, provider in
            try await provider.read { database in
                let rows = try await database.raw(
                    """
                    SELECT c.user_agent, COUNT(*) AS count FROM clicks c JOIN links l ON l.id = c.link_id
                    WHERE l.short_code = \(bind: shortCode) AND c.user_agent LIKE \(bind: prefix + "%") GROUP BY c.user_agent
                    """
                ).all()
                var counts: [String: Int] = [:]
                for row in rows {
                    let agent = try row.decode(column: "user_agent", as: String.self)
                    counts[String(agent.dropFirst(prefix.count))] = Int(try row.decode(column: "count", as: Int64.self))
                }
                return counts
            }
        }
    }

    private func progress(_ message: String) {
        FileHandle.standardError.write(Data("[database-restart] \(message)\n".utf8))
    }
}
