@testable import LandfallServer
import LandfallStore
import Testing

/// Every background service waits on one gate for the schema check at start.
@Suite("Schema gate")
struct SchemaGateTests {
    @Test func everyWaiterPassesOnceTheGateOpens() async {
        let gate = SchemaGate()
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<5 {
                group.addTask { await gate.wait() }
            }
            gate.open()
            var passed = 0
            for await answer in group where answer { passed += 1 }
            #expect(passed == 5)
        }
        #expect(await gate.wait(), "a service that asks after the check passes at once")
    }

    @Test func aCancelledWaiterGivesUpWhileTheOthersStillPass() async {
        let gate = SchemaGate()
        let cancelled = Task { await gate.wait() }
        let waiting = Task { await gate.wait() }
        cancelled.cancel()
        #expect(await cancelled.value == false)
        gate.open()
        #expect(await waiting.value == true)
    }
}
