import Foundation
import LandfallAttribution
import LandfallStore
import NIOConcurrencyHelpers
import Testing

@testable import LandfallServer

/// Population counts kept between matches: what is asked of the database, what comes back whole,
/// and when memory stops being trusted.
@Suite struct PopulationCountCacheTests {
    final class TestClock: Sendable {
        private let instant = NIOLockedValueBox(ContinuousClock.now)
        var now: ContinuousClock.Instant { instant.withLockedValue { $0 } }
        func advance(_ duration: Duration) { instant.withLockedValue { $0 += duration } }
    }

    static let values = [
        (factor: Factor.ipPrefix.rawValue, value: "203.0.113"), (factor: Factor.deviceModel.rawValue, value: "iPhone16,2"),
        (factor: Factor.timezone.rawValue, value: "Europe/Lisbon"),
    ]
    static let read = ClickPopulation(
        clickCount: 900,
        counts: [
            Factor.ipPrefix.rawValue: ["203.0.113": 3], Factor.deviceModel.rawValue: ["iPhone16,2": 40],
            Factor.timezone.rawValue: ["Europe/Lisbon": 0],
        ])

    static func lookup(_ cache: PopulationCountCache, day: Int64 = 20_000) -> PopulationCountCache.Lookup {
        cache.lookup(.init(appId: "app", platform: "ios", fromDay: day - 7, toDay: day), values: values)
    }

    @Test func aSecondMatchReadsOnlyTheNetworkPrefixAndGetsTheSamePopulation() {
        let cache = PopulationCountCache(revision: StatisticsRevision())
        let first = Self.lookup(cache)
        #expect(!first.totalKnown)
        #expect(first.missing.map(\.factor) == Self.values.map(\.factor))
        #expect(cache.complete(first, with: Self.read) == Self.read)

        let second = Self.lookup(cache)
        #expect(second.totalKnown)
        #expect(second.missing.map(\.factor) == [Factor.ipPrefix.rawValue])
        let prefixRead = ClickPopulation(clickCount: 0, counts: [Factor.ipPrefix.rawValue: ["203.0.113": 4]])
        var expected = Self.read
        expected.counts[Factor.ipPrefix.rawValue] = ["203.0.113": 4]
        #expect(cache.complete(second, with: prefixRead) == expected)
    }

    @Test func countsAreKeptPerAppPlatformAndDays() {
        let cache = PopulationCountCache(revision: StatisticsRevision())
        _ = cache.complete(Self.lookup(cache), with: Self.read)
        #expect(Self.lookup(cache, day: 20_001).missing.count == Self.values.count)
        let android = cache.lookup(.init(appId: "app", platform: "android", fromDay: 19_993, toDay: 20_000), values: Self.values)
        #expect(!android.totalKnown)
        #expect(android.missing.count == Self.values.count)
        let otherApp = cache.lookup(.init(appId: "other", platform: "ios", fromDay: 19_993, toDay: 20_000), values: Self.values)
        #expect(otherApp.missing.count == Self.values.count)
    }

    @Test func recordedStatisticsAndTheTimeToLiveEndWhatMemoryKnows() {
        let revision = StatisticsRevision()
        let clock = TestClock()
        let cache = PopulationCountCache(revision: revision, now: { clock.now })
        _ = cache.complete(Self.lookup(cache), with: Self.read)
        revision.advance()
        #expect(Self.lookup(cache).missing.count == Self.values.count)

        _ = cache.complete(Self.lookup(cache), with: Self.read)
        clock.advance(PopulationCountCache.timeToLive - .seconds(1))
        #expect(Self.lookup(cache).missing.count == 1)
        clock.advance(.seconds(1))
        let expired = Self.lookup(cache)
        #expect(!expired.totalKnown)
        #expect(expired.missing.count == Self.values.count)
    }

    @Test func countsReadWhileStatisticsWereRecordedAreNotKept() {
        let revision = StatisticsRevision()
        let cache = PopulationCountCache(revision: revision)
        let lookup = Self.lookup(cache)
        revision.advance()
        _ = cache.complete(lookup, with: Self.read)
        #expect(Self.lookup(cache).missing.count == Self.values.count)
    }
}
