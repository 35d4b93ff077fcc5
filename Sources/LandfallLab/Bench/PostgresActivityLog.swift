import Foundation
import LandfallStore
import Logging
import PostgresNIO

/// What PostgreSQL's processes and the machine's CPUs were doing while retention ran, sampled on
/// the throughput log's clock, so the longest stall can be set beside what was running in it.
/// The stall figure alone had swung 55-168 ms between runs of one build with no way to tell
/// which step of the sweep (token batches, the fold's grouped read, the drop) or which of
/// PostgreSQL's own processes (checkpointer, autovacuum) lined up with it.
struct PostgresActivityLog: Sendable {
    /// One process that was not idle at a sample.
    struct Backend: Sendable {
        var pid: Int32
        var kind: String
        var state: String
        /// `type:event`, empty while it runs on a CPU (or waits for one).
        var wait: String
        /// Since its statement started.
        var runningMilliseconds: Double
        var query: String
    }

    /// The machine's CPU time since boot, in clock ticks, from `/proc/stat`'s first line.
    struct CPUTicks: Sendable {
        var busy: UInt64
        var ioWait: UInt64
        var idle: UInt64

        static func read() -> CPUTicks? {
            guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
                let line = text.split(separator: "\n").first, line.hasPrefix("cpu ")
            else { return nil }
            let fields = line.split(separator: " ").dropFirst().compactMap { UInt64($0) }
            guard fields.count >= 5 else { return nil }
            // user nice system idle iowait irq softirq steal …
            return CPUTicks(
                busy: fields.enumerated().filter { ![3, 4].contains($0.offset) }.reduce(0) { $0 + $1.element },
                ioWait: fields[4], idle: fields[3])
        }
    }

    struct Sample: Sendable {
        /// On the throughput log's clock: since the first load run started.
        var elapsed: Duration
        var backends: [Backend]
        var cpu: CPUTicks?
    }

    let samples: [Sample]

    static let query = """
        SELECT pid, coalesce(backend_type, ''), coalesce(state, ''),
            coalesce(wait_event_type || ':' || wait_event, ''),
            coalesce(extract(epoch FROM clock_timestamp() - query_start) * 1000, 0)::float8,
            left(regexp_replace(coalesce(query, ''), '\\s+', ' ', 'g'), 140)
        FROM pg_stat_activity
        WHERE pid <> pg_backend_pid() AND (state IS NULL OR state <> 'idle')
            AND NOT (backend_type <> 'client backend' AND wait_event_type = 'Activity')
        """

    /// Samples every `interval` from `start` while `load` runs.
    static func record<Result: Sendable>(
        location: PostgresLocation, since start: ContinuousClock.Instant, every interval: Duration = .milliseconds(50),
        logger: Logger, during load: () async throws -> Result
    ) async throws -> (Result, PostgresActivityLog) {
        var configuration = PostgresClient.Configuration(
            host: location.host, port: location.port, username: location.username, password: location.password,
            database: location.database, tls: .disable
        )
        configuration.options.minimumConnections = 1
        configuration.options.maximumConnections = 1
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let running = Task { await client.run() }
        defer { running.cancel() }
        let sampler = Task { () -> [Sample] in
            var samples: [Sample] = []
            let clock = ContinuousClock()
            while !Task.isCancelled {
                let cpu = CPUTicks.read()
                var backends: [Backend] = []
                do {
                    let rows = try await client.query(PostgresQuery(unsafeSQL: query), logger: logger)
                    for try await (pid, kind, state, wait, running, text) in rows.decode(
                        (Int32, String, String, String, Double, String).self)
                    {
                        backends.append(Backend(pid: pid, kind: kind, state: state, wait: wait, runningMilliseconds: running, query: text))
                    }
                } catch {
                    if Task.isCancelled { break }
                }
                samples.append(Sample(elapsed: clock.now - start, backends: backends, cpu: cpu))
                try? await Task.sleep(for: interval)
            }
            return samples
        }
        let (result, samples) = try await runSampling(sampler, during: load)
        return (result, PostgresActivityLog(samples: samples))
    }

    /// Every sample's processes, one line each: `milliseconds,busy %,iowait %,pid,kind,state,wait,running ms,query`.
    func csv() -> String {
        var lines = ["milliseconds,cpu busy %,cpu iowait %,pid,kind,state,wait,running ms,query"]
        for (index, sample) in samples.enumerated() {
            let (busy, ioWait) = cpuShares(at: index)
            let cpu = "\(Self.percent(busy)),\(Self.percent(ioWait))"
            let at = Int(sample.elapsed.milliseconds.rounded())
            if sample.backends.isEmpty { lines.append("\(at),\(cpu),,,,,,") }
            for backend in sample.backends {
                lines.append(
                    "\(at),\(cpu),\(backend.pid),\(backend.kind),\(backend.state),\(backend.wait),"
                        + "\(Int(backend.runningMilliseconds.rounded())),\"\(backend.query.replacingOccurrences(of: "\"", with: "\"\""))\"")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The samples from `margin` before `span` to `margin` after it, as readable lines: what a
    /// stall lined up with.
    func describe(_ span: (start: Duration, length: Duration), margin: Duration = .milliseconds(150)) -> [String] {
        let window = (span.start - margin)...(span.start + span.length + margin)
        return samples.indices.filter { window.contains(samples[$0].elapsed) }.flatMap { index -> [String] in
            let sample = samples[index]
            let (busy, ioWait) = cpuShares(at: index)
            let header =
                "  \(Int(sample.elapsed.milliseconds.rounded())) ms: CPU busy \(Self.percent(busy)) %, iowait \(Self.percent(ioWait)) %"
            return [header]
                + sample.backends.map {
                    "    \($0.kind) \($0.pid) \($0.state) \($0.wait.isEmpty ? "on CPU" : $0.wait) \(Int($0.runningMilliseconds)) ms: \($0.query.prefix(90))"
                }
        }
    }

    /// The machine's busy and iowait shares between the sample before `index` and it.
    private func cpuShares(at index: Int) -> (busy: Double?, ioWait: Double?) {
        guard index > 0, let now = samples[index].cpu, let before = samples[index - 1].cpu else { return (nil, nil) }
        let busy = Double(now.busy &- before.busy)
        let ioWait = Double(now.ioWait &- before.ioWait)
        let total = busy + ioWait + Double(now.idle &- before.idle)
        guard total > 0 else { return (nil, nil) }
        return (busy / total, ioWait / total)
    }

    private static func percent(_ share: Double?) -> String {
        share.map { String(Int(($0 * 100).rounded())) } ?? ""
    }
}
