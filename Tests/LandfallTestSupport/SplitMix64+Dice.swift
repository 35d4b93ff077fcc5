import LandfallRandom

/// The generated test inputs draw from the package's one SplitMix64 (LandfallRandom), so one seed
/// gives the same inputs on every run.
extension SplitMix64 {
    /// Uniform enough in `0..<upperBound` for choosing test inputs (a modulo, slightly biased).
    public mutating func next(_ upperBound: Int) -> Int {
        Int(next() % UInt64(upperBound))
    }
}
