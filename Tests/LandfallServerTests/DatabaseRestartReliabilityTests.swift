import Foundation
import Testing
@testable import LandfallLab

/// `landfall-lab reliability database-restart`: what one cycle's answers are counted as, the clicks'
/// tally, and the order of the faults. (The run itself needs minutes; `scripts/reliability --short` runs it.)
@Suite struct DatabaseRestartReliabilityTests {
    private let start = ContinuousClock.now

    private func at(_ seconds: Double) -> ContinuousClock.Instant { start + .milliseconds(Int64(seconds * 1000)) }

    private func write(
        _ server: Int, sent: Double, answered: Double, _ status: Int?, retryAfter: String? = "5", code: String? = "database_unavailable"
    ) -> RestartObservation {
        RestartObservation(
            server: server, kind: .write, sentAt: at(sent), answeredAt: at(answered), status: status,
            retryAfter: status == 503 ? retryAfter : nil, errorCode: status == 503 ? code : nil)
    }

    private func redirect(_ server: Int, sent: Double, _ status: Int) -> RestartObservation {
        RestartObservation(
            server: server, kind: .redirect, sentAt: at(sent), answeredAt: at(sent + 0.01), status: status,
            retryAfter: status == 503 ? "5" : nil, errorCode: status == 503 ? "database_unavailable" : nil)
    }

    @Test func anOutageIsMeasuredFromItsAnswers() {
        // Down from 1 s to 4 s: server 0 answers 503 from 1.5 s to its first 2xx at 4.5 s.
        let observations = [
            write(0, sent: 0.5, answered: 0.6, 201),
            write(0, sent: 1.0, answered: 1.5, 503),
            write(0, sent: 2.0, answered: 3.0, 503),
            write(0, sent: 3.5, answered: 4.5, 200),
            write(1, sent: 3.0, answered: 4.2, 201),
            redirect(0, sent: 2.0, 302), redirect(1, sent: 2.5, 302), redirect(1, sent: 3.0, 503), redirect(1, sent: 5.0, 302),
        ]
        let findings = RestartCycleFindings.summarize(
            observations, servers: 2, faultAt: at(1), backAt: at(4), hangLimit: .seconds(10))
        #expect(findings.unavailable == 2)
        #expect(findings.malformedUnavailable.isEmpty)
        #expect(findings.serverErrors.isEmpty)
        #expect(findings.hangs == 0)
        #expect(findings.unavailableWindow == .seconds(3))
        #expect(findings.reconnect == .milliseconds(500))
        #expect(findings.redirectsDuringOutage == 3)
        #expect(findings.redirectsServedDuringOutage == 2)
    }

    @Test func a500ASlowAnswerAndABare503AreFindings() {
        let observations = [
            write(0, sent: 0, answered: 12, 201),
            write(0, sent: 1, answered: 1.1, 500),
            write(0, sent: 2, answered: 2.1, 503, retryAfter: nil),
            write(1, sent: 2, answered: 2.1, 503, code: "internal_error"),
            write(1, sent: 3, answered: 30, nil),
        ]
        let findings = RestartCycleFindings.summarize(observations, servers: 2, faultAt: at(1), backAt: at(5), hangLimit: .seconds(10))
        #expect(findings.serverErrors.count == 1)
        #expect(findings.malformedUnavailable.count == 2)
        #expect(findings.hangs == 2)
        #expect(findings.longestAnswer == .seconds(27))
        // Server 1 acknowledged nothing after the database came back.
        #expect(findings.reconnect == nil)
    }

    @Test func clicksLostAreThoseNoServerCounted() {
        let tally = RestartClickTally.tally(
            answered: ["1.0.1", "1.0.2", "1.1.1", "1.1.2"], storedCounts: ["1.0.1": 1, "1.0.2": 2, "1.1.1": 1], droppedCounted: 0)
        #expect(tally.answered == 4)
        #expect(tally.stored == 3)
        #expect(tally.lost == 1)
        #expect(tally.unaccounted == 1)
        #expect(tally.duplicated == 1)
        let counted = RestartClickTally.tally(answered: ["a", "b"], storedCounts: ["a": 1], droppedCounted: 1)
        #expect(counted.unaccounted == 0)
    }

    @Test func bothModesTakeTurns() {
        let plan = DatabaseRestartPlan(
            modes: DatabaseRestartMode.allCases, cycles: 2, loadBeforeFault: .seconds(1), longestOutage: .seconds(2), clientsPerServer: 1,
            seed: 1)
        #expect(plan.schedule == [.kill, .restart, .kill, .restart])
    }
}
