import Foundation

/// Offers requests at a steady rate for a while and counts what was accepted, then compares that
/// with what an exact token bucket accepts: `burst` at once plus `rate` per second after.
struct LimitsPacer: Sendable {
    struct Row: Sendable {
        var target: String
        var configuredPerSecond: Double
        var offeredPerSecond: Double
        var acceptedPerSecond: Double
        var expectedPerSecond: Double

        /// How far the accepted rate is from the exact bucket's, in % of the latter.
        var errorPercent: Double { abs(acceptedPerSecond - expectedPerSecond) / expectedPerSecond * 100 }

        var lines: [String] {
            let format = { (value: Double) in String(format: "%.1f", value) }
            return [
                "limits\t\(target)\tconfigured_per_s\t\(format(configuredPerSecond))",
                "limits\t\(target)\toffered_per_s\t\(format(offeredPerSecond))",
                "limits\t\(target)\taccepted_per_s\t\(format(acceptedPerSecond))",
                "limits\t\(target)\terror_pct\t\(String(format: "%.2f", errorPercent))",
            ]
        }
    }

    let seconds: Double

    /// Calls `attempt` `offered` times a second for `seconds` (at most `concurrency` in flight) and
    /// returns how many it accepted per second over the time from the first offer to the last (the
    /// window the buckets saw, whatever the answers' latency).
    func run(offered: Double, concurrency: Int, _ attempt: @escaping @Sendable () async -> Bool) async -> (
        accepted: Double, elapsed: Double
    ) {
        let clock = ContinuousClock()
        let start = clock.now
        let total = Int(offered * seconds)
        let (accepted, elapsed) = await withTaskGroup(of: Bool.self) { group in
            var sent = 0, inFlight = 0, accepted = 0
            while sent < total {
                let elapsed = Self.seconds(clock.now - start)
                let due = min(total, Int(elapsed * offered) + 1)
                while sent < due {
                    if inFlight >= concurrency, let outcome = await group.next() {
                        inFlight -= 1
                        if outcome { accepted += 1 }
                    }
                    group.addTask { await attempt() }
                    sent += 1
                    inFlight += 1
                }
                try? await Task.sleep(for: .microseconds(200))
            }
            let offering = Self.seconds(clock.now - start)
            for await outcome in group where outcome { accepted += 1 }
            return (accepted, offering)
        }
        return (Double(accepted) / elapsed, elapsed)
    }

    /// What an exact bucket accepts per second over `elapsed` seconds of `offered` a second.
    static func expected(offered: Double, rate: Double, burst: Double, elapsed: Double) -> Double {
        min(offered, (burst + rate * elapsed) / elapsed)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
