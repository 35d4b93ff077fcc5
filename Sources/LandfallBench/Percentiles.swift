/// Exact percentiles of a set of measurements (nearest-rank on the sorted values).
///
/// ```swift
/// let latencies = Percentiles([12, 15, 11, 40])
/// latencies.p50   // 12
/// latencies.percentile(99)   // 40
/// ```
public struct Percentiles: Sendable, Hashable {
    /// The values in ascending order.
    public let sorted: [Double]

    public init(_ values: some Sequence<Double>) {
        self.sorted = values.sorted()
    }

    public var count: Int { sorted.count }
    public var isEmpty: Bool { sorted.isEmpty }

    /// The smallest value `v` with at least `p` percent of the values ≤ `v`; nil when there are no values.
    ///
    /// `p` is clamped to 0...100; percentile(0) is the minimum and percentile(100) the maximum.
    public func percentile(_ p: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let clamped = Swift.min(Swift.max(p, 0), 100)
        let rank = Int((clamped / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }

    public var p50: Double? { percentile(50) }
    public var p90: Double? { percentile(90) }
    public var p99: Double? { percentile(99) }
    public var min: Double? { sorted.first }
    public var max: Double? { sorted.last }

    /// The arithmetic mean; nil when there are no values.
    public var mean: Double? {
        sorted.isEmpty ? nil : sorted.reduce(0, +) / Double(sorted.count)
    }
}
