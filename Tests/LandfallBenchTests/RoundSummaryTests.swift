import LandfallBench
import Testing

@Suite("Round summary")
struct RoundSummaryTests {
    static func round(_ throughput: Double, p99: Double, stall: Double, stallAt: Double, errors: Double) -> ResultRow {
        ResultRow(
            workload: "redirect", target: "landfall-sqlite",
            metrics: [
                .init("req/s", MetricValue(throughput, .requestsPerSecond)),
                .init("p99", MetricValue(p99, .milliseconds)),
                .init("stall", MetricValue(stall, .milliseconds)),
                .init("stall at", MetricValue(stallAt, .seconds)),
                .init("errors", MetricValue(errors, .count)),
            ])
    }

    @Test func everyFigureIsTheMedianOfItsRoundsUnlessARuleSaysOtherwise() {
        let rounds = [
            Self.round(9_000, p99: 30, stall: 0, stallAt: 0, errors: 0),
            Self.round(7_000, p99: 900, stall: 120, stallAt: 6.3, errors: 4),
            Self.round(8_000, p99: 25, stall: 10, stallAt: 2.1, errors: 1),
        ]
        let row = RoundSummary.summarise(rounds, rules: ["stall": .maximum, "stall at": .fromRoundWithHighest("stall"), "errors": .sum])
        #expect(row.workload == "redirect")
        #expect(row.target == "landfall-sqlite")
        #expect(row["req/s"] == MetricValue(8_000, .requestsPerSecond))
        #expect(row["p99"] == MetricValue(30, .milliseconds))
        #expect(row["stall"] == MetricValue(120, .milliseconds))
        #expect(row["stall at"] == MetricValue(6.3, .seconds))
        #expect(row["errors"] == MetricValue(5, .count))
        #expect(row[RoundSummary.roundsMetric] == MetricValue(3, .count))
        #expect(row.metrics.map(\.name) == ["req/s", "p99", "stall", "stall at", "errors", "rounds"])
    }

    @Test func anEvenNumberOfRoundsTakesTheMeanOfTheMiddleTwo() {
        #expect(RoundSummary.median([4, 1, 3, 2]) == 2.5)
        #expect(RoundSummary.median([5]) == 5)
    }

    @Test func roundsWithoutANumberAreLeftOutAndNoneAtAllStaysNaN() {
        #expect(RoundSummary.median([.nan, 2, 4]) == 3)
        #expect(RoundSummary.median([.nan]).isNaN)
        #expect(RoundSummary.median([]).isNaN)
        let rows = [
            ResultRow(workload: "install", target: "t", metrics: [.init("match p99", MetricValue(.nan, .milliseconds))]),
            ResultRow(
                workload: "install", target: "t",
                metrics: [.init("match p99", MetricValue(1.5, .milliseconds)), .init("installs/s", MetricValue(600, .count))]),
        ]
        let row = RoundSummary.summarise(rows)
        #expect(row["match p99"] == MetricValue(1.5, .milliseconds))
        #expect(row["installs/s"] == MetricValue(600, .count))
    }

    @Test func aRatioMeasuredRoundByRoundIsNotReplacedByTheRatioOfMedians() {
        var table = ResultTable()
        table.append(ResultRow(workload: "redirect", target: "bare", metrics: [.init("req/s", MetricValue(20_000, .requestsPerSecond))]))
        table.append(
            ResultRow(
                workload: "redirect", target: "landfall",
                metrics: [
                    .init("req/s", MetricValue(8_000, .requestsPerSecond)), .init("× bare", MetricValue(0.35, .ratio)),
                ]))
        table.addRatio("× bare", of: "req/s", toTarget: "bare")
        #expect(table.rows[0]["× bare"] == MetricValue(1, .ratio))
        #expect(table.rows[1]["× bare"] == MetricValue(0.35, .ratio))
    }
}
