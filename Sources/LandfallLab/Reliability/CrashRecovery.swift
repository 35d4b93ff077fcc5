import Foundation
import LandfallRandom

/// What a check does after each failure (a kill, a power cut) once the server is back: what an SDK
/// does with the writes it got no answer for, and a probe that answers stay the same.
enum CrashRecovery {
    /// Sends every write that was in flight at the kill again, as an SDK retries, until each is
    /// acknowledged: it is either stored now or was stored before the kill, and must be so once.
    static func resendInFlight(ledger: CrashLedger, sender: CrashSender, cycle: Int) async throws {
        // A write answered "later" (429, 503) gets a few seconds to get through.
        for attempt in 1...40 {
            let pending = await ledger.pending
            if pending.isEmpty { return }
            await withTaskGroup(of: (CrashWrite, CrashSender.Outcome).self) { group in
                for write in pending {
                    group.addTask { (write, await sender.send(write)) }
                }
                for await (write, outcome) in group {
                    switch outcome {
                    case .acknowledged(let answer): await ledger.acknowledge(write, answer: answer, cycle: cycle)
                    case .inDoubt: break
                    case .refused(let reason): await ledger.refuse(write, reason: reason)
                    }
                }
            }
            if let refusal = await ledger.refusals.first { throw CrashFailure("a re-sent write was refused: \(refusal)") }
            if attempt < 40 { try await Task.sleep(for: .milliseconds(250)) }
        }
        throw CrashFailure("\(await ledger.pending.count) writes in flight at the failure were never acknowledged after the restart")
    }

    /// Sends one acknowledged write of each kind again: the server must answer with the id it gave
    /// the first time (and, as the verifier then sees, store nothing new).
    static func probeAcknowledged(ledger: CrashLedger, sender: CrashSender, using random: inout SplitMix64) async -> [String: String] {
        var mismatches: [String: String] = [:]
        for kind in CrashWrite.Kind.allCases {
            guard let acknowledged = await ledger.randomAcknowledged(kind, using: &random) else { continue }
            let label = "\(kind.rawValue) \(acknowledged.write.identity)"
            switch await sender.send(acknowledged.write) {
            case .acknowledged(let answer) where answer.serverId != acknowledged.serverId:
                mismatches[label] = "sent again, answered \(answer.serverId) instead of \(acknowledged.serverId)"
            case .refused(let reason):
                await ledger.refuse(acknowledged.write, reason: "sent again after it was acknowledged: \(reason)")
            case .acknowledged, .inDoubt:
                break
            }
        }
        return mismatches
    }
}
