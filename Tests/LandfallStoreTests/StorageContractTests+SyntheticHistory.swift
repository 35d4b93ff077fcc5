import Foundation
import LandfallStore
import LandfallSynthetic
import LandfallTestSupport
import SQLKit
import Testing

extension StorageContractTests {
    /// The bench's long history: months of old clicks loaded with all of `clicks`' indexes (on
    /// PostgreSQL each month attached as its partition with its tokens claimed), which retention
    /// then removes as it would a live deployment's: whole partitions dropped on PostgreSQL, rows
    /// folded on SQLite, the window's clicks untouched.
    @Test(arguments: TestEngine.allCases)
    func syntheticHistoryIsIndexedLikeLiveMonthsAndRetentionRemovesItAll(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, provider in
            let app = try await Self.insertApp(storage)
            let synthetic = SyntheticData(storage: storage)
            try await synthetic.insertLinks(appId: app.id, range: 1..<11, createdAt: Date())
            let profile = SyntheticData.DeviceProfile.berlinIPhone
            try await synthetic.insertClicks(
                appId: app.id, range: 1..<51, linkCount: 10, period: Date().addingTimeInterval(-3_600)...Date(), networks: 100,
                profiles: [profile])
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
            let thisMonth = try #require(calendar.date(from: calendar.dateComponents([.year, .month], from: Date())))
            let end = try #require(calendar.date(byAdding: .month, value: -1, to: thisMonth))
            let months = SyntheticData.HistoryMonth.spread(51..<351, months: 3, endingBefore: end)
            #expect(months.count == 3)
            try await synthetic.insertHistory(appId: app.id, months: months, linkCount: 10, networks: 100, profiles: [profile])
            #expect(try await synthetic.countRows("clicks", excludingSynthetic: false) == 350)

            if engine == .postgres {
                let row = try await provider.read { database in
                    try await database.raw(
                        """
                        SELECT (SELECT count(*) FROM pg_indexes WHERE tablename = 'clicks') AS parent,
                            (SELECT count(*) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
                                WHERE NOT i.indisvalid AND c.relname LIKE 'clicks%') AS invalid,
                            (SELECT count(*) FROM pg_inherits h JOIN pg_class p ON p.oid = h.inhrelid
                                WHERE h.inhparent = to_regclass('clicks') AND p.relname IN (\(literals: months.map { Self.partitionName($0.start) }, joinedBy: ", "))) AS attached,
                            (SELECT min(n) FROM (SELECT count(x.indexname) AS n FROM pg_indexes x
                                WHERE x.tablename IN (\(literals: months.map { Self.partitionName($0.start) }, joinedBy: ", ")) GROUP BY x.tablename) per_month) AS fewest,
                            (SELECT count(*) FROM click_tokens) AS tokens
                        """
                    ).first()
                }
                let counts = try #require(row)
                let parent = try counts.decode(column: "parent", as: Int64.self)
                #expect(try counts.decode(column: "invalid", as: Int64.self) == 0)
                #expect(try counts.decode(column: "attached", as: Int64.self) == 3)
                #expect(try counts.decode(column: "fewest", as: Int64.self) == parent)
                #expect(try counts.decode(column: "tokens", as: Int64.self) == 350)
                #expect(try await storage.foldClickPartitions(endingBy: end) == 300)
                let tokens = try await provider.read { database in
                    try await database.raw("SELECT count(*) AS n FROM click_tokens").first()?.decode(column: "n", as: Int64.self)
                }
                #expect(tokens == 50)
            } else {
                var folded = 0
                while true {
                    let batch = try await storage.foldClicks(appId: app.id, clickedBefore: end, limit: 100)
                    folded += batch
                    if batch < 100 { break }
                }
                #expect(folded == 300)
            }
            #expect(try await synthetic.countRows("clicks", excludingSynthetic: false) == 50)
        }
    }

    private static func partitionName(_ epochMilliseconds: Int64) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month], from: Date(epochMilliseconds: epochMilliseconds))
        return String(format: "clicks_p%04d%02d", parts.year ?? 1970, parts.month ?? 1)
    }
}

extension SyntheticData.DeviceProfile {
    /// One iPhone in Berlin: the synthetic loads' tests need a device, not a population of them.
    static let berlinIPhone = SyntheticData.DeviceProfile(
        platform: "ios", userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X)", osVersion: "18.6",
        deviceClass: "phone", screenWidth: 1179, screenHeight: 2556, timezone: "Europe/Berlin", language: "de-DE",
        acceptLanguage: "de-DE,de;q=0.9", signature: "ios|18.6|1184x2560|Europe/Berlin|de-DE"
    )
}
