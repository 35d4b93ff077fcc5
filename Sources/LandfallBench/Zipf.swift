import Foundation

/// Ranks 1...count drawn with probability proportional to 1/rankˢ: a few links get most clicks.
///
/// The cumulative distribution is computed once (8 bytes per rank, 8 MB for a million), and each
/// draw is a binary search over it, so it is exact and deterministic for a given generator.
///
/// ```swift
/// let zipf = try Zipf(count: 1_000_000)
/// var random = SplitMix64(seed: 42)
/// let rank = zipf.sample(using: &random)   // 1 is the most likely
/// ```
public struct Zipf: Sendable {
    /// The number of ranks.
    public let count: Int
    /// The exponent s; 1 is the classic Zipf law.
    public let exponent: Double
    /// cumulative[i] = P(rank ≤ i + 1); the last element is 1.
    private let cumulative: [Double]

    public init(count: Int, exponent: Double = 1.0) throws {
        guard count >= 1 else { throw BenchError(.invalidInput, "a Zipf distribution needs at least one rank, not \(count)") }
        guard exponent.isFinite, exponent >= 0 else {
            throw BenchError(.invalidInput, "the Zipf exponent must be a finite number ≥ 0, not \(exponent)")
        }
        self.count = count
        self.exponent = exponent
        var cumulative = [Double]()
        cumulative.reserveCapacity(count)
        var sum = 0.0
        for rank in 1...count {
            sum += Self.weight(rank, exponent)
            cumulative.append(sum)
        }
        for index in cumulative.indices {
            cumulative[index] /= sum
        }
        cumulative[count - 1] = 1
        self.cumulative = cumulative
    }

    /// The probability of drawing `rank` (0 outside 1...count).
    public func probability(of rank: Int) -> Double {
        guard (1...count).contains(rank) else { return 0 }
        return cumulative[rank - 1] - (rank > 1 ? cumulative[rank - 2] : 0)
    }

    /// Draws a rank in 1...count.
    public func sample(using generator: inout some RandomNumberGenerator) -> Int {
        // A uniform value in [0, 1) from the top 53 bits.
        let u = Double(generator.next() >> 11) * 0x1p-53
        // The first index whose cumulative probability exceeds u.
        var low = 0
        var high = count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] > u {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low + 1
    }

    /// `n` draws.
    public func samples(_ n: Int, using generator: inout some RandomNumberGenerator) -> [Int] {
        (0..<max(n, 0)).map { _ in sample(using: &generator) }
    }

    private static func weight(_ rank: Int, _ exponent: Double) -> Double {
        exponent == 1 ? 1 / Double(rank) : 1 / pow(Double(rank), exponent)
    }
}
