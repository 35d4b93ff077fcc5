import LandfallModels
import NIOConcurrencyHelpers

/// Counters and latency distributions of one server process, read by `GET /api/metrics`.
///
/// Process-local on purpose: every server of a scale-out deployment is scraped on its own.
public final class ServerMetrics: Sendable {
    /// What a followed short URL was answered with.
    enum RedirectOutcome: String, Sendable, CaseIterable {
        case redirect, interstitial, preview, warning, notFound = "not_found", gone
    }

    private struct State: Sendable {
        var redirects: [RedirectOutcome: Int] = [:]
        var clicksQueued = 0
        var clicksDropped = 0
        var clicksWritten = 0
        var clickBatches = 0
        var installs: [String: Int] = [:]
        var installMatch = LatencyHistogram()
        var eventsStored = 0
        var eventCommits = 0
        var eventCommit = LatencyHistogram()
    }

    private let state = NIOLockedValueBox(State())

    public init() {}

    func redirectServed(_ outcome: RedirectOutcome) {
        state.withLockedValue { $0.redirects[outcome, default: 0] += 1 }
    }

    func clickQueued() {
        state.withLockedValue { $0.clicksQueued += 1 }
    }

    func clicksDropped(_ count: Int) {
        state.withLockedValue { $0.clicksDropped += count }
    }

    func clicksWritten(_ count: Int) {
        state.withLockedValue { state in
            state.clicksWritten += count
            state.clickBatches += 1
        }
    }

    /// One install decided: its method and how long finding and scoring its candidates took.
    func installMatched(method: InstallMethod, duration: Duration) {
        state.withLockedValue { state in
            state.installs[method.rawValue, default: 0] += 1
            state.installMatch.record(duration)
        }
    }

    /// One group commit of `count` events.
    func eventsCommitted(_ count: Int, duration: Duration) {
        state.withLockedValue { state in
            state.eventsStored += count
            state.eventCommits += 1
            state.eventCommit.record(duration)
        }
    }

    typealias Sample = (name: String, help: String, value: Int)

    /// The Prometheus text exposition of everything counted here, plus counters and gauges kept elsewhere.
    func exposition(counters: [Sample], gauges: [Sample]) -> String {
        let state = state.withLockedValue { $0 }
        var text = PrometheusText()
        text.counter(
            "landfall_redirects_total", help: "Short URLs followed, by what was answered.",
            labelled: RedirectOutcome.allCases.map { ("outcome=\"\($0.rawValue)\"", state.redirects[$0] ?? 0) })
        text.counter("landfall_clicks_queued_total", help: "Clicks handed to the click recorder.", value: state.clicksQueued)
        text.counter("landfall_clicks_written_total", help: "Clicks committed to the database.", value: state.clicksWritten)
        text.counter(
            "landfall_clicks_dropped_total", help: "Clicks dropped because the buffer was full while the database refused batches.",
            value: state.clicksDropped)
        text.counter("landfall_click_batches_total", help: "Click batches committed.", value: state.clickBatches)
        text.counter(
            "landfall_installs_total", help: "Installs decided, by attribution method.",
            labelled: state.installs.sorted { $0.key < $1.key }.map { ("method=\"\($0.key)\"", $0.value) })
        text.summary("landfall_install_match_seconds", help: "Time to fetch and score an install's candidate clicks.", state.installMatch)
        text.counter("landfall_events_stored_total", help: "Events committed (new or recognised as retries).", value: state.eventsStored)
        text.counter("landfall_event_commits_total", help: "Group commits of events.", value: state.eventCommits)
        text.summary("landfall_event_commit_seconds", help: "Time of one group commit of events.", state.eventCommit)
        for counter in counters {
            text.counter(counter.name, help: counter.help, value: counter.value)
        }
        for gauge in gauges {
            text.gauge(gauge.name, help: gauge.help, value: gauge.value)
        }
        return text.output
    }
}

/// Builds Prometheus' text format, version 0.0.4.
private struct PrometheusText {
    var output = ""

    mutating func counter(_ name: String, help: String, value: Int) {
        header(name, help: help, type: "counter")
        output += "\(name) \(value)\n"
    }

    mutating func counter(_ name: String, help: String, labelled values: [(labels: String, value: Int)]) {
        header(name, help: help, type: "counter")
        for (labels, value) in values {
            output += "\(name){\(labels)} \(value)\n"
        }
    }

    mutating func gauge(_ name: String, help: String, value: Int) {
        header(name, help: help, type: "gauge")
        output += "\(name) \(value)\n"
    }

    mutating func summary(_ name: String, help: String, _ histogram: LatencyHistogram) {
        header(name, help: help, type: "summary")
        for quantile in [0.5, 0.9, 0.99, 0.999] {
            let value = histogram.quantile(quantile).map { "\($0.seconds)" } ?? "NaN"
            output += "\(name){quantile=\"\(quantile)\"} \(value)\n"
        }
        output += "\(name)_sum \(histogram.sum.seconds)\n"
        output += "\(name)_count \(histogram.count)\n"
    }

    private mutating func header(_ name: String, help: String, type: String) {
        output += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }
}
