import Foundation
import LandfallAttribution
import LandfallStore
import NIOConcurrencyHelpers

/// How many clicks in the window shared each of an install's device and locale values, kept between
/// matches.
///
/// Every match needs nine such counts, and reading them was most of what the database executed for
/// a match (nine key ranges of `click_stats`). They only change when the statistics service folds
/// settled clicks in, and a device model or a time zone is shared by many installs, so most of them
/// can be answered from memory. Network prefixes are not kept: there are millions, and an install's
/// prefix is rarely asked for again soon, so those entries would only push the shared ones out.
///
/// An entry is trusted until this server's statistics service next records counts (``StatisticsRevision``)
/// or for ``timeToLive``, whichever comes first; the second bounds how stale another server's counts
/// can be, which is of the order of the statistics' own delay (the settle time plus the interval).
final class PopulationCountCache: Sendable {
    /// Counts are over one app's clicks on one platform, summed over days `[fromDay, toDay]`.
    struct Scope: Hashable, Sendable {
        var appId: String
        var platform: String
        var fromDay: Int64
        var toDay: Int64
    }

    struct Key: Hashable, Sendable {
        var scope: Scope
        var factor: String
        var value: String
    }

    /// The counts one match needs: what memory had, and what is left to read.
    struct Lookup: Sendable {
        var scope: Scope
        var known: ClickPopulation
        var totalKnown: Bool
        var missing: [(factor: String, value: String)]
        fileprivate var revision: UInt64
    }

    static let timeToLive: Duration = .seconds(30)
    /// Stands for the total in a key; no factor is named like it.
    private static let totalFactor = ""
    private static let uncachedFactors: Set<String> = [Factor.ipPrefix.rawValue]

    /// A network prefix's count is read every time; how many clicks carry a prefix at all is one
    /// count per scope, kept like the others.
    private static func isCached(_ pair: (factor: String, value: String)) -> Bool {
        !uncachedFactors.contains(pair.factor) || pair.value == ClickStatDelta.carriedValue
    }

    private let cache: ExpiringCache<Key, Int>

    init(
        capacity: Int = 20_000, revision: StatisticsRevision,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        cache = ExpiringCache(capacity: capacity, timeToLive: Self.timeToLive, revision: { revision.current }, now: now)
    }

    func lookup(_ scope: Scope, values: [(factor: String, value: String)]) -> Lookup {
        let revision = cache.revisionBeforeRead()
        let total = cache.value(for: Key(scope: scope, factor: Self.totalFactor, value: ""))
        var known = ClickPopulation(clickCount: total ?? 0, counts: [:])
        var missing: [(factor: String, value: String)] = []
        for pair in values {
            if Self.isCached(pair),
                let count = cache.value(for: Key(scope: scope, factor: pair.factor, value: pair.value))
            {
                known.counts[pair.factor, default: [:]][pair.value] = count
            } else {
                missing.append(pair)
            }
        }
        return Lookup(scope: scope, known: known, totalKnown: total != nil, missing: missing, revision: revision)
    }

    /// The whole population: what the lookup knew and what was read for it, which is kept for next time.
    func complete(_ lookup: Lookup, with read: ClickPopulation) -> ClickPopulation {
        var population = lookup.known
        if !lookup.totalKnown {
            population.clickCount = read.clickCount
            cache.store(read.clickCount, for: Key(scope: lookup.scope, factor: Self.totalFactor, value: ""), readAt: lookup.revision)
        }
        for pair in lookup.missing {
            let count = read.counts[pair.factor]?[pair.value] ?? 0
            population.counts[pair.factor, default: [:]][pair.value] = count
            if Self.isCached(pair) {
                cache.store(count, for: Key(scope: lookup.scope, factor: pair.factor, value: pair.value), readAt: lookup.revision)
            }
        }
        return population
    }
}

/// Moves whenever this server records click statistics, so counts kept in memory are read again.
final class StatisticsRevision: Sendable {
    private let value = NIOLockedValueBox<UInt64>(0)

    var current: UInt64 { value.withLockedValue { $0 } }

    func advance() {
        value.withLockedValue { $0 &+= 1 }
    }
}
