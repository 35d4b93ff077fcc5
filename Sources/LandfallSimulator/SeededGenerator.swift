import Foundation
import LandfallRandom

/// The simulator's draws (uniform, chance, normal, log-normal, exponential…) over the package's one
/// SplitMix64 (LandfallRandom), so one seed always yields the same population on every platform and
/// Swift version.
///
/// `SystemRandomNumberGenerator` is not seedable, and the standard library's algorithms that take
/// a generator (`shuffled(using:)`, `randomElement(using:)`) are not promised to stay stable across
/// releases, so the simulator only uses the helpers below.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var base: SplitMix64

    public init(seed: UInt64) {
        base = SplitMix64(seed: seed)
    }

    /// A generator for one independent stream of a simulation (devices, networks, timing…), so
    /// adding a draw to one stream does not shift every other one.
    public init(seed: UInt64, stream: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in stream.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        base = SplitMix64(seed: seed ^ hash)
        _ = base.next()
    }

    public mutating func next() -> UInt64 {
        base.next()
    }

    /// Uniform in [0, 1).
    public mutating func unit() -> Double {
        base.nextUnitInterval()
    }

    /// True with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    /// Uniform in `0..<bound` (bound > 0).
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next() % UInt64(bound))
    }

    /// Uniform in `range`.
    public mutating func between(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// Standard normal (Box-Muller).
    public mutating func normal() -> Double {
        let u1 = max(unit(), 0x1.0p-53)
        let u2 = unit()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// Log-normal with the given median and spread of the logarithm.
    public mutating func logNormal(median: Double, sigma: Double) -> Double {
        median * exp(sigma * normal())
    }

    /// Exponential with the given mean.
    public mutating func exponential(mean: Double) -> Double {
        -mean * log(max(1 - unit(), 0x1.0p-53))
    }
}

/// Picks items by weight with a precomputed cumulative table: O(log n) per draw.
public struct WeightedTable<Item: Sendable>: Sendable {
    public let items: [Item]
    private let cumulative: [Double]

    /// Weights need not sum to one; non-positive weights are never picked.
    public init(_ pairs: [(Item, Double)]) {
        precondition(!pairs.isEmpty, "a weighted table needs at least one item")
        items = pairs.map(\.0)
        var running = 0.0
        cumulative = pairs.map { pair in
            running += max(0, pair.1)
            return running
        }
        precondition(running > 0, "a weighted table needs a positive weight")
    }

    public func pick(_ random: inout SeededGenerator) -> Item {
        items[pickIndex(&random)]
    }

    public func pickIndex(_ random: inout SeededGenerator) -> Int {
        let target = random.unit() * (cumulative.last ?? 1)
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let mid = (low + high) / 2
            if cumulative[mid] > target { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// Zipf-distributed ranks 0..<count: rank k has weight 1 / (k+1)^exponent.
    public static func zipf(count: Int, exponent: Double) -> WeightedTable<Int> {
        WeightedTable<Int>((0..<max(1, count)).map { ($0, 1 / pow(Double($0 + 1), exponent)) })
    }
}
