import Foundation
@testable import LandfallServer
import LandfallStore
import LandfallTestSupport
import NIOConcurrencyHelpers
import Testing

private struct LostAcknowledgement: Error {}

/// Real storage whose writes each wait for their own permit (numbered in the order they began), and
/// which can lose the acknowledgement of a write that committed, as a dropped connection does.
private final class GatedClickStorage: ClickStorage, @unchecked Sendable {
    private struct Gate {
        var started = 0
        var permitted: Set<Int> = []
        var permitAll = false
        var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
        var acknowledgementsToLose = 0
    }

    private let storage: SQLStorage
    private let gate = NIOLockedValueBox(Gate())
    let clickWritesInFlight: Int

    init(_ storage: SQLStorage, writesInFlight: Int, permitAll: Bool = false, acknowledgementsToLose: Int = 0) {
        self.storage = storage
        self.clickWritesInFlight = writesInFlight
        gate.withLockedValue {
            $0.permitAll = permitAll
            $0.acknowledgementsToLose = acknowledgementsToLose
        }
    }

    var writesStarted: Int { gate.withLockedValue { $0.started } }

    func permit(_ write: Int) {
        let waiting = gate.withLockedValue { gate in
            gate.permitted.insert(write)
            return gate.waiting.removeValue(forKey: write)
        }
        waiting?.resume()
    }

    var largestClickWrite: Int { .max }

    func insertClicks(_ clicks: [ClickRecord]) async throws {
        await withCheckedContinuation { continuation in
            let permitted = gate.withLockedValue { gate -> Bool in
                let write = gate.started
                gate.started += 1
                guard gate.permitAll || gate.permitted.contains(write) else {
                    gate.waiting[write] = continuation
                    return false
                }
                return true
            }
            if permitted { continuation.resume() }
        }
        try await storage.insertClicks(clicks)
        let lose = gate.withLockedValue { gate -> Bool in
            guard gate.acknowledgementsToLose > 0 else { return false }
            gate.acknowledgementsToLose -= 1
            return true
        }
        if lose { throw LostAcknowledgement() }
    }

    func applySignals(_ signals: ClickSignals, clickToken: String) async throws -> ClickRecord? {
        try await storage.applySignals(signals, clickToken: clickToken)
    }
    func setMatchingKeys(signature: String?, matchEvidence: String?, clickId: String) async throws {
        try await storage.setMatchingKeys(signature: signature, matchEvidence: matchEvidence, clickId: clickId)
    }
    func click(token: String) async throws -> ClickRecord? { try await storage.click(token: token) }
    func clicks(linkId: String, appId: String) async throws -> [ClickRecord] { try await storage.clicks(linkId: linkId, appId: appId) }
    func clickCount(appId: String) async throws -> Int { try await storage.clickCount(appId: appId) }
}

@Suite("Click recorder on PostgreSQL: batches side by side, and a batch written again")
struct ClickRecorderConcurrencyTests {
    @Test(.timeLimit(.minutes(5)))
    func aLaterBatchCommitsWhileAnEarlierIsInFlightAndFlushWaitsForBoth() async throws {
        try await TestDatabases.withMigratedStorage(.postgres) { storage, _ in
            let (app, link) = try await ClickRecorderTests.seed(storage)
            let gated = GatedClickStorage(storage, writesInFlight: 2)
            let recorder = ClickRecorder(storage: gated, flushInterval: .seconds(3600), capacity: 100, logger: ClickRecorderTests.logger)

            for _ in 0..<3 { try await recorder.record(ClickRecorderTests.click(link)) }
            let first = Task { try await recorder.flush() }
            while gated.writesStarted < 1 { await Task.yield() }
            for _ in 0..<2 { try await recorder.record(ClickRecorderTests.click(link)) }
            let second = Task { try await recorder.flush() }
            // The second batch is taken while the first is still being written.
            while gated.writesStarted < 2 { await Task.yield() }
            #expect(recorder.batchesInFlight == 2)

            gated.permit(1)
            while recorder.batchesInFlight > 1 { await Task.yield() }
            #expect(try await storage.clickCount(appId: app.id) == 2)
            // The first batch's clicks are not stored yet, so nothing may claim they are.
            #expect(recorder.lastCommittedBatchTakenAt == nil)

            gated.permit(0)
            try await second.value
            try await first.value
            #expect(try await storage.clickCount(appId: app.id) == 5)
            #expect(recorder.lastCommittedBatchTakenAt != nil)
            #expect(recorder.pendingCount == 0)
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func aCommittedBatchWhoseAcknowledgementWasLostIsWrittenAgainWithoutDuplicates() async throws {
        try await TestDatabases.withMigratedStorage(.postgres) { storage, _ in
            let (app, link) = try await ClickRecorderTests.seed(storage)
            let gated = GatedClickStorage(storage, writesInFlight: 3, permitAll: true, acknowledgementsToLose: 1)
            let recorder = ClickRecorder(storage: gated, flushInterval: .seconds(3600), capacity: 100, logger: ClickRecorderTests.logger)

            for _ in 0..<5 { try await recorder.record(ClickRecorderTests.click(link)) }
            await #expect(throws: LostAcknowledgement.self) { try await recorder.flush() }
            // Stored, but the recorder could not know: the batch is back in the buffer.
            #expect(try await storage.clickCount(appId: app.id) == 5)
            #expect(recorder.pendingCount == 5)

            try await recorder.flush()
            #expect(recorder.pendingCount == 0)
            #expect(try await storage.clickCount(appId: app.id) == 5)
            try await recorder.record(ClickRecorderTests.click(link))
            try await recorder.flush()
            #expect(try await storage.clickCount(appId: app.id) == 6)
        }
    }
}
