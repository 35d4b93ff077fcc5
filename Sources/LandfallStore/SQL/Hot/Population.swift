import PostgresNIO
import SQLiteNIO

/// The daily counts of an install's (factor, value) pairs over the match's days, which every
/// install reads. One round trip, one indexed range per pair on the primary key. (An OR of the
/// pairs lets a planner scan every statistic of the app and platform, which is millions of network
/// rows in a busy window.)
enum Population {
    enum SQLite {
        /// A UNION ALL of point lookups, one per pair, each answering its position from 0.
        static func read(pairs: Int) -> String {
            (0..<pairs).map { index in
                """
                SELECT \(index) AS position, CAST(COALESCE(SUM(clicks), 0) AS BIGINT) AS clicks FROM click_stats \
                WHERE app_id = ? AND platform = ? AND factor = ? AND value = ? AND day >= ? AND day <= ?
                """
            }.joined(separator: " UNION ALL ")
        }
    }

    /// One statement text for any number of pairs: the pairs are arrays, joined to the point ranges.
    struct Postgres: PostgresPreparedStatement {
        static let name = "landfall_population"
        static let sql = """
            SELECT CAST(v.position AS BIGINT) AS position, CAST(COALESCE(SUM(s.clicks), 0) AS BIGINT) AS clicks
            FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS v(factor, value, position)
            LEFT JOIN click_stats s ON s.app_id = $1 AND s.platform = $2 AND s.factor = v.factor AND s.value = v.value
                AND s.day >= $5 AND s.day <= $6
            GROUP BY v.position
            """
        typealias Row = (position: Int64, clicks: Int64)
        var appId: String
        var platform: String
        var pairs: [(factor: String, value: String)]
        var fromDay: Int64
        var toDay: Int64

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 6)
            bindings.append(appId)
            bindings.append(platform)
            bindings.append(pairs.map(\.factor))
            bindings.append(pairs.map(\.value))
            bindings.append(fromDay)
            bindings.append(toDay)
            return bindings
        }

        /// `position` counts the pairs from 1.
        func decodeRow(_ row: PostgresRow) throws -> Row {
            let (position, clicks) = try row.decode((Int64, Int64).self)
            return (position - 1, clicks)
        }
    }
}

/// The population's counts as rows arrive: position 0 is the day range's total, then the requested
/// (factor, value) pairs in order.
struct PopulationTally {
    let wanted: [(factor: String, value: String)]
    private var total = 0
    private var counts: [String: [String: Int]] = [:]

    init(values: [(factor: String, value: String)], includingTotal: Bool) {
        wanted = (includingTotal ? [(factor: SQLStorage.totalFactor, value: "")] : []) + values
    }

    mutating func add(position: Int64, clicks: Int64) {
        guard wanted.indices.contains(Int(position)) else { return }
        let (factor, value) = wanted[Int(position)]
        if factor == SQLStorage.totalFactor { total = Int(clicks) } else { counts[factor, default: [:]][value] = Int(clicks) }
    }

    var population: ClickPopulation { ClickPopulation(clickCount: total, counts: counts) }
}

extension SQLiteHotPath {
    func population(appId: String, platform: String, fromDay: Int64, toDay: Int64, into tally: inout PopulationTally) async throws {
        // The inline reader keeps the statement (one per number of pairs) prepared instead of
        // parsing it on a pool thread for every install.
        var values: [SQLiteData] = []
        for pair in tally.wanted {
            values += [
                .text(appId), .text(platform), .text(pair.factor), .text(pair.value),
                .integer(SQLiteInt64(fromDay)), .integer(SQLiteInt64(toDay)),
            ]
        }
        for row in try await provider.readRowsInline(Population.SQLite.read(pairs: tally.wanted.count), values) {
            let columns = SQLiteValues(row: row)
            tally.add(position: try columns.requiredInteger("position"), clicks: try columns.requiredInteger("clicks"))
        }
    }
}

extension PostgresHotPath {
    func population(appId: String, platform: String, fromDay: Int64, toDay: Int64, into tally: inout PopulationTally) async throws {
        let rows = try await provider.rows(
            Population.Postgres(
                appId: appId, platform: platform, pairs: tally.wanted, fromDay: fromDay, toDay: toDay
            ))
        for row in rows {
            tally.add(position: row.position, clicks: row.clicks)
        }
    }
}
