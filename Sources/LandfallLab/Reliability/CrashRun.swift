import AsyncHTTPClient
import Foundation
import LandfallBench
import LandfallLocalPostgres
import LandfallRandom
import LandfallStore
import Logging
import NIOCore

/// Runs a crash check: a fresh database, then `cycles` times start, recover, verify, load, kill.
enum CrashRun {
    static func execute(_ plan: CrashPlan, keeping: URL?) async throws -> CrashReport {
        let directory =
            keeping
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("landfall-crash-\(getpid())", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { if keeping == nil { try? FileManager.default.removeItem(at: directory) } }
        return try await withDatabase(plan.engine, in: directory, keeping: keeping != nil) { databaseURL in
            try await CrashCycles(plan: plan, databaseURL: databaseURL, directory: directory).run()
        }
    }

    /// A fresh SQLite file, or a durable PostgreSQL cluster of its own that is stopped afterwards.
    /// Only `landfall serve` is killed: PostgreSQL stands for a database server that stays up.
    private static func withDatabase(
        _ engine: CrashEngine, in directory: URL, keeping: Bool, _ body: (String) async throws -> CrashReport
    ) async throws -> CrashReport {
        switch engine {
        case .sqlite:
            let file = directory.appendingPathComponent("crash.sqlite")
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
            return try await body("sqlite:\(file.path)")
        case .postgres:
            var settings = LocalPostgresSettings.durable
            settings.parentDirectory = directory
            let cluster = try await LocalPostgres.start(settings)
            do {
                try await cluster.createDatabase("landfall_crash")
                let report = try await body(cluster.url(database: "landfall_crash") + "?sslmode=disable")
                try await cluster.stop(removingDirectory: !keeping)
                return report
            } catch {
                try? await cluster.stop(removingDirectory: !keeping)
                throw error
            }
        }
    }
}

/// The cycles of one crash check on one database.
struct CrashCycles: Sendable {
    let plan: CrashPlan
    let databaseURL: String
    let directory: URL
    private let adminToken = "crash-check-admin-token-0123456789"
    private let logger: Logger = {
        var logger = Logger(label: "landfall.reliability.crash")
        logger.logLevel = .warning
        return logger
    }()

    init(plan: CrashPlan, databaseURL: String, directory: URL) {
        self.plan = plan
        self.databaseURL = databaseURL
        self.directory = directory
    }

    func run() async throws -> CrashReport {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = plan.clients
        configuration.timeout = .init(connect: .seconds(5), read: .seconds(30))
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let report = try await cycles(http: http)
            try await http.shutdown()
            return report
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    private func cycles(http: HTTPClient) async throws -> CrashReport {
        let clock = ContinuousClock()
        let began = clock.now
        let location = try DatabaseLocation(parsing: databaseURL)
        let keys = try await CrashSeeding.prepare(location, logger: logger)
        let ledger = try CrashLedger(logFile: directory.appendingPathComponent("acknowledged.jsonl"))
        let verifier = CrashVerifier(location: location, appId: keys.appId, logger: logger)
        let factory = CrashWriteFactory(keys: keys)
        var random = SplitMix64(seed: plan.seed)
        var lost: [String: String] = [:]
        var duplicated: [String: String] = [:]

        // Cycle 0 starts on the empty database; every cycle after starts on the one the last kill left.
        for cycle in 0...plan.cycles {
            let server = try await BenchServer.start(
                database: databaseURL, adminToken: adminToken, directory: directory, name: "crash-server")
            let sender = CrashSender(http: http, baseURL: server.baseURL)
            try await CrashRecovery.resendInFlight(ledger: ledger, sender: sender, cycle: cycle)
            let probes = await CrashRecovery.probeAcknowledged(ledger: ledger, sender: sender, using: &random)
            if let refusal = await ledger.refusals.first { throw CrashFailure("the server refused a write: \(refusal)") }
            duplicated.merge(probes) { first, _ in first }
            let findings = try await verifier.check(await ledger.acknowledged)
            lost.merge(findings.lost) { first, _ in first }
            duplicated.merge(findings.duplicated) { first, _ in first }
            for (write, problem) in [findings.lost, findings.duplicated, probes].joined() {
                progress("after restart \(cycle): \(write): \(problem)")
            }
            if cycle == plan.cycles {
                try await server.stop()
                break
            }
            let killAfter = Duration.milliseconds(Int64(plan.loadPerCycle.milliseconds * (0.1 + 0.9 * random.nextUnitInterval())))
            try await CrashLoad(sender: sender, factory: factory, ledger: ledger, clients: plan.clients, cycle: cycle + 1, seed: plan.seed)
                .run(killing: server, after: killAfter)
            if let refusal = await ledger.refusals.first {
                throw CrashFailure("the server refused a write of the load, which is a bug of the check or the server: \(refusal)")
            }
            let total = await CrashWrite.Kind.allCases.asyncSum { await ledger.count($0) }
            progress(
                "cycle \(cycle + 1)/\(plan.cycles): killed after \(Int(killAfter.milliseconds)) ms, \(total) writes acknowledged, \(await ledger.pending.count) in flight"
            )
        }

        var acknowledged: [CrashWrite.Kind: Int] = [:]
        for kind in CrashWrite.Kind.allCases { acknowledged[kind] = await ledger.count(kind) }
        let integrity = try await verifier.integrity(expected: acknowledged)
        return CrashReport(
            engine: plan.engine, cycles: plan.cycles, acknowledged: acknowledged, resent: await ledger.resent,
            resentAlreadyStored: await ledger.resentAlreadyStored, lost: lost.count, duplicated: duplicated.count,
            integrity: integrity, elapsed: clock.now - began
        )
    }

    private func progress(_ message: String) {
        FileHandle.standardError.write(Data("[crash \(plan.engine.rawValue)] \(message)\n".utf8))
    }
}

extension Sequence {
    fileprivate func asyncSum(_ value: (Element) async -> Int) async -> Int {
        var total = 0
        for element in self { total += await value(element) }
        return total
    }
}
