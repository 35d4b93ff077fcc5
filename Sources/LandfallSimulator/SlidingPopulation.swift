import Foundation
import LandfallAttribution

/// Exact population statistics over a sliding window: for each platform, how many of the app's
/// clicks inside the window carry each value of each counted factor.
///
/// Clicks enter in time order and leave when they fall out of the window, so every install sees
/// exactly the counts the server's "clicks of this app and platform in the window" would give.
public struct SlidingPopulation: Sendable {
    public let window: TimeInterval
    private var entries: [(clickedAt: Date, platform: DevicePlatform, values: [String?])] = []
    private var head = 0
    private var perPlatform: [DevicePlatform: Counts] = [:]

    struct Counts: Sendable {
        var total = 0
        /// The platform's first click ever inserted: clicks enter in time order.
        var firstClickAt: Date?
        var values: [[String: Int]] = Array(repeating: [:], count: Factor.counted.count)
        var carried: [Int] = Array(repeating: 0, count: Factor.counted.count)
        /// Full language tags (`es-MX`), for the plain likelihood-ratio baseline.
        var fullLanguages: [String: Int] = [:]
    }

    public init(window: TimeInterval) {
        self.window = window
    }

    public mutating func insert(_ click: ClickEvidence) {
        let values = Factor.counted.map { $0.value(of: click) } + [click.language]
        entries.append((click.clickedAt, click.platform, values))
        // Mutated in place: copying `Counts` out and back would copy every dictionary.
        perPlatform[click.platform, default: Counts()].total += 1
        if perPlatform[click.platform]?.firstClickAt == nil { perPlatform[click.platform]?.firstClickAt = click.clickedAt }
        for (slot, value) in values.dropLast().enumerated() {
            if let value {
                perPlatform[click.platform, default: Counts()].values[slot][value, default: 0] += 1
                perPlatform[click.platform, default: Counts()].carried[slot] += 1
            }
        }
        if let language = click.language { perPlatform[click.platform, default: Counts()].fullLanguages[language, default: 0] += 1 }
    }

    /// Drops clicks older than `now - window`. Time only moves forward.
    public mutating func advance(to now: Date) {
        let oldest = now.addingTimeInterval(-window)
        while head < entries.count, entries[head].clickedAt < oldest {
            let entry = entries[head]
            head += 1
            perPlatform[entry.platform, default: Counts()].total -= 1
            for (slot, value) in entry.values.dropLast().enumerated() {
                guard let value else { continue }
                perPlatform[entry.platform, default: Counts()].values[slot][value, default: 1] -= 1
                perPlatform[entry.platform, default: Counts()].carried[slot] -= 1
            }
            if let language = entry.values.last ?? nil {
                perPlatform[entry.platform, default: Counts()].fullLanguages[language, default: 1] -= 1
            }
        }
        if head > 65_536, head * 2 > entries.count {
            entries.removeFirst(head)
            head = 0
        }
    }

    public func clickCount(_ platform: DevicePlatform) -> Int { perPlatform[platform]?.total ?? 0 }

    /// Clicks of the platform in the window whose full language tag is `tag`.
    public func fullLanguageCount(_ platform: DevicePlatform, _ tag: String) -> Int {
        max(0, perPlatform[platform]?.fullLanguages[tag] ?? 0)
    }

    /// The statistics one install's decision reads, with its own values looked up once.
    public func statistics(for install: InstallEvidence) -> PopulationSnapshot {
        let counts = perPlatform[install.platform] ?? Counts()
        let known = Factor.counted.enumerated().map { slot, factor -> (String?, Int) in
            guard let value = factor.value(of: install) else { return (nil, 0) }
            return (value, max(0, counts.values[slot][value] ?? 0))
        }
        return PopulationSnapshot(
            clickCount: counts.total, values: counts.values, known: known, firstClickAt: counts.firstClickAt, carriedCounts: counts.carried)
    }
}

/// One install's view of the population statistics.
public struct PopulationSnapshot: PopulationStatistics {
    public let clickCount: Int
    let values: [[String: Int]]
    /// The install's own value of each counted factor and its count: the engine asks only these.
    let known: [(String?, Int)]
    public let firstClickAt: Date?
    let carriedCounts: [Int]

    public func carried(_ factor: Factor) -> Int? {
        Factor.counted.firstIndex(of: factor).map { carriedCounts[$0] }
    }

    public func count(of factor: Factor, value: String) -> Int {
        guard let slot = Factor.counted.firstIndex(of: factor) else { return 0 }
        if let cached = known[slot].0, cached == value { return known[slot].1 }
        return max(0, values[slot][value] ?? 0)
    }
}
