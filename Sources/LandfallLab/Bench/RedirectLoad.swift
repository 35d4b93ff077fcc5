import Foundation
import LandfallBench

/// The redirect workload: human desktop clicks on Zipf-distributed short URLs, each answered 302.
enum RedirectLoad {
    /// One name for every target, so ratios line up: Landfall records a click per request, the
    /// references only answer.
    static func workload(links: Int) -> String { "redirect (Zipf over \(links.formatted()) links)" }

    static func run(url: String, paths: URL, plan: BenchPlan, directory: URL, name: String) async throws -> WrkResult {
        let script = try WrkScript.cyclingGets(
            pathsFile: paths,
            headers: ["User-Agent": BenchDevices.desktopChrome, "Accept-Language": "en-US,en;q=0.9", "X-Forwarded-For": "81.2.69.160"]
        )
        return try await Wrk.run(
            WrkOptions(url: url, threads: plan.threads, connections: plan.connections, duration: plan.duration, script: script),
            in: directory, name: name
        )
    }

    /// How a redirect row's rounds become one: medians, except the extremes a stall shows in.
    static let roundRules: [String: RoundAggregate] = [
        "max": .maximum, "errors": .sum, "slowest 1 s": .minimum, "stall": .maximum, "stall at": .fromRoundWithHighest("stall"),
    ]

    /// The slowest whole second and the longest time nothing was answered: where a stall shows
    /// that averages and p99 hide.
    static func addStallFigures(to row: inout ResultRow, log: ThroughputLog) {
        if let slowest = log.perSecond.min() {
            row.set("slowest 1 s", MetricValue(slowest, .requestsPerSecond))
        }
        let stall = log.longestStallSpan
        row.set("stall", MetricValue(stall.length.milliseconds, .milliseconds))
        row.set("stall at", MetricValue(stall.start.milliseconds / 1000, .seconds))
    }

    static func row(workload: String, target: String, result: WrkResult, before: ProcessSample, after: ProcessSample) -> ResultRow {
        ResultRow(
            workload: workload, target: target,
            metrics: [
                .init("req/s", MetricValue(result.requestsPerSecond, .requestsPerSecond)),
                .init("p50", MetricValue(result.latency.p50 / 1000, .milliseconds)),
                .init("p99", MetricValue(result.latency.p99 / 1000, .milliseconds)),
                .init("max", MetricValue(result.latency.max / 1000, .milliseconds)),
                .init("CPU/req", MetricValue(after.cpuSeconds(since: before) * 1e6 / Double(max(1, result.requests)), .microseconds)),
                .init("RSS", MetricValue(Double(after.residentBytes) / 1_048_576, .megabytes)),
                .init("errors", MetricValue(Double(result.non2xx3xx + result.errors.socket), .count)),
            ])
    }
}
