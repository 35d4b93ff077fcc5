import LandfallBench
import Testing

@Suite("Percentiles")
struct PercentilesTests {
    @Test func nearestRankOfOneToAHundred() {
        let values = Percentiles((1...100).map(Double.init).shuffled())
        #expect(values.p50 == 50)
        #expect(values.p90 == 90)
        #expect(values.p99 == 99)
        #expect(values.percentile(100) == 100)
        #expect(values.percentile(0) == 1)
        #expect(values.min == 1)
        #expect(values.max == 100)
        #expect(values.mean == 50.5)
    }

    @Test func smallSetsRoundTheRankUp() {
        let values = Percentiles([40, 10, 30, 20])
        #expect(values.p50 == 20)
        #expect(values.percentile(51) == 30)
        #expect(values.p99 == 40)
    }

    @Test func oneValueIsEveryPercentile() {
        let values = Percentiles([7])
        #expect(values.p50 == 7)
        #expect(values.p99 == 7)
    }

    @Test func noValuesHaveNoPercentiles() {
        let values = Percentiles([Double]())
        #expect(values.isEmpty)
        #expect(values.p50 == nil)
        #expect(values.mean == nil)
    }
}
