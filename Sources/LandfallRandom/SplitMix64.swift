/// A small, fast, seeded pseudo-random generator (Steele, Lea and Flood's SplitMix64): the package's
/// one copy of it.
///
/// The simulator, the benchmarks and the generated test inputs use it instead of
/// `SystemRandomNumberGenerator` so that the same seed gives the same population, workload or inputs
/// on every run, machine and Swift version. It lives in a target of its own, with no dependencies, so
/// that both the product's `simulate` command (through LandfallSimulator) and the lab can use it
/// without either depending on the other.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        self.state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform `Double` in [0, 1) from the top 53 bits of the next value.
    public mutating func nextUnitInterval() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}
