import Foundation

/// What a server answered over time while a load ran: a short stall hides inside a 10-second
/// average and even inside p99, so the counter is sampled every `interval` and the longest
/// stretch in which it did not move is reported beside the per-second series.
struct ThroughputLog: Sendable {
    struct Sample: Sendable {
        /// Since the load started.
        var elapsed: Duration
        var answered: Double
    }

    let samples: [Sample]
    /// The samples of each load run, for a log joined from runs with pauses between them
    /// (``joining(_:)``); one run otherwise.
    private let runs: [ArraySlice<Sample>]

    init(samples: [Sample]) {
        self.samples = samples
        self.runs = [samples[...]]
    }

    /// One log of load runs with pauses between them (the bench counting what retention left,
    /// wrk reading its paths): each run's offset is its start since the first's. A pause is no
    /// stall, since no load ran then. Measured over one log that spanned the pauses, the SQLite fold's
    /// "930 ms stall" was such a pause, while no request of any run took over 107 ms.
    static func joining(_ logs: [(offset: Duration, log: ThroughputLog)]) -> ThroughputLog {
        var samples: [Sample] = []
        var bounds: [Range<Int>] = []
        for (offset, log) in logs {
            let start = samples.count
            samples += log.samples.map { Sample(elapsed: $0.elapsed + offset, answered: $0.answered) }
            bounds.append(start..<samples.count)
        }
        return ThroughputLog(samples: samples, runs: bounds.map { samples[$0] })
    }

    private init(samples: [Sample], runs: [ArraySlice<Sample>]) {
        self.samples = samples
        self.runs = runs
    }

    /// Runs `load` while sampling `counter` every `interval`; the first sample is taken before the load starts.
    static func record<Result: Sendable>(
        every interval: Duration = .milliseconds(50),
        counter: @escaping @Sendable () async throws -> Double,
        during load: () async throws -> Result
    ) async throws -> (Result, ThroughputLog) {
        let clock = ContinuousClock()
        let start = clock.now
        let first = Sample(elapsed: .zero, answered: try await counter())
        let sampler = Task { () -> [Sample] in
            var samples = [first]
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard let answered = try? await counter() else { continue }
                samples.append(Sample(elapsed: clock.now - start, answered: answered))
            }
            return samples
        }
        let (result, samples) = try await runSampling(sampler, during: load)
        return (result, ThroughputLog(samples: samples))
    }

    /// Answers in each whole second of each run (a run's trailing partial second is left out).
    var perSecond: [Double] {
        runs.flatMap { run -> [Double] in
            guard let first = run.first, let last = run.last else { return [] }
            let seconds = Int((last.elapsed - first.elapsed).milliseconds / 1000)
            return (0..<seconds).map { second in
                Self.answered(at: first.elapsed + .seconds(second + 1), in: run)
                    - Self.answered(at: first.elapsed + .seconds(second), in: run)
            }
        }
    }

    /// The longest stretch over which nothing was answered, while the load ran: from the first
    /// answer (before it, wrk is still starting: with 200,000 paths its Lua script takes a few
    /// hundred milliseconds to read them, and that was once reported as the server's stall) to the
    /// last (the quiet tail after the load finished is not a stall either). A counter that moved
    /// between two samples moved somewhere inside that gap, so only the whole gaps before it count.
    var longestStall: Duration { longestStallSpan.length }

    /// When the longest stall began (since the load started) and how long it lasted, over every run.
    var longestStallSpan: (start: Duration, length: Duration) {
        runs.map(Self.longestStallSpan(in:)).max { $0.length < $1.length } ?? (.zero, .zero)
    }

    private static func longestStallSpan(in run: ArraySlice<Sample>) -> (start: Duration, length: Duration) {
        var longest = (start: Duration.zero, length: Duration.zero)
        guard let first = run.first, let last = run.last else { return longest }
        // Never answered at all: the whole run was one stall.
        guard var lastProgress = run.firstIndex(where: { $0.answered > first.answered }) else {
            return (first.elapsed, last.elapsed - first.elapsed)
        }
        for index in run.indices.dropFirst(lastProgress + 1 - run.startIndex) where run[index].answered > run[lastProgress].answered {
            let length = run[index - 1].elapsed - run[lastProgress].elapsed
            if length > longest.length { longest = (run[lastProgress].elapsed, length) }
            lastProgress = index
        }
        return longest
    }

    /// The counter at `time`, interpolated linearly between the samples of `run` around it.
    private static func answered(at time: Duration, in run: ArraySlice<Sample>) -> Double {
        guard let after = run.firstIndex(where: { $0.elapsed >= time }) else { return run.last?.answered ?? 0 }
        guard after > run.startIndex else { return run[after].answered }
        let (low, high) = (run[after - 1], run[after])
        let span = (high.elapsed - low.elapsed).milliseconds
        guard span > 0 else { return high.answered }
        return low.answered + (high.answered - low.answered) * (time - low.elapsed).milliseconds / span
    }

    /// `milliseconds,answered` for every sample, so a stall can be placed in the run.
    func samplesCSV() -> String {
        "milliseconds,answered\n" + samples.map { "\(Int($0.elapsed.milliseconds.rounded())),\(Int($0.answered))" }.joined(separator: "\n")
            + "\n"
    }

    /// `second,answered` lines for the run log.
    func csv() -> String {
        "second,answered\n" + perSecond.enumerated().map { "\($0.offset + 1),\(Int($0.element.rounded()))" }.joined(separator: "\n") + "\n"
    }
}
