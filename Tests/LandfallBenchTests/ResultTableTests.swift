import Foundation
import LandfallBench
import Testing

@Suite("Result table")
struct ResultTableTests {
    static func sample() -> ResultTable {
        var table = ResultTable()
        table.append(
            ResultRow(
                workload: "redirect", target: "nginx",
                metrics: [
                    .init("throughput", MetricValue(98_211.4, .requestsPerSecond)),
                    .init("p99", MetricValue(1.2, .milliseconds)),
                ]))
        table.append(
            ResultRow(
                workload: "redirect", target: "landfall (sqlite)",
                metrics: [
                    .init("throughput", MetricValue(41_022, .requestsPerSecond)),
                    .init("p99", MetricValue(3.85, .milliseconds)),
                ]))
        table.append(
            ResultRow(
                workload: "install", target: "landfall (sqlite)",
                metrics: [
                    .init("throughput", MetricValue(5_000, .requestsPerSecond))
                ]))
        table.addRatio("vs nginx", of: "throughput", toTarget: "nginx")
        return table
    }

    @Test func ratiosAreFormattedWithATimesSign() {
        #expect(MetricValue(0.8312, .ratio).formatted == "0.83×")
        #expect(MetricValue.ratio(5, to: 4)?.formatted == "1.25×")
        #expect(MetricValue.ratio(5, to: 0) == nil)
    }

    @Test func numbersAreRoundedForTheirUnit() {
        #expect(MetricValue(41_022.6, .requestsPerSecond).formatted == "41023 req/s")
        #expect(MetricValue(3.8512, .milliseconds).formatted == "3.85 ms")
        #expect(MetricValue(250.4, .milliseconds).formatted == "250 ms")
        #expect(MetricValue(0.5, .milliseconds).formatted == "0.500 ms")
        #expect(MetricValue(12.34, .percent).formatted == "12.3%")
        #expect(MetricValue(7, .count).formatted == "7")
    }

    @Test func ratioColumnsCompareWithTheBaselineOfTheSameWorkload() {
        let table = Self.sample()
        #expect(table.rows[0]["vs nginx"] == MetricValue(1, .ratio))
        #expect(table.rows[1]["vs nginx"]?.formatted == "0.42×")
        // No nginx row for "install": no ratio.
        #expect(table.rows[2]["vs nginx"] == nil)
    }

    @Test func textAlignsColumns() {
        let expected = """
            workload  target             throughput (req/s)  p99 (ms)  vs nginx
            redirect  nginx                           98211      1.20     1.00×
            redirect  landfall (sqlite)               41022      3.85     0.42×
            install   landfall (sqlite)                5000         -         -

            """
        #expect(Self.sample().renderText() == expected)
    }

    @Test func markdownRightAlignsNumbers() {
        let expected = """
            | workload | target | throughput (req/s) | p99 (ms) | vs nginx |
            | --- | --- | ---: | ---: | ---: |
            | redirect | nginx | 98211 | 1.20 | 1.00× |
            | redirect | landfall (sqlite) | 41022 | 3.85 | 0.42× |
            | install | landfall (sqlite) | 5000 | - | - |

            """
        #expect(Self.sample().renderMarkdown() == expected)
    }

    @Test func jsonHoldsEveryMetricWithItsUnit() throws {
        struct Document: Decodable {
            struct Row: Decodable {
                struct Metric: Decodable {
                    var name: String
                    var value: Double
                    var unit: String
                }

                var workload: String
                var target: String
                var metrics: [Metric]
            }

            var rows: [Row]
        }
        let json = try Self.sample().renderJSON()
        let document = try JSONDecoder().decode(Document.self, from: Data(json.utf8))
        #expect(document.rows.count == 3)
        #expect(document.rows[1].target == "landfall (sqlite)")
        #expect(document.rows[1].metrics.map(\.name) == ["throughput", "p99", "vs nginx"])
        #expect(document.rows[1].metrics[0].value == 41_022)
        #expect(document.rows[1].metrics[0].unit == "req/s")
        #expect(document.rows[1].metrics[2].unit == "×")
    }

    @Test func csvHasOneLinePerMetricAndQuotesCommas() {
        var table = ResultTable()
        table.append(
            ResultRow(
                workload: "redirect, zipf", target: "say \"hi\"",
                metrics: [
                    .init("throughput", MetricValue(100, .requestsPerSecond)),
                    .init("p99", MetricValue(1.25, .milliseconds)),
                ]))
        let expected = #"""
            workload,target,metric,value,unit
            "redirect, zipf","say ""hi""",throughput,100,req/s
            "redirect, zipf","say ""hi""",p99,1.25,ms

            """#
        #expect(table.renderCSV() == expected)
    }

    @Test func aCellInAnotherUnitThanItsColumnSaysSo() {
        var table = ResultTable()
        table.append(ResultRow(workload: "w", target: "a", metrics: [.init("latency", MetricValue(2, .milliseconds))]))
        table.append(ResultRow(workload: "w", target: "b", metrics: [.init("latency", MetricValue(900, .microseconds))]))
        #expect(table.renderText().contains("900 µs"))
    }
}
