import Foundation
import LandfallAttribution
import Testing

@testable import LandfallSimulator

/// The direct runs refit when a server would (``RefitRule``), not on a clock of their own: a
/// figure measured directly then describes the installs a server decides on the defaults.
@Suite("Direct runs refit on the server's rule")
struct ModelLearningScheduleTests {
    static func organic(_ platform: DevicePlatform) -> MatchObservation {
        MatchObservation(platform: platform, window: 86_400, clickCount: 100, shares: InstallShares(floor: 0.005), candidates: [])
    }

    @Test func thePlatformIsFirstDecidedOnAFitAfterThirtyInstallsAndRefittedAsTheRuleSays() {
        var learning = LearningState(schedule: ModelLearning(), base: AttributionConfiguration())
        var fittedAt: Int?
        for count in 1...400 {
            #expect((learning.learned[.ios] != nil) == (fittedAt != nil))
            learning.observe(Self.organic(.ios))
            learning.countInstall()
            if fittedAt == nil, learning.learned[.ios] != nil { fittedAt = count }
        }
        #expect(fittedAt == 30)
        var due: [Int] = []
        for count in 1...400 where RefitRule().isDue(installs: count, lastTried: due.last ?? 0) { due.append(count) }
        #expect(learning.fitSeconds.count == due.count, "one fit of the one platform at each count the rule names: \(due)")
    }

    @Test func aPlatformWithTooFewInstallsWaitsForTheNextDueCount() {
        var learning = LearningState(schedule: ModelLearning(), base: AttributionConfiguration())
        var androidFittedAt: Int?
        for count in 1...100 {
            // The first 30 installs are iOS, the rest Android: Android has its 30 at install 60,
            // between the refits at 55 and 80.
            learning.observe(Self.organic(count <= 30 ? .ios : .android))
            learning.countInstall()
            if count == 30 { #expect(learning.learned[.ios] != nil && learning.learned[.android] == nil) }
            if androidFittedAt == nil, learning.learned[.android] != nil { androidFittedAt = count }
        }
        #expect(androidFittedAt == 80)
    }
}
