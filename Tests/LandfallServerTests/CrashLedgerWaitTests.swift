import Foundation
import Testing

@testable import LandfallLab

/// The moment a power or crash check cuts its load: a number of acknowledgements, which a load whose
/// clients all stopped (each on an answer in doubt) can never reach.
@Suite struct CrashLedgerWaitTests {
    private func ledger() throws -> CrashLedger {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-\(UUID().uuidString).jsonl")
        return try CrashLedger(logFile: file)
    }

    private static let answer = CrashAnswer(status: 201, serverId: "i1", alreadyStored: false)

    private static func write(_ identity: String) -> CrashWrite {
        CrashWrite(kind: .install, identity: identity, path: "/", bearer: "", forwardedFor: "", body: Data())
    }

    @Test func aWaitEndsWhenTheLastClientStopsShortOfTheCount() async throws {
        let ledger = try ledger()
        await ledger.clientsStarting(2)
        async let waited: Void = ledger.waitForAcknowledgements(50)
        while await ledger.waiting == 0 { await Task.yield() }
        await ledger.acknowledge(Self.write("a"), answer: Self.answer, cycle: 1)
        await ledger.clientStopped()
        await ledger.clientStopped()
        await waited
        #expect(await ledger.count(.install) == 1)
    }

    @Test func aWaitWithNoClientSendingReturnsAtOnce() async throws {
        let ledger = try ledger()
        await ledger.waitForAcknowledgements(5)
        await ledger.clientsStarting(1)
        await ledger.clientStopped()
        await ledger.waitForAcknowledgements(5)
    }

    @Test func aWaitStillEndsAtItsCountWhileClientsSend() async throws {
        let ledger = try ledger()
        await ledger.clientsStarting(1)
        async let waited: Void = ledger.waitForAcknowledgements(2)
        // Let the wait register before the acknowledgements it counts come in.
        while await ledger.waiting == 0 { await Task.yield() }
        await ledger.acknowledge(Self.write("a"), answer: Self.answer, cycle: 1)
        await ledger.acknowledge(Self.write("b"), answer: Self.answer, cycle: 1)
        await waited
        #expect(await ledger.count(.install) == 2)
    }
}
