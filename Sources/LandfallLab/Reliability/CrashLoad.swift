import Foundation
import LandfallBench
import LandfallRandom

/// One stretch of load: `clients` concurrent clients send writes until the server is killed under
/// them at `killAfter`.
struct CrashLoad: Sendable {
    let sender: CrashSender
    let factory: CrashWriteFactory
    let ledger: CrashLedger
    let clients: Int
    let cycle: Int
    let seed: UInt64

    /// Runs the load, kills `server` with SIGKILL after `killAfter`, and returns once every client
    /// has stopped and the process is gone.
    func run(killing server: BenchServer, after killAfter: Duration) async throws {
        await run(until: .after(killAfter)) { server.process.kill() }
        let status = try await server.process.waitForExit(timeout: .seconds(30))
        guard status.signal == SIGKILL else {
            throw CrashFailure("the server ended (\(status)) before it was killed:\n\(server.process.logTail())")
        }
    }

    /// When a load's failure falls.
    enum Moment: Sendable {
        /// After this long under load.
        case after(Duration)
        /// Once this many more writes are acknowledged: the same point of the load on a slow machine
        /// and a fast one, and no timer in a test.
        case afterAcknowledged(Int)
    }

    /// Runs the load until `moment`, calls `failure` (a kill, a power cut) and returns once every
    /// client has stopped: at once, or with `stoppingClients` false once each has met the failure
    /// (an armed cut falls only when the load writes on).
    func run(until moment: Moment, stoppingClients: Bool = true, failure: () async -> Void) async {
        await ledger.clientsStarting(clients)
        await withTaskGroup(of: Void.self) { group in
            for client in 0..<clients {
                group.addTask {
                    await self.client(client)
                    await ledger.clientStopped()
                }
            }
            switch moment {
            case .after(let duration): try? await Task.sleep(for: duration)
            case .afterAcknowledged(let count): await ledger.waitForAcknowledgements(count)
            }
            await failure()
            // Requests in flight fail with the connection or the disk; clients start no new ones.
            if stoppingClients { group.cancelAll() }
        }
    }

    private func client(_ index: Int) async {
        var random = SplitMix64(seed: seed ^ (UInt64(cycle) << 20) ^ UInt64(index))
        while !Task.isCancelled {
            let write: CrashWrite
            do {
                write = try await nextWrite(client: index, using: &random)
            } catch {
                return
            }
            // One write in twenty races a copy of itself, as an SDK's retry does when its first
            // attempt timed out but is still being served: both must end as one stored write.
            let outcomes = random.next() % 20 == 0 ? await racing(write) : [await sender.send(write)]
            // An acknowledged copy settles the write; a copy that got no answer might still have
            // stored a second row, which the check of the database would then find.
            var acknowledged = false
            var stop = false
            for outcome in outcomes {
                guard case .acknowledged(let answer) = outcome else { continue }
                await ledger.acknowledge(write, answer: answer, cycle: cycle)
                acknowledged = true
            }
            for outcome in outcomes {
                switch outcome {
                case .acknowledged:
                    break
                case .inDoubt:
                    // Most likely the server is gone; the write is sent again after the restart.
                    if !acknowledged { await ledger.markInDoubt(write) }
                    stop = true
                case .refused(let reason):
                    await ledger.refuse(write, reason: reason)
                    stop = true
                }
            }
            if stop { return }
        }
    }

    private func racing(_ write: CrashWrite) async -> [CrashSender.Outcome] {
        async let first = sender.send(write)
        async let second = sender.send(write)
        return await [first, second]
    }

    /// Installs 30 %, links 15 %, events the rest (once some install is acknowledged), one in
    /// eleven of those as a batch of two to five.
    func nextWrite(client: Int, using random: inout SplitMix64) async throws -> CrashWrite {
        let roll = random.next() % 100
        if roll < 15 { return try factory.link(client: client) }
        if roll >= 95, case let installIds = await ledger.randomInstallIds(Int(random.next() % 4) + 2, using: &random), !installIds.isEmpty
        {
            return try factory.eventBatch(installIds: installIds, client: client, using: &random)
        }
        if roll >= 45, let installId = await ledger.randomInstallId(using: &random) {
            return try factory.event(installId: installId, client: client, using: &random)
        }
        return try factory.install(client: client, using: &random)
    }
}
