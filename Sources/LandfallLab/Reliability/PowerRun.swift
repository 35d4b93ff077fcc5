import AsyncHTTPClient
import Foundation
import LandfallRandom
import LandfallServer
import LandfallStore
import Logging
import NIOCore
import SQLKit

/// Runs a power check: the crash check's load against the server's application in this process, on a
/// SQLite database opened through the power-loss VFS, and `cuts` times: cut the power (every write
/// since its file's last sync is thrown away, every later operation fails), stop the application,
/// reopen the database through SQLite's normal VFS as a restarted machine would (its integrity is
/// checked there), start the application again, re-send what was in flight and check the database
/// against the acknowledgements as the crash check does.
struct PowerRun: Sendable {
    let plan: PowerPlan
    let directory: URL
    private let adminToken = "power-check-admin-token-0123456789"
    private let file = "power.sqlite"
    let logger: Logger

    init(plan: PowerPlan, directory: URL, logger: Logger) {
        self.plan = plan
        self.directory = directory
        self.logger = logger
    }

    static func execute(_ plan: PowerPlan, keeping: URL?, logger: Logger) async throws -> PowerReport {
        let directory =
            keeping
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("landfall-power-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { if keeping == nil { try? FileManager.default.removeItem(at: directory) } }
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = plan.clients + plan.clickClients
        configuration.timeout = .init(connect: .seconds(5), read: .seconds(30))
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let report = try await PowerRun(plan: plan, directory: directory, logger: logger).cycles(http: http)
            try await http.shutdown()
            return report
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    private func cycles(http: HTTPClient) async throws -> PowerReport {
        let clock = ContinuousClock()
        let began = clock.now
        let disk = try PowerLossDisk(directory: directory)
        let plain = DatabaseLocation.sqlite(path: disk.path(for: file))
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: disk.path(for: file) + suffix) }
        let keys = try await CrashSeeding.prepare(plain, logger: logger)
        let ledger = try CrashLedger(logFile: directory.appendingPathComponent("acknowledged.jsonl"))
        // While the server runs, the check reads through the power-loss VFS as well: a connection of
        // the normal VFS would checkpoint the WAL behind the VFS's back (every SQLite provider
        // checkpoints in the background), and a cut would then put back pages older than ones that
        // checkpoint had synced.
        let liveVerifier = CrashVerifier(location: .sqlite(path: disk.uri(for: file)), appId: keys.appId, logger: logger)
        let verifier = CrashVerifier(location: plain, appId: keys.appId, logger: logger)
        let factory = CrashWriteFactory(keys: keys)
        let clicks = PowerClickLedger()
        var random = SplitMix64(seed: plan.seed)
        var report = PowerReport(
            cuts: plan.cuts, tornCuts: 0, discardedOperations: 0, discardedBytes: 0, acknowledged: [:], resent: 0, resentAlreadyStored: 0,
            lost: 0, duplicated: 0, damagedAfterCut: 0, integrity: "", clicksAnswered: 0, clicksLost: 0, clicksLostMostInOneCut: 0,
            clickLossWindow: .zero, clickWindowAtCut: .zero, clicksLostOutsideWindow: 0, finalStop: nil, elapsed: .zero
        )
        var lost: [String: String] = [:]
        var duplicated: [String: String] = [:]
        var shortCode: String?

        for cycle in 0...plan.cuts {
            let cutSeed = random.next()
            let moment: CrashLoad.Moment =
                switch plan.moments {
                case .time(let longest): .after(.milliseconds(Int64(longest.milliseconds * (0.1 + 0.9 * random.nextUnitInterval()))))
                case .acknowledged(let most): .afterAcknowledged(1 + Int(random.next() % UInt64(max(1, most))))
                }
            let tear = cycle % 2 == 1
            let (cutAt, stop) = try await PowerServer.run(database: disk.uri(for: file), adminToken: adminToken, logger: logger) {
                server -> PowerCycleCut? in
                let sender = CrashSender(http: http, baseURL: server.baseURL)
                try await CrashRecovery.resendInFlight(ledger: ledger, sender: sender, cycle: cycle)
                duplicated.merge(await CrashRecovery.probeAcknowledged(ledger: ledger, sender: sender, using: &random)) { first, _ in first
                }
                if let refusal = await ledger.refusals.first { throw CrashFailure("the server refused a write: \(refusal)") }
                let findings = try await liveVerifier.check(await ledger.acknowledged)
                lost.merge(findings.lost) { first, _ in first }
                duplicated.merge(findings.duplicated) { first, _ in first }
                for (write, problem) in [findings.lost, findings.duplicated].joined() {
                    progress("after cut \(cycle): \(write): \(problem)")
                }
                if cycle == plan.cuts { return nil }
                let code = try await linkToFollow(existing: shortCode, sender: sender, factory: factory, ledger: ledger)
                shortCode = code
                return try await loadAndCut(
                    server: server, sender: sender, factory: factory, ledger: ledger, http: http, shortCode: code, clicks: clicks,
                    cycle: cycle + 1, moment: moment, tear: tear, seed: cutSeed)
            }
            guard let cycleCut = cutAt else {
                report.finalStop = stop.map { "no: \(String(reflecting: $0))" }
                break
            }
            try disk.restore()
            let cut = cycleCut.cut
            report.discardedOperations += cut.operations
            report.discardedBytes += cut.bytes
            if cut.tornKept > 0 { report.tornCuts += 1 }
            // The restarted machine: the database reopened through the normal VFS, where SQLite
            // recovers the WAL, must be sound before anything else touches it.
            let verdict = try await Self.integrityCheck(plain, logger: logger)
            if verdict != "ok" {
                report.damagedAfterCut += 1
                progress("after cut \(cycle + 1): integrity_check: \(verdict)")
            }
            if let shortCode {
                try await countClicks(
                    cycle: cycle + 1, shortCode: shortCode, plain: plain, clicks: clicks, cut: cycleCut, into: &report)
            }
            let total = await CrashWrite.Kind.allCases.asyncTotal { await ledger.count($0) }
            progress(
                "cut \(cycle + 1)/\(plan.cuts)\(tear ? " (torn)" : ""): \(cut.operations) unsynced writes undone (\(cut.bytes) bytes), \(total) writes acknowledged, \(await ledger.pending.count) in flight"
            )
        }

        for kind in CrashWrite.Kind.allCases { report.acknowledged[kind] = await ledger.count(kind) }
        report.integrity = try await verifier.integrity(expected: report.acknowledged)
        report.resent = await ledger.resent
        report.resentAlreadyStored = await ledger.resentAlreadyStored
        report.lost = lost.count
        report.duplicated = duplicated.count
        report.elapsed = clock.now - began
        return report
    }

    /// The load of one cycle: the crash check's writers and the click clients, until the cut. At
    /// the moment, the cut is armed to fall inside one of the next 1 to 32 writes or syncs of the
    /// database's files; the writers then meet it and stop by themselves.
    private func loadAndCut(
        server: PowerServer, sender: CrashSender, factory: CrashWriteFactory, ledger: CrashLedger, http: HTTPClient, shortCode: String,
        clicks: PowerClickLedger, cycle: Int, moment: CrashLoad.Moment, tear: Bool, seed: UInt64
    ) async throws -> PowerCycleCut {
        let disk = try PowerLossDisk(directory: directory)
        let clickLoad = PowerClickLoad(http: http, baseURL: server.baseURL, shortCode: shortCode, ledger: clicks, cycle: cycle)
        let load = CrashLoad(sender: sender, factory: factory, ledger: ledger, clients: plan.clients, cycle: cycle, seed: plan.seed)
        var arming: (any Error)?
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<plan.clickClients {
                group.addTask { await clickLoad.client(index) }
            }
            await load.run(until: moment, stoppingClients: false) {
                do {
                    try disk.arm(operations: 1 + Int(seed % 32), seed: seed >> 8, tear: tear)
                } catch {
                    arming = error
                }
            }
            // Redirects keep being answered from the link cache after the cut; they are not writes.
            group.cancelAll()
        }
        if let arming { throw arming }
        let lastBatch = Self.monotonicNanoseconds(of: server.landfall.clicks.lastCommittedBatchTakenAt)
        if let fired = try disk.disarm() { return PowerCycleCut(at: fired.at, cut: fired.cut, lastClickBatchTakenAt: lastBatch) }
        // Every writer stopped before the armed cut fell (each met some other failure): cut now.
        let instant = PowerLossDisk.monotonicNanoseconds()
        return PowerCycleCut(at: instant, cut: try disk.cut(seed: seed >> 8, tear: tear), lastClickBatchTakenAt: lastBatch)
    }

    /// A `ContinuousClock` instant on the VFS's clock (CLOCK_MONOTONIC): the two differ by a constant
    /// (the time the machine slept), read here back to back.
    static func monotonicNanoseconds(of instant: ContinuousClock.Instant?) -> UInt64? {
        guard let instant else { return nil }
        let (now, nanoseconds) = (ContinuousClock.now, PowerLossDisk.monotonicNanoseconds())
        let (seconds, attoseconds) = (now - instant).components
        return nanoseconds - UInt64(max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
    }

    /// The link the click clients follow: made once, over the API, as any acknowledged link.
    private func linkToFollow(existing: String?, sender: CrashSender, factory: CrashWriteFactory, ledger: CrashLedger) async throws
        -> String
    {
        if let existing { return existing }
        let write = try factory.link(client: 0)
        guard case .acknowledged(let answer) = await sender.send(write), let code = answer.shortCode else {
            throw PowerFailure("the link the click clients follow could not be created")
        }
        await ledger.acknowledge(write, answer: answer, cycle: 0)
        return code
    }

    /// Sorts the redirects answered before the cut into stored and lost clicks.
    private func countClicks(
        cycle: Int, shortCode: String, plain: DatabaseLocation, clicks: PowerClickLedger, cut: PowerCycleCut,
        into report: inout PowerReport
    ) async throws {
        let answered = await clicks.takeAnswered(before: cut.at)
        let stored = try await PowerClickLoad.storedMarkers(cycle: cycle, shortCode: shortCode, location: plain, logger: logger)
        let lost = answered.filter { !stored.contains($0.key) }
        report.clicksAnswered += answered.count
        report.clicksLost += lost.count
        report.clicksLostMostInOneCut = max(report.clicksLostMostInOneCut, lost.count)
        report.clickLossWindow = max(report.clickLossWindow, lost.values.map { Duration.nanoseconds(Int64(cut.at - $0)) }.max() ?? .zero)
        // The documented window: a click answered before the last committed batch was taken was in
        // that batch or an earlier one, and must be stored.
        let committed = cut.lastClickBatchTakenAt ?? 0
        let outside = lost.filter { $0.value < committed }
        report.clicksLostOutsideWindow += outside.count
        if let batch = cut.lastClickBatchTakenAt, cut.at > batch {
            report.clickWindowAtCut = max(report.clickWindowAtCut, .nanoseconds(Int64(cut.at - batch)))
        }
        for marker in outside.keys.sorted().prefix(3) {
            progress("after cut \(cycle): click \(marker) lost although its batch had committed")
        }
    }

    /// `PRAGMA integrity_check` and `foreign_key_check` through the normal VFS: "ok" or what is wrong.
    static func integrityCheck(_ location: DatabaseLocation, logger: Logger) async throws -> String {
        try await StorageFactory.withStorage(at: location, logger: logger) { _, provider in
            try await provider.read { database in
                let verdicts = try await database.raw("PRAGMA integrity_check").all().map {
                    try $0.decode(column: "integrity_check", as: String.self)
                }
                let violations = try await database.raw("PRAGMA foreign_key_check").all().count
                if verdicts != ["ok"] { return verdicts.prefix(5).joined(separator: "; ") }
                return violations == 0 ? "ok" : "\(violations) foreign key violations"
            }
        }
    }

    private func progress(_ message: String) {
        FileHandle.standardError.write(Data("[power] \(message)\n".utf8))
    }
}

/// Where and how a cycle's power cut fell.
struct PowerCycleCut: Sendable {
    /// When, in ``PowerLossDisk/monotonicNanoseconds()``.
    var at: UInt64
    var cut: PowerLossDisk.Cut
    /// When the click writer took the last batch that committed before the cut, on the same clock.
    var lastClickBatchTakenAt: UInt64?
}

extension Sequence {
    fileprivate func asyncTotal(_ value: (Element) async -> Int) async -> Int {
        var total = 0
        for element in self { total += await value(element) }
        return total
    }
}
