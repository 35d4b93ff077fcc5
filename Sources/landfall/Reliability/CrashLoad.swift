import Foundation
import LandfallBench

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
        await withTaskGroup(of: Void.self) { group in
            for client in 0..<clients {
                group.addTask { await self.client(client) }
            }
            try? await Task.sleep(for: killAfter)
            server.process.kill()
            // Requests in flight fail with the connection; clients start no new ones.
            group.cancelAll()
        }
        let status = try await server.process.waitForExit(timeout: .seconds(30))
        guard status.signal == SIGKILL else {
            throw CrashFailure("the server ended (\(status)) before it was killed:\n\(server.process.logTail())")
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
            switch await sender.send(write) {
            case .acknowledged(let answer):
                await ledger.acknowledge(write, answer: answer, cycle: cycle)
            case .inDoubt:
                // Most likely the server is gone; the write is sent again after the restart.
                await ledger.markInDoubt(write)
                return
            case .refused(let reason):
                await ledger.refuse(write, reason: reason)
                return
            }
        }
    }

    /// Installs 30 %, links 15 %, events the rest (once some install is acknowledged).
    private func nextWrite(client: Int, using random: inout SplitMix64) async throws -> CrashWrite {
        let roll = random.next() % 100
        if roll < 15 { return try factory.link(client: client) }
        if roll >= 45, let installId = await ledger.randomInstallId(using: &random) {
            return try factory.event(installId: installId, client: client, using: &random)
        }
        return try factory.install(client: client, using: &random)
    }
}
