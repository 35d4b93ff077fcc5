import Foundation
@_spi(Synthetic) import LandfallStore
import SQLKit

/// Months of old clicks behind the attribution window, as a deployment that has run for a year
/// holds them: the long-history point of `landfall-lab bench`.
extension SyntheticData {
    /// One calendar month (UTC) of history and the seeded click numbers it gets.
    public struct HistoryMonth: Sendable, Hashable {
        /// First millisecond of the month.
        public var start: Int64
        /// First millisecond after it.
        public var end: Int64
        public var clicks: Range<Int>

        public init(start: Int64, end: Int64, clicks: Range<Int>) {
            self.start = start
            self.end = end
            self.clicks = clicks
        }

        /// `clicks` spread evenly over the `months` whole calendar months before the one holding
        /// `before`, oldest first.
        public static func spread(_ clicks: Range<Int>, months: Int, endingBefore before: Date) -> [HistoryMonth] {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
            let parts = calendar.dateComponents([.year, .month], from: before)
            guard months > 0, !clicks.isEmpty, let first = calendar.date(from: parts) else { return [] }
            var result: [HistoryMonth] = []
            var lower = clicks.lowerBound
            for index in 0..<months {
                guard let start = calendar.date(byAdding: .month, value: index - months, to: first),
                    let end = calendar.date(byAdding: .month, value: index - months + 1, to: first)
                else { continue }
                // The remainder goes to the last months, so every click number is used once.
                let upper = clicks.lowerBound + clicks.count * (index + 1) / months
                if upper > lower {
                    result.append(HistoryMonth(start: start.epochMilliseconds, end: end.epochMilliseconds, clicks: lower..<upper))
                }
                lower = upper
            }
            return result
        }
    }

    /// Inserts each month's clicks with all of `clicks`' indexes, the fastest way each engine has.
    ///
    /// PostgreSQL: each month is loaded into a table of its own, attached as the month's partition
    /// (which builds the parent's seven indexes on it by sorting once) and its tokens claimed, as
    /// the server's partition maintenance would have left it. SQLite has one table: all the months
    /// go in with its indexes dropped, then rebuilt once.
    public func insertHistory(
        appId: String, months: [HistoryMonth], linkCount: Int, networks: Int, profiles: [DeviceProfile]
    ) async throws {
        guard !profiles.isEmpty, linkCount > 0 else { return }
        // Rows written past the storage leave its day totals to count again, as a late click would.
        try await insertHistoryRows(appId: appId, months: months, linkCount: linkCount, networks: networks, profiles: profiles)
        for month in months {
            try await storage.markClickDaysStale(appId: appId, from: month.start, to: month.end)
        }
    }

    private func insertHistoryRows(
        appId: String, months: [HistoryMonth], linkCount: Int, networks: Int, profiles: [DeviceProfile]
    ) async throws {
        guard storage.engine == .postgres else {
            // One rebuild of the indexes for all the months, not one a month over a growing table.
            try await withSecondaryIndexesRebuilt(on: "clicks") {
                for month in months {
                    try await insertClickRows(
                        into: "clicks", appId: appId, range: month.clicks, linkCount: linkCount,
                        period: Date(epochMilliseconds: month.start)...Date(epochMilliseconds: month.end - 1), networks: networks,
                        profiles: profiles, addressesReduced: true)
                }
            }
            return
        }
        for month in months {
            let period = Date(epochMilliseconds: month.start)...Date(epochMilliseconds: month.end - 1)
            let name = "clicks_p" + monthSuffix(month.start)
            try await storage.provider.write { database in
                try await database.raw("CREATE TABLE \(ident: name) (LIKE clicks INCLUDING DEFAULTS)").run()
            }
            try await insertClickRows(
                into: name, appId: appId, range: month.clicks, linkCount: linkCount, period: period, networks: networks, profiles: profiles,
                addressesReduced: true)
            try await storage.provider.transaction { database in
                try await database.raw(
                    "ALTER TABLE clicks ATTACH PARTITION \(ident: name) FOR VALUES FROM (\(literal: month.start)) TO (\(literal: month.end))"
                ).run()
                // Rows loaded before the attach fired no trigger: their tokens are claimed here,
                // so the retention fold has as many to release as a live month's.
                try await database.raw("INSERT INTO click_tokens (click_token) SELECT click_token FROM \(ident: name)").run()
            }
            try await storage.provider.write { database in
                try await database.raw("VACUUM (ANALYZE) \(ident: name)").run()
            }
        }
        if storage.engine == .postgres {
            try await storage.provider.write { database in try await database.raw("ANALYZE clicks").run() }
        }
    }

    /// `YYYYMM` of the UTC month holding `epochMilliseconds`, as the partitions are named.
    private func monthSuffix(_ epochMilliseconds: Int64) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month], from: Date(epochMilliseconds: epochMilliseconds))
        return String(format: "%04d%02d", parts.year ?? 1970, parts.month ?? 1)
    }
}
