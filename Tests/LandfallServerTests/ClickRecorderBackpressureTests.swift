import Foundation
@testable import LandfallServer
import LandfallStore
import LandfallTestSupport
import NIOConcurrencyHelpers
import Testing

/// Real storage whose batch writes each wait for a permit, so a test decides when a batch commits.
private final class PermittedClickStorage: ClickStorage, @unchecked Sendable {
    private let storage: SQLStorage
    private let gate = NIOLockedValueBox<(permits: Int, waiting: [CheckedContinuation<Void, Never>])>((0, []))
    private let started = NIOLockedValueBox(0)

    init(_ storage: SQLStorage) {
        self.storage = storage
    }

    /// Batch writes that have begun (and may be waiting for their permit).
    var batchesStarted: Int { started.withLockedValue { $0 } }

    func permitOneBatch() {
        let waiting = gate.withLockedValue { gate -> CheckedContinuation<Void, Never>? in
            guard !gate.waiting.isEmpty else {
                gate.permits += 1
                return nil
            }
            return gate.waiting.removeFirst()
        }
        waiting?.resume()
    }

    var largestClickWrite: Int { .max }

    func insertClicks(_ clicks: [ClickRecord]) async throws {
        started.withLockedValue { $0 += 1 }
        await withCheckedContinuation { continuation in
            let permitted = gate.withLockedValue { gate -> Bool in
                guard gate.permits > 0 else {
                    gate.waiting.append(continuation)
                    return false
                }
                gate.permits -= 1
                return true
            }
            if permitted { continuation.resume() }
        }
        try await storage.insertClicks(clicks)
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

@Suite("Click recorder: a full buffer holds redirects only until the writer takes it")
struct ClickRecorderBackpressureTests {
    @Test(.timeLimit(.minutes(5)))
    func redirectsBehindAFullBufferWaitForTheBatchInFlightOnly() async throws {
        try await TestDatabases.withMigratedStorage(.sqlite) { storage, _ in
            let (app, link) = try await ClickRecorderTests.seed(storage)
            let permitted = PermittedClickStorage(storage)
            let recorder = ClickRecorder(storage: permitted, flushInterval: .seconds(3600), capacity: 2, logger: ClickRecorderTests.logger)

            try await recorder.record(ClickRecorderTests.click(link))
            // Fills the buffer: this redirect writes it, and its batch waits for a permit.
            let firstWriter = Task { try await recorder.record(ClickRecorderTests.click(link)) }
            while permitted.batchesStarted < 1 { await Task.yield() }

            try await recorder.record(ClickRecorderTests.click(link))
            // Fills it again while the first batch is in flight: this one will write the next batch.
            let secondWriter = Task { try await recorder.record(ClickRecorderTests.click(link)) }
            while recorder.pendingCount < 2 { await Task.yield() }
            // Finds it full with a writer already named: it only waits for room.
            let waiter = Task { try await recorder.record(ClickRecorderTests.click(link)) }
            while recorder.pendingCount < 3 { await Task.yield() }

            permitted.permitOneBatch()
            try await firstWriter.value
            // The second batch has taken the buffer and now waits for its own permit; the waiter is
            // already answered.
            try await waiter.value
            while permitted.batchesStarted < 2 { await Task.yield() }
            #expect(recorder.pendingCount == 0)

            permitted.permitOneBatch()
            try await secondWriter.value
            #expect(try await storage.clickCount(appId: app.id) == 5)
        }
    }

    @Test func redirectsAreHeldBackInStepWithTheBacklogPastHalfFull() {
        let longest = Duration.milliseconds(20)
        #expect(ClickRecorder.pause(pending: 0, capacity: 10_000, longest: longest) == .zero)
        #expect(ClickRecorder.pause(pending: 5_000, capacity: 10_000, longest: longest) == .zero)
        #expect(ClickRecorder.pause(pending: 7_500, capacity: 10_000, longest: longest) == .milliseconds(10))
        #expect(ClickRecorder.pause(pending: 10_000, capacity: 10_000, longest: longest) == longest)
        // A buffer past capacity (a failed batch put back) holds no longer than a full one.
        #expect(ClickRecorder.pause(pending: 25_000, capacity: 10_000, longest: longest) == longest)
        #expect(ClickRecorder.pause(pending: 9_000, capacity: 10_000, longest: .zero) == .zero)
        // Tiny buffers: half of 1 is 0, so one pending click is a full buffer.
        #expect(ClickRecorder.pause(pending: 1, capacity: 1, longest: longest) == longest)
    }
}
