import Foundation
import Testing
@testable import LandfallAttribution

/// How many strangers' clicks a network's count hides, learned from the app's installs.
@Suite("Strangers on the install's network")
struct NetworkStrangersTests {
    /// Most networks are homes nobody else clicks from (a rate of 0.02 clicks a window), one in
    /// ten a carrier's or an office's (3): the share of networks showing each count, exactly.
    static func mixture(installs: Double) -> [Double] {
        func poisson(_ k: Int, _ rate: Double) -> Double { exp(-rate) * pow(rate, Double(k)) / Double((1...max(1, k)).reduce(1, *)) }
        return (0...NetworkStrangers.tableSize).map { k in installs * (0.9 * poisson(k, 0.02) + 0.1 * poisson(k, 3)) }
    }

    /// What Bayes says a network showing `k` holds on average, in the same mixture.
    static func expected(given k: Int) -> Double {
        let weights = [(0.9, 0.02), (0.1, 3.0)].map { share, rate in (share * exp(-rate) * pow(rate, Double(k)), rate) }
        return weights.reduce(0) { $0 + $1.0 * $1.1 } / weights.reduce(0) { $0 + $1.0 }
    }

    @Test("Many installs: each count's strangers are what the counts' own mixture says")
    func robbinsEstimateOfTheMixture() {
        let table = NetworkStrangers.table(installs: Self.mixture(installs: 1_000_000), pseudoCount: 100)
        // A quiet network hides a tenth of a click, not the half the smoothing assumes.
        #expect(abs(table[0] - Self.expected(given: 0)) < 0.01)
        #expect(table[0] < 0.2)
        for k in 1..<NetworkStrangers.tableSize {
            #expect(abs(table[k] - Self.expected(given: k)) / Self.expected(given: k) < 0.05, "count \(k)")
        }
    }

    @Test("A handful of installs leaves the counts' own smoothing")
    func fewInstallsKeepTheDefaults() {
        let table = NetworkStrangers.table(installs: Self.mixture(installs: 10), pseudoCount: 100)
        for (learned, prior) in zip(table, NetworkStrangers.defaults) { #expect(abs(learned - prior) < 0.1) }
    }

    @Test("The table never falls as the count rises, and stays within its bounds")
    func monotoneAndBounded() {
        // Noisy bins: more networks showing three clicks than two.
        let table = NetworkStrangers.table(installs: [10_000, 50, 5, 40, 0], pseudoCount: 1)
        #expect(zip(table, table.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(table.allSatisfy { $0 >= NetworkStrangers.minimumExpected })
        for (count, value) in table.enumerated() { #expect(value <= Double(count) + NetworkStrangers.maximumOver) }
        // No network showing a count: above the table a count stands as it is.
        #expect(NetworkStrangers.expected(strangers: 9, table: table) == 9)
    }

    @Test("The prefix's count is read back from its share among the clicks carrying a network")
    func prefixCountFromShare() {
        let carried = InstallShares(ip: 3.5 / 801, floor: 0.5 / 1_001, networkCarried: 800)
        #expect(NetworkStrangers.prefixCount(carried) == 3)
        // Counted before carried counts were kept: every click of the window stands in.
        let uncounted = InstallShares(ip: 1.5 / 1_001, floor: 0.5 / 1_001)
        #expect(NetworkStrangers.prefixCount(uncounted) == 1)
        #expect(NetworkStrangers.prefixCount(InstallShares(floor: 0.001)) == nil)
    }

    @Test("The fit learns that quiet networks hide few strangers, from unlabelled installs alone")
    func fitLearnsQuietNetworks() {
        var synthetic = SyntheticObservations(clickedShare: 0.5, seed: 31)
        synthetic.networkRates = [0.02, 0.02, 0.02, 0.02, 0.02, 0.02, 0.02, 0.02, 0.02, 3]
        let observations = (0..<4_000).map { _ in synthetic.next().observation }
        var fit = AttributionModelFit()
        fit.learnsNetworkStrangers = true
        let fitted = fit.fit(observations, platform: .android)
        let table = fitted.networkStrangers ?? NetworkStrangers.defaults
        // 0.037 by Bayes; the defaults' 20 installs at half a click add about 0.003.
        #expect(abs(table[0] - Self.expected(given: 0)) < 0.02, "learned \(table)")
        // The share of installs that follow a click stays near the truth (0.52 without the table:
        // a network's persistence learned without labels runs low, and weighs against clicks).
        #expect(abs(fitted.clickedInstallShare - 0.5) < 0.07, "learned \(fitted.clickedInstallShare)")
    }

    @Test("Off, as the server's fits are, the fit keeps the counts' own smoothing")
    func fitLeavesItOutByDefault() {
        var synthetic = SyntheticObservations(clickedShare: 0.5, seed: 31)
        synthetic.networkRates = [0.02, 3]
        let observations = (0..<500).map { _ in synthetic.next().observation }
        #expect(AttributionModelFit().fit(observations, platform: .android).networkStrangers == nil)
    }

    @Test("A lone click on the install's network weighs by the learned strangers, not half a click")
    func engineWeighsTheLearnedTable() {
        let shares = InstallShares(ip: 1.5 / 2_001, floor: 0.5 / 2_001, networkCarried: 2_000)
        let candidate = MatchObservation.Candidate(delay: 600, ip: .agrees)
        let smoothed = AttributionEngine().likelihoodRatio(candidate, shares: shares, window: 86_400).ratio
        var configuration = AttributionConfiguration()
        configuration.networkStrangers = [0.05, 1, 2, 3]
        let learned = AttributionEngine(configuration: configuration).likelihoodRatio(candidate, shares: shares, window: 86_400)
        #expect(abs(learned.ratio / smoothed - 10) < 1e-6)
        #expect(learned.matched.contains(Factor.ipPrefix.rawValue))
        // Another network weighs as before: the table speaks only of the install's.
        var elsewhere = candidate
        elsewhere.ip = .differs
        let before = AttributionEngine().likelihoodRatio(elsewhere, shares: shares, window: 86_400).ratio
        #expect(AttributionEngine(configuration: configuration).likelihoodRatio(elsewhere, shares: shares, window: 86_400).ratio == before)
    }
}
