import Foundation
import LandfallStore
import LandfallSynthetic
import LandfallTestSupport
import SQLKit
import Testing

/// The lab's bulk click load drops `clicks`' secondary indexes and builds them again. On the
/// partitioned table PostgreSQL describes them as `CREATE INDEX … ON ONLY clicks`, which rebuilt
/// them on the parent alone and left every month with its primary key only, so the bench measured
/// a table without its candidate indexes (the install match read every click of the window).
@Suite("PostgreSQL synthetic load")
struct PostgresSyntheticIndexTests {
    @Test func aBulkClickLoadLeavesEveryMonthItsIndexes() async throws {
        try await TestDatabases.withMigratedStorage(.postgres) { storage, provider in
            let app = try await StorageContractTests.insertApp(storage)
            let synthetic = SyntheticData(storage: storage)
            try await synthetic.insertLinks(appId: app.id, range: 1..<11, createdAt: Date())
            let profile = SyntheticData.DeviceProfile.berlinIPhone
            try await synthetic.insertClicks(
                appId: app.id, range: 1..<101, linkCount: 10, period: Date().addingTimeInterval(-3_600)...Date(), networks: 100,
                profiles: [profile]
            )
            let counts = try await provider.read { database in
                try await database.raw(
                    """
                    SELECT (SELECT count(*) FROM pg_indexes WHERE tablename = 'clicks') AS parent,
                        (SELECT count(*) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
                            WHERE NOT i.indisvalid AND c.relname LIKE 'clicks%') AS invalid,
                        (SELECT min(n) FROM (SELECT count(x.indexname) AS n FROM pg_inherits h
                            JOIN pg_class p ON p.oid = h.inhrelid LEFT JOIN pg_indexes x ON x.tablename = p.relname
                            WHERE h.inhparent = to_regclass('clicks') GROUP BY p.relname) per_month) AS fewest
                    """
                ).first()
            }
            let row = try #require(counts)
            let parent = try row.decode(column: "parent", as: Int64.self)
            #expect(parent >= 7)
            #expect(try row.decode(column: "invalid", as: Int64.self) == 0)
            #expect(try row.decode(column: "fewest", as: Int64.self) == parent)
        }
    }
}
