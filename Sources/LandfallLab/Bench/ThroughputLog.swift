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
        let result: Result
        do {
            result = try await load()
        } catch {
            sampler.cancel()
            _ = await sampler.value
            throw error
        }
        sampler.cancel()
        return (result, ThroughputLog(samples: await sampler.value))
    }

    /// Answers in each whole second of the run (a trailing partial second is left out).
    var perSecond: [Double] {
        guard let last = samples.last else { return [] }
        let seconds = Int(last.elapsed.milliseconds / 1000)
        return (0..<seconds).map { second in
            answered(at: .seconds(second + 1)) - answered(at: .seconds(second))
        }
    }

    /// The longest stretch over which nothing was answered, while the load ran: from the first
    /// answer (before it, wrk is still starting: with 200,000 paths its Lua script takes a few
    /// hundred milliseconds to read them, and that was once reported as the server's stall) to the
    /// last (the quiet tail after the load finished is not a stall either). A counter that moved
    /// between two samples moved somewhere inside that gap, so only the whole gaps before it count.
    var longestStall: Duration { longestStallSpan.length }

    /// When the longest stall began (since the load started) and how long it lasted.
    var longestStallSpan: (start: Duration, length: Duration) {
        var longest = (start: Duration.zero, length: Duration.zero)
        guard let first = samples.first, let last = samples.last else { return longest }
        // Never answered at all: the whole run was one stall.
        guard var lastProgress = samples.firstIndex(where: { $0.answered > first.answered }) else { return (.zero, last.elapsed) }
        for index in samples.indices.dropFirst(lastProgress + 1) where samples[index].answered > samples[lastProgress].answered {
            let length = samples[index - 1].elapsed - samples[lastProgress].elapsed
            if length > longest.length { longest = (samples[lastProgress].elapsed, length) }
            lastProgress = index
        }
        return longest
    }

    /// The counter at `time`, interpolated linearly between the samples around it.
    private func answered(at time: Duration) -> Double {
        guard let after = samples.firstIndex(where: { $0.elapsed >= time }) else { return samples.last?.answered ?? 0 }
        guard after > 0 else { return samples[after].answered }
        let (low, high) = (samples[after - 1], samples[after])
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
