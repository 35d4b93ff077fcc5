import LandfallBench
import LandfallRandom
import Testing

@Suite("Zipf sampling")
struct ZipfTests {
    @Test func theSameSeedDrawsTheSameRanks() throws {
        let zipf = try Zipf(count: 1_000)
        var first = SplitMix64(seed: 7)
        var second = SplitMix64(seed: 7)
        #expect(zipf.samples(1_000, using: &first) == zipf.samples(1_000, using: &second))
    }

    @Test func differentSeedsDrawDifferentRanks() throws {
        let zipf = try Zipf(count: 1_000)
        var first = SplitMix64(seed: 1)
        var second = SplitMix64(seed: 2)
        #expect(zipf.samples(200, using: &first) != zipf.samples(200, using: &second))
    }

    @Test func splitMix64MatchesTheReferenceSequence() {
        // The first outputs of SplitMix64 seeded with 0, from Vigna's reference implementation.
        var generator = SplitMix64(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(generator.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func everyDrawIsARankInRange() throws {
        let zipf = try Zipf(count: 50, exponent: 1.2)
        var random = SplitMix64(seed: 3)
        let draws = zipf.samples(10_000, using: &random)
        #expect(draws.allSatisfy { (1...50).contains($0) })
    }

    @Test func rankOneIsTheMostFrequent() throws {
        let zipf = try Zipf(count: 10_000)
        var random = SplitMix64(seed: 11)
        var counts = [Int: Int]()
        for rank in zipf.samples(100_000, using: &random) { counts[rank, default: 0] += 1 }
        let mostFrequent = try #require(counts.max { $0.value < $1.value })
        #expect(mostFrequent.key == 1)
    }

    @Test func frequenciesFollowOneOverRank() throws {
        let zipf = try Zipf(count: 1_000)
        var random = SplitMix64(seed: 42)
        let draws = 400_000
        var counts = [Int](repeating: 0, count: 1_001)
        for rank in zipf.samples(draws, using: &random) { counts[rank] += 1 }
        // With s = 1, rank k is drawn 1/k as often as rank 1.
        for rank in [2, 3, 4, 5, 10] {
            let ratio = Double(counts[1]) / Double(counts[rank])
            #expect(abs(ratio - Double(rank)) / Double(rank) < 0.1, "rank 1 / rank \(rank) = \(ratio)")
        }
        // And each count is close to what the distribution predicts.
        for rank in [1, 2, 10, 100] {
            let expected = zipf.probability(of: rank) * Double(draws)
            #expect(abs(Double(counts[rank]) - expected) / expected < 0.15, "rank \(rank): \(counts[rank]) vs \(expected)")
        }
    }

    @Test func probabilitiesSumToOne() throws {
        let zipf = try Zipf(count: 1_000, exponent: 0.8)
        let total = (1...1_000).reduce(0.0) { $0 + zipf.probability(of: $1) }
        #expect(abs(total - 1) < 1e-9)
        #expect(zipf.probability(of: 0) == 0)
        #expect(zipf.probability(of: 1_001) == 0)
    }

    @Test func exponentZeroIsUniform() throws {
        let zipf = try Zipf(count: 4, exponent: 0)
        for rank in 1...4 {
            #expect(abs(zipf.probability(of: rank) - 0.25) < 1e-12)
        }
    }

    @Test func aMillionRanksAreCheapToSample() throws {
        let zipf = try Zipf(count: 1_000_000)
        var random = SplitMix64(seed: 5)
        let draws = zipf.samples(10_000, using: &random)
        #expect(draws.allSatisfy { (1...1_000_000).contains($0) })
        #expect(draws.contains(1))
    }

    @Test func anEmptyRangeIsRejected() {
        #expect(throws: BenchError.self) { try Zipf(count: 0) }
        #expect(throws: BenchError.self) { try Zipf(count: 10, exponent: -1) }
    }
}
