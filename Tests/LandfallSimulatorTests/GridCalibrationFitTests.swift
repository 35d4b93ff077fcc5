import LandfallAttribution
import Testing

@testable import LandfallSimulator

@Suite("Calibration fitted from the grid")
struct GridCalibrationFitTests {
    static func bucket(_ lower: Int, count: Int, predicted: Double, observed: Double) -> CalibrationBucket {
        CalibrationBucket(lower: lower, upper: lower + 10, count: count, meanPredicted: predicted, observed: observed)
    }

    /// A world whose installs are all of one platform, which learned `share`.
    static func result(
        _ cell: SimulationGrid.Cell, learning: Bool = true, _ buckets: [CalibrationBucket], platform: String = "ios", share: Double = 0.8
    ) -> SimulationGrid.Result {
        SimulationGrid.Result(
            cell: cell, learning: learning, measuredInstalls: buckets.reduce(0) { $0 + $1.count }, precisionAtDefault: nil,
            recallAtDefault: 0, recallAtPrecision97: 0, baselineRecallAtPrecision97: 0, precisionAtTarget: nil, recallAtTarget: nil,
            worstCalibrationGap: 0, learnedClickedShare: [platform: share], trueClickedShare: [:], calibration: buckets,
            calibrationByPlatform: [platform: buckets], seconds: 0)
    }

    @Test("pools each density's worlds by install count, once per distinct world, keyed on a day's clicks of one platform")
    func poolsByDensity() {
        let sparse = SimulationGrid.Cell(name: "sparse", clicksPerDay: 500)
        let busy = SimulationGrid.Cell(name: "busy")
        let busyElsewhere = SimulationGrid.Cell(name: "busy elsewhere", audience: .sunbelt)
        let busyBuckets = [
            Self.bucket(40, count: 300, predicted: 45, observed: 50), Self.bucket(90, count: 1000, predicted: 98, observed: 99),
        ]
        let results = [
            Self.result(
                sparse, [Self.bucket(40, count: 250, predicted: 44, observed: 70), Self.bucket(50, count: 50, predicted: 55, observed: 90)]),
            Self.result(busy, busyBuckets),
            // Posted without tokens, a token cell is the base world again: it must not count twice.
            Self.result(SimulationGrid.Cell(name: "tokens", tokenShare: 0.4), busyBuckets),
            Self.result(busyElsewhere, [Self.bucket(40, count: 100, predicted: 41, observed: 30)]),
            // A run on the defaults is not the engine the server runs.
            Self.result(busy, learning: false, [Self.bucket(40, count: 5000, predicted: 45, observed: 0)]),
        ]
        let calibration = CalibrationFit.fit(grid: results, postedDays: 4)
        #expect(calibration.bands.map(\.clickCount) == [500, 5000])
        // Sparse: the 50-60 decile has too few installs to stand alone.
        #expect(calibration.bands[0].knots == [.init(0.44, 0.70)])
        // Busy: (300 × 45 + 100 × 41) / 400 stated against (300 × 50 + 100 × 30) / 400 right.
        let busyKnots = calibration.bands[1].knots
        #expect(busyKnots.count == 2)
        #expect(abs(busyKnots[0].posterior - 0.44) < 1e-9)
        #expect(abs(busyKnots[0].calibrated - 0.45) < 1e-9)
        #expect(busyKnots[1] == .init(0.98, 0.99))
    }

    @Test("deciles out of order are pooled into one knot, so the curve never falls")
    func monotone() {
        let cell = SimulationGrid.Cell(name: "busy")
        let results = [
            Self.result(
                cell, [Self.bucket(30, count: 200, predicted: 35, observed: 60), Self.bucket(40, count: 200, predicted: 45, observed: 40)])
        ]
        let knots = CalibrationFit.fit(grid: results, postedDays: 4).bands[0].knots
        #expect(knots.count == 1)
        #expect(abs(knots[0].posterior - 0.40) < 1e-9)
        #expect(abs(knots[0].calibrated - 0.50) < 1e-9)
    }

    @Test("keys a band on each organic share and platform, at the share its worlds' models learned, weighted by their installs")
    func keyedOnTheLearnedShare() {
        let half = SimulationGrid.Cell(name: "half organic", organicShare: 0.5)
        let base = SimulationGrid.Cell(name: "base")
        let results = [
            Self.result(half, [Self.bucket(50, count: 300, predicted: 55, observed: 40)], share: 0.5),
            // Another seed of the same world: pooled, its learned share weighed by its 100 installs.
            Self.result(half, [Self.bucket(50, count: 100, predicted: 55, observed: 40)], share: 0.58),
            Self.result(base, [Self.bucket(50, count: 400, predicted: 55, observed: 70)], share: 0.8),
            Self.result(base, [Self.bucket(50, count: 400, predicted: 55, observed: 60)], platform: "android", share: 0.9),
        ]
        let bands = CalibrationFit.fit(grid: results, postedDays: 4).bands
        #expect(bands.map(\.clickCount) == [5000, 5000, 5000])
        let shares = bands.compactMap(\.clickedShare)
        #expect(shares.count == 3)
        #expect(abs(shares[0] - 0.52) < 1e-9)
        #expect(shares[1...] == [0.8, 0.9])
        #expect(bands.map { $0.knots.map(\.calibrated) } == [[0.4], [0.7], [0.6]])
        // Printed as Swift with its key, for ConfidenceCalibration.standard.
        let literal = CalibrationFit.swiftLiteral(ConfidenceCalibration(bands: [bands[1]]))
        #expect(literal.contains(".init(clickCount: 5000, clickedShare: 0.800, knots:"))
    }
    @Test("pooling platforms, keys one band per organic share on both platforms' learned shares, weighted by their installs")
    func pooledAcrossPlatforms() {
        let base = SimulationGrid.Cell(name: "base")
        let ios = [Self.bucket(50, count: 300, predicted: 55, observed: 70)]
        let android = [Self.bucket(50, count: 100, predicted: 55, observed: 50)]
        var world = Self.result(base, ios + android, share: 0.8)
        world.learnedClickedShare = ["ios": 0.8, "android": 0.9]
        world.calibrationByPlatform = ["ios": ios, "android": android]
        let bands = CalibrationFit.fit(grid: [world], postedDays: 4, minimumCount: 50, poolingPlatforms: true).bands
        #expect(bands.count == 1)
        #expect(abs((bands.first?.clickedShare ?? 0) - 0.825) < 1e-9)
        // 300 installs right 70 % of the time and 100 right 50 %: 65 %.
        #expect(bands.first.map { $0.knots.map(\.calibrated) } == [0.65])
    }
}
