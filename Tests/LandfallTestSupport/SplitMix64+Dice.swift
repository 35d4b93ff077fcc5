import LandfallBench

/// The generated test inputs draw from the lab's SplitMix64, so one seed gives the same inputs on
/// every run, and the package keeps one copy of the generator.
extension SplitMix64 {
    /// Uniform enough in `0..<upperBound` for choosing test inputs (a modulo, slightly biased).
    public mutating func next(_ upperBound: Int) -> Int {
        Int(next() % UInt64(upperBound))
    }
}
