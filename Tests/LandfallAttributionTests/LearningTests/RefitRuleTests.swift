import Testing

@testable import LandfallAttribution

@Suite("Refit rule")
struct RefitRuleTests {
    /// The counts at which an app growing one install at a time is fitted.
    static func fits(upTo installs: Int, rule: RefitRule = RefitRule()) -> [Int] {
        var lastTried = 0
        var fits: [Int] = []
        for count in 1...installs where rule.isDue(installs: count, lastTried: lastTried) {
            fits.append(count)
            lastTried = count
        }
        return fits
    }

    @Test func aYoungAppIsFittedEveryFewDozenInstallsAndAMatureOneEveryTenth() {
        let fits = Self.fits(upTo: 1_000)
        #expect(Array(fits.prefix(5)) == [30, 55, 80, 105, 130])
        // Past 250 installs a tenth of the last count is more than 25: 255, 280, 308, 338, …
        #expect(fits.contains(255) && fits.contains(280) && fits.contains(308) && fits.contains(338))
        for (previous, next) in zip(fits, fits.dropFirst()) {
            #expect(next - previous == max(25, previous / 10))
        }
    }

    @Test func nothingIsDueBeforeTheFirstFitsMinimumOrBetweenRefits() {
        let rule = RefitRule()
        #expect(!rule.isDue(installs: 29, lastTried: 0))
        #expect(rule.isDue(installs: 30, lastTried: 0))
        #expect(!rule.isDue(installs: 1_099, lastTried: 1_000))
        #expect(rule.isDue(installs: 1_100, lastTried: 1_000))
        // Installs erased since the last fit make nothing due.
        #expect(!rule.isDue(installs: 900, lastTried: 1_000))
    }
}
