import ArgumentParser
import Foundation
@testable import LandfallLab
import LandfallStore
import LandfallSynthetic
import Testing

/// `landfall-lab bench --workloads history --history-clicks N`: the long-history point is run only
/// when named, and sized by the option.
@Suite("Bench long-history options")
struct BenchHistoryOptionTests {
    @Test func historyIsAWorkloadSizedByTheOption() throws {
        let bench = try Bench.parse(["--engines", "postgres", "--workloads", "history", "--history-clicks", "5000000"])
        #expect(bench.workloadSet == [.history])
        #expect(bench.historyClicks == 5_000_000)
    }

    @Test func theDefaultRunLeavesTheLongHistoryOut() throws {
        let bench = try Bench.parse([])
        #expect(!bench.workloadSet.contains(.history))
        #expect(bench.historyClicks == nil)
        #expect(BenchPlan.full.historyClicks == 50_000_000)
        #expect(BenchPlan.full.historyWindowClicks == 1_000_000)
    }

    @Test func historyClicksWithoutTheHistoryWorkloadIsRefused() {
        #expect(throws: (any Error).self) { try Bench.parse(["--history-clicks", "1000"]) }
    }

    @Test(arguments: ["0", "-5", "2000000000"])
    func historyClicksOutOfRangeIsRefused(_ value: String) {
        #expect(throws: (any Error).self) { try Bench.parse(["--workloads", "history", "--history-clicks", value]) }
    }

    /// The history fills whole UTC months before the previous one, every click number once.
    @Test func historySpreadsOverWholeMonthsBeforeThePreviousOne() throws {
        let now = try #require(ISO8601DateFormatter().date(from: "2026-11-27T19:00:00Z"))
        let end = BenchSeeding.historyEnd(now: now)
        #expect(ISO8601DateFormatter().string(from: end) == "2026-10-01T00:00:00Z")
        let months = SyntheticData.HistoryMonth.spread(11..<1_011, months: 11, endingBefore: end)
        #expect(months.count == 11)
        let first = try #require(ISO8601DateFormatter().date(from: "2025-11-01T00:00:00Z"))
        #expect(months.first?.start == first.epochMilliseconds)
        #expect(months.last?.end == end.epochMilliseconds)
        #expect(months.reduce(0) { $0 + $1.clicks.count } == 1_000)
        #expect(zip(months, months.dropFirst()).allSatisfy { $0.end == $1.start && $0.clicks.upperBound == $1.clicks.lowerBound })
    }
}
