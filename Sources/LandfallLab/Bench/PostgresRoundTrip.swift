import Foundation
import LandfallBench
import LandfallStore
import Logging
import PostgresNIO

/// What one statement's round trip through postgres-nio takes on this machine, from the bench
/// process, one statement at a time: the floor under a PostgreSQL install match, which is one
/// statement's round trip plus the server's own work. Measured beside the match so both see the
/// machine in the same state.
enum PostgresRoundTrip {
    /// The least a statement can ask: one prepared `SELECT` of a constant.
    struct Constant: PostgresPreparedStatement {
        static let name = "landfall_bench_constant"
        static let sql = "SELECT CAST(1 AS BIGINT)"
        typealias Row = Int64

        func makeBindings() throws -> PostgresBindings { PostgresBindings() }
        func decodeRow(_ row: PostgresRow) throws -> Int64 { try row.decode(Int64.self) }
    }

    /// A match's answer without its reads: 100 rows of the match statement's nine columns (two
    /// 32-character ids, an evidence string, the rest numbers and NULLs), generated in memory.
    struct MatchShapedRows: PostgresPreparedStatement {
        static let name = "landfall_bench_match_shaped_rows"
        static let sql = """
            SELECT CAST(1 AS BIGINT), CAST(NULL AS BIGINT), CAST(NULL AS BIGINT), md5(CAST(g AS TEXT)), md5(CAST(g + 7 AS TEXT)),
                CAST(g AS BIGINT) * 1000, CAST('203.0.113' AS TEXT), CAST('v1|ios|17.4|iPhone15,2|390x844|Europe/Paris|fr-FR' AS TEXT),
                CAST(NULL AS BIGINT)
            FROM generate_series(1, \(rowCount)) AS g
            """
        static let rowCount = 100
        typealias Row = String

        func makeBindings() throws -> PostgresBindings { PostgresBindings() }
        func decodeRow(_ row: PostgresRow) throws -> String {
            let columns = try row.decode((Int64, Int64?, Int64?, String, String, Int64, String?, String?, Int64?).self)
            return columns.3
        }
    }

    static func workload(clicks: Int) -> String {
        "PostgreSQL round trip from the bench process, one at a time (beside the match at \(clicks.formatted()) clicks)"
    }
    static let constantTarget = "postgres-nio SELECT 1"
    static let rowsTarget = "postgres-nio \(MatchShapedRows.rowCount) rows"

    /// One round: both statements alternately, `count` times each after a warm-up, as two rows.
    static func measureRound(location: PostgresLocation, clicks: Int, count: Int, logger: Logger) async throws -> [ResultRow] {
        var configuration = PostgresClient.Configuration(
            host: location.host, port: location.port, username: location.username, password: location.password,
            database: location.database, tls: .disable
        )
        configuration.options.minimumConnections = 1
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            let clock = ContinuousClock()
            var constant: [Double] = []
            var rows: [Double] = []
            for iteration in 0..<(count + count / 10) {
                let measured = iteration >= count / 10
                var started = clock.now
                for try await _ in try await client.execute(Constant(), logger: logger) {}
                if measured { constant.append((clock.now - started).milliseconds) }
                started = clock.now
                var received = 0
                for try await _ in try await client.execute(MatchShapedRows(), logger: logger) { received += 1 }
                if measured { rows.append((clock.now - started).milliseconds) }
                guard received == MatchShapedRows.rowCount else {
                    throw BenchFailure("the match-shaped statement returned \(received) rows, not \(MatchShapedRows.rowCount)")
                }
            }
            return [
                row(workload(clicks: clicks), target: constantTarget, constant), row(workload(clicks: clicks), target: rowsTarget, rows),
            ]
        }
    }

    private static func row(_ workload: String, target: String, _ milliseconds: [Double]) -> ResultRow {
        let percentiles = Percentiles(milliseconds)
        return ResultRow(
            workload: workload, target: target,
            metrics: [
                .init("p50", MetricValue(percentiles.p50 ?? .nan, .milliseconds)),
                .init("p99", MetricValue(percentiles.p99 ?? .nan, .milliseconds)),
                .init("max", MetricValue(percentiles.max ?? .nan, .milliseconds)),
            ])
    }
}
