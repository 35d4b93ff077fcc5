import Foundation

/// How many strangers' clicks to expect on the install's network prefix, given how many the
/// window's counts show there: the network's weight rests on it.
///
/// The counts are a sample. A prefix that shows no stranger's click in the window is mostly a
/// home or a phone nobody else clicks from, but now and then a busy one that happened to be quiet.
/// Taken as half a click (the count's own smoothing), strangers on such a prefix were put at
/// 0.5 where the drawn worlds held 0.02-0.09 (0.06 on average, their organic and clicked
/// installs alike), and the engine weighed a lone click on the installer's network about eight
/// times too little: its raw posterior for a credit on the network was right 0.88 of the time
/// where it said 0.61 (docs/accuracy-journal.md, "Strangers on a quiet network").
///
/// The expected count is Robbins' estimate for counts that are Poisson around each prefix's own
/// rate: with `f(k)` the share of installs whose network holds `k` strangers' clicks, a network
/// that shows `s` holds `(s + 1) f(s + 1) / f(s)` on average. `f` is read off the app's installs:
/// a labelled install's strangers are the clicks on its network less its own; a token-less one's
/// by the mixture, "no click of these" counting all of them and each candidate's device group
/// counting them less its own clicks there, by the probability the model gives each.
public enum NetworkStrangers {
    /// Counts of strangers the table covers; beyond it a count is taken as it stands.
    public static let tableSize = 4

    /// The counts' own smoothing, as the defaults weigh: `s + ½`.
    public static var defaults: [Double] { (0..<tableSize).map { Double($0) + 0.5 } }

    /// How many of the window's clicks carrying a network are on the install's: the share's
    /// count (its share is `(count + ½) / (carried + 1)`). Nil without the install's network.
    public static func prefixCount(_ shares: InstallShares) -> Int? {
        guard let share = shares.ip else { return nil }
        return max(0, Int((share * (carried(shares) + 1) - 0.5).rounded()))
    }

    /// The clicks the network's share is taken among: those carrying one where they were
    /// counted, else every click of the window (`floor` is half a click among them).
    static func carried(_ shares: InstallShares) -> Double {
        if let carried = shares.networkCarried { return Double(carried) }
        return max(0, 0.5 / max(shares.floor, 1e-12) - 1)
    }

    /// The share of a stranger's clicks that land on the install's network when the counts show
    /// `strangers` there, by `table` (``expected(strangers:table:)``).
    public static func share(strangers: Int, shares: InstallShares, table: [Double]) -> Double {
        expected(strangers: strangers, table: table) / (carried(shares) + 1)
    }

    /// The strangers' clicks to expect on a network whose counts show `strangers`.
    public static func expected(strangers: Int, table: [Double]) -> Double {
        let counted = max(0, strangers)
        return counted < table.count ? table[counted] : Double(counted)
    }

    /// The table from `installs[k]`, the weight of installs whose network holds `k` strangers'
    /// clicks (`k` up to ``tableSize``), each entry weighing as its installs against `pseudoCount`
    /// of the defaults'. Non-decreasing, and each at most ``maximumOver`` clicks over its count
    /// (a busy network seldom shows none, so few installs speak for that entry).
    public static func table(installs: [Double], pseudoCount: Double) -> [Double] {
        var table: [Double] = []
        for counted in 0..<tableSize {
            let prior = Double(counted) + 0.5
            let here = counted < installs.count ? installs[counted] : 0
            let above = counted + 1 < installs.count ? installs[counted + 1] : 0
            let estimate = here > 0 ? Double(counted + 1) * above / here : prior
            var value = (estimate * here + prior * pseudoCount) / (here + pseudoCount)
            value = min(Double(counted) + maximumOver, max(minimumExpected, value))
            if let last = table.last { value = max(value, last) }
            table.append(value)
        }
        return table
    }

    /// How many installs the defaults weigh as in each entry. Fewer than the other estimates'
    /// 100: the first entry rests on most of an app's installs, and at 100 the default's half
    /// click still held a quarter of an app's 3,000 installs' 0.05 on top of it.
    public static let pseudoInstalls = 20.0

    /// No network is certain to see no stranger's click: a hundredth of one at least.
    static let minimumExpected = 0.01
    static let maximumOver = 3.0
}
