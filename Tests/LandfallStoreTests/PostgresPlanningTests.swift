import Foundation
@testable import LandfallStore
import LandfallSynthetic
import LandfallTestSupport
import PostgresNIO
import SQLKit
import Testing

/// The prepared hot statements run on sessions that plan generically from the first execution; every
/// other query keeps plans made for its parameters. A server prepares them before its first request,
/// on a session an operator can tell apart, without touching a row.
@Suite("PostgreSQL planning")
struct PostgresPlanningTests {
    struct PlanCacheMode: SessionTextStatement {
        static let name = "landfall_test_plan_cache_mode"
        static let sql = "SELECT current_setting('plan_cache_mode') AS mode"
    }

    struct PreparedNames: SessionTextStatement {
        static let name = "landfall_test_prepared_names"
        static let sql = "SELECT name FROM pg_prepared_statements ORDER BY name"
    }

    @Test func hotStatementsPlanGenericallyAndOtherQueriesForTheirParameters() async throws {
        try await TestDatabases.withFreshStorage(.postgres) { _, provider in
            let postgres = try #require(provider as? PostgresDatabaseProvider)
            #expect(try await postgres.rows(PlanCacheMode()) == ["force_generic_plan"])
            let mode = try await provider.read { database in
                try await database.raw("SELECT current_setting('plan_cache_mode') AS mode").first()?.decode(column: "mode", as: String.self)
            }
            #expect(mode == "auto")
        }
    }

    @Test func everyHotStatementIsPreparedOnTheirPoolWithoutWritingARow() async throws {
        try await TestDatabases.withMigratedStorage(.postgres) { storage, provider in
            let postgres = try #require(provider as? PostgresDatabaseProvider)
            try await postgres.prepareForTraffic()

            // One lease at a time, so the pool has opened one connection and hands it out again.
            let prepared = Set(try await postgres.rows(PreparedNames()))
            let expected: Set<String> = [
                LinkByCode.Postgres.AcrossApps.name, LinkByCode.Postgres.InApps.name,
                ClickInsert.Postgres.name, MatchInputs.Postgres.name,
                EventInsert.Postgres.name, SettledClicks.Postgres.name,
            ]
            #expect(expected.isSubset(of: prepared), "missing: \(expected.subtracting(prepared).sorted())")

            let sessions = try await provider.read { database in
                try await database.raw(
                    """
                    SELECT count(*) AS sessions FROM pg_stat_activity
                    WHERE datname = current_database() AND application_name = \(bind: PostgresDatabaseProvider.applicationName)
                    """
                ).first()?.decode(column: "sessions", as: Int64.self)
            }
            // This read's own session and the warmed one at least.
            #expect((sessions ?? 0) >= 2)

            let synthetic = SyntheticData(storage: storage)
            #expect(try await synthetic.countRows("clicks", excludingSynthetic: false) == 0)
            #expect(try await synthetic.countRows("events", excludingSynthetic: false) == 0)
        }
    }
}
