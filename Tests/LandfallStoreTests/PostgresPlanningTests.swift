import Foundation
@testable import LandfallStore
import LandfallTestSupport
import PostgresNIO
import SQLKit
import Testing

/// The prepared hot statements run on sessions that plan generically from the first execution; every
/// other query keeps plans made for its parameters.
@Suite("PostgreSQL planning")
struct PostgresPlanningTests {
    struct PlanCacheMode: SessionTextStatement {
        static let name = "landfall_test_plan_cache_mode"
        static let sql = "SELECT current_setting('plan_cache_mode') AS mode"
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
}
