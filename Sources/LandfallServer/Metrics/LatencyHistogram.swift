import Foundation

/// Durations in log-spaced buckets (eight per doubling, so a quantile is within about 9%), from
/// one microsecond to about a minute; constant memory however many are recorded.
struct LatencyHistogram: Sendable {
    private static let bucketsPerDoubling = 8.0
    private static let bucketCount = 8 * 26

    private var buckets = [Int](repeating: 0, count: LatencyHistogram.bucketCount)
    private(set) var count = 0
    private(set) var sum: Duration = .zero

    mutating func record(_ duration: Duration) {
        count += 1
        sum += duration
        buckets[Self.bucket(of: duration)] += 1
    }

    /// The duration below which a fraction `q` of the recorded ones fall, interpolated inside its
    /// bucket; nil when nothing was recorded.
    func quantile(_ q: Double) -> Duration? {
        guard count > 0 else { return nil }
        let rank = max(1, (q * Double(count)).rounded(.up))
        var seen = 0.0
        for (index, inBucket) in buckets.enumerated() where inBucket > 0 {
            if seen + Double(inBucket) >= rank {
                let lower = Self.lowerBound(of: index)
                let upper = Self.lowerBound(of: index + 1)
                let within = (rank - seen) / Double(inBucket)
                return .microseconds(lower + (upper - lower) * within)
            }
            seen += Double(inBucket)
        }
        return .microseconds(Self.lowerBound(of: buckets.count))
    }

    private static func bucket(of duration: Duration) -> Int {
        let microseconds = duration.seconds * 1_000_000
        guard microseconds > 1 else { return 0 }
        let index = Int((log2(microseconds) * bucketsPerDoubling).rounded(.down)) + 1
        return min(index, bucketCount - 1)
    }

    /// Bucket 0 holds everything up to 1 µs; bucket i > 0 starts at 2^((i-1)/8) µs.
    private static func lowerBound(of index: Int) -> Double {
        index == 0 ? 0 : pow(2, Double(index - 1) / bucketsPerDoubling)
    }
}

extension Duration {
    /// The duration in seconds as a floating-point number.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
