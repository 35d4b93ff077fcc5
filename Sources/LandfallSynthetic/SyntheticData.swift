import Foundation
@_spi(Synthetic) import LandfallStore
import SQLKit

/// Generates large, realistic catalogs and click histories inside the database itself, for
/// benchmarks: a million links or ten million clicks take seconds, not a round trip per row.
///
/// Rows are numbered; everything about row `i` is derived from `i`, so a benchmark can build
/// requests that hit (or miss) exactly the rows it seeded.
public struct SyntheticData: Sendable {
    /// What a seeded click looks like apart from its network: the device and its settings.
    public struct DeviceProfile: Sendable, Hashable {
        public var platform: String
        public var userAgent: String
        public var osVersion: String
        public var deviceClass: String
        public var screenWidth: Int
        public var screenHeight: Int
        public var timezone: String
        public var language: String
        public var acceptLanguage: String
        /// The device signature the server would compute for this profile.
        public var signature: String
        /// The evidence the server would keep in the candidate indexes for this profile.
        public var matchEvidence: String?

        public init(
            platform: String, userAgent: String, osVersion: String, deviceClass: String, screenWidth: Int, screenHeight: Int,
            timezone: String, language: String, acceptLanguage: String, signature: String, matchEvidence: String? = nil
        ) {
            self.acceptLanguage = acceptLanguage
            self.platform = platform
            self.userAgent = userAgent
            self.osVersion = osVersion
            self.deviceClass = deviceClass
            self.screenWidth = screenWidth
            self.screenHeight = screenHeight
            self.timezone = timezone
            self.language = language
            self.signature = signature
            self.matchEvidence = matchEvidence
        }
    }

    let storage: SQLStorage

    public init(storage: SQLStorage) {
        self.storage = storage
    }

    /// The short code of seeded link `index`: 8 hex digits of a bijective scramble of the index, so
    /// codes are unique, look random, and need no lookup table.
    public static func shortCode(_ index: Int) -> String {
        let scrambled = (UInt64(index) &* 2_654_435_761) % 4_294_967_296
        let hex = String(scrambled, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// The destination of seeded link `index`.
    public static func destination(_ index: Int) -> String { "https://example.com/p/\(index)" }

    /// Ids carry the number zero-padded, so rows are inserted in key order: appending to the
    /// primary-key and token B-trees instead of splitting pages all over them.
    public static func linkId(_ index: Int) -> String { "synthetic-link-" + padded(index) }

    /// The click token of seeded click `index`.
    public static func clickToken(_ index: Int) -> String { "synthetic-token-" + padded(index) }

    private static func padded(_ index: Int) -> String {
        let digits = String(index)
        return String(repeating: "0", count: max(0, 10 - digits.count)) + digits
    }

    /// `prefix` followed by the SQL integer `number` zero-padded to 10 digits, as ``padded(_:)`` does.
    private func paddedSQL(_ prefix: String, _ number: SQLQueryString) -> SQLQueryString {
        switch storage.engine {
        case .sqlite: "printf('\(unsafeRaw: prefix)%010d', \(number))"
        case .postgres: "('\(unsafeRaw: prefix)' || lpad(CAST(\(number) AS TEXT), 10, '0'))"
        }
    }

    /// The client address of seeded click `index` among `networks` distinct public /24 networks.
    public static func ipAddress(click index: Int, networks: Int) -> String {
        let network = (index &* 2_654_435_761) % max(1, networks)
        return "\(11 + network % 89).\(network / 89 % 256).\(network / (89 * 256) % 256).\(index % 250 + 1)"
    }

    /// Inserts links `range` (numbered from 1) into `appId`, each redirecting to ``destination(_:)``.
    public func insertLinks(appId: String, range: Range<Int>, createdAt: Date) async throws {
        let marker = "__SYNTHETIC_INDEX__"
        let content = try storage.encodeJSON(LinkContent(originalUrl: "https://example.com/p/" + marker, title: "Synthetic link"))
        let parts = content.components(separatedBy: marker)
        guard parts.count == 2 else { throw StoreError.corruptRecord("synthetic link content has no single index marker") }
        let millis = createdAt.epochMilliseconds
        let code: SQLQueryString
        let sequence: SQLQueryString
        switch storage.engine {
        case .sqlite:
            code = "printf('%08x', (i * 2654435761) % 4294967296)"
            sequence =
                "WITH RECURSIVE seq(i) AS (SELECT \(bind: range.lowerBound) UNION ALL SELECT i + 1 FROM seq WHERE i + 1 < \(bind: range.upperBound))"
        case .postgres:
            code = "lpad(to_hex((i * 2654435761) % 4294967296), 8, '0')"
            sequence = ""
        }
        let from: SQLQueryString =
            storage.engine == .postgres
            ? "FROM generate_series(\(bind: Int64(range.lowerBound)), \(bind: Int64(range.upperBound - 1))) AS seq(i)"
            : "FROM seq"
        try await withSecondaryIndexesRebuilt(on: "links") {
            try await storage.provider.transaction { database in
                try await database.raw(
                    """
                    \(sequence)
                    INSERT INTO links (id, app_id, short_code, template_id, template_slug, external_user_id, dedup_key,
                                       is_active, expires_at, content, created_at, updated_at)
                    SELECT \(paddedSQL("synthetic-link-", "i")), \(bind: appId), \(code), NULL, NULL, NULL, NULL,
                           \(bind: true), NULL, \(bind: parts[0]) || i || \(bind: parts[1]), \(bind: millis), \(bind: millis)
                    \(from)
                    """
                ).run()
            }
        }
    }

    /// Inserts clicks `range` (numbered from 1) spread evenly over `period`, on links 1…`linkCount`,
    /// from `networks` distinct /24 networks and the given device profiles in turn, with the matching
    /// keys the server would store. The clicks are marked as already counted in the population
    /// statistics, which are rebuilt from the table (see ``rebuildStatistics(appId:)``).
    public func insertClicks(
        appId: String, range: Range<Int>, linkCount: Int, period: ClosedRange<Date>, networks: Int, profiles: [DeviceProfile]
    ) async throws {
        guard !profiles.isEmpty, linkCount > 0 else { return }
        try await withSecondaryIndexesRebuilt(on: "clicks") {
            try await insertClickRows(
                into: "clicks", appId: appId, range: range, linkCount: linkCount, period: period, networks: networks, profiles: profiles)
        }
    }

    /// The rows of ``insertClicks(appId:range:linkCount:period:networks:profiles:)`` into `table`
    /// (`clicks`, or a month's table before it is attached), as one statement in one transaction.
    func insertClickRows(
        into table: String, appId: String, range: Range<Int>, linkCount: Int, period: ClosedRange<Date>, networks: Int,
        profiles: [DeviceProfile], addressesReduced: Bool = false
    ) async throws {
        let start = period.lowerBound.epochMilliseconds
        let span = max(1, period.upperBound.epochMilliseconds - start)
        let count = Int64(max(1, range.count))
        let networkCount = Int64(max(1, networks))
        try await storage.provider.transaction { database in
            try await database.raw("DROP TABLE IF EXISTS synthetic_profiles").run()
            try await database.raw(
                """
                CREATE TEMPORARY TABLE synthetic_profiles (
                    n BIGINT PRIMARY KEY, platform TEXT, user_agent TEXT, os_version TEXT, device_class TEXT,
                    screen_width INTEGER, screen_height INTEGER, timezone TEXT, language TEXT, accept_language TEXT, signature TEXT,
                    match_evidence TEXT)
                """
            ).run()
            for (index, profile) in profiles.enumerated() {
                try await database.raw(
                    """
                    INSERT INTO synthetic_profiles VALUES (\(bind: Int64(index)), \(bind: profile.platform), \(bind: profile.userAgent),
                        \(bind: profile.osVersion), \(bind: profile.deviceClass), \(bind: profile.screenWidth), \(bind: profile.screenHeight),
                        \(bind: profile.timezone), \(bind: profile.language), \(bind: profile.acceptLanguage), \(bind: profile.signature),
                        \(bind: profile.matchEvidence))
                    """
                ).run()
            }
            // n: the click's network; the address and its /24 are built from it as ipAddress(click:networks:) does.
            let network: SQLQueryString = "((i * 2654435761) % \(unsafeRaw: String(networkCount)))"
            let octets: SQLQueryString = """
                CAST(11 + \(network) % 89 AS TEXT) || '.' || CAST(\(network) / 89 % 256 AS TEXT) || '.' || CAST(\(network) / 22784 % 256 AS TEXT)
                """
            // Old clicks' addresses as IP retention leaves them (their /24), else the server's
            // IP retention rewrites every one of them while the bench measures.
            let address: SQLQueryString =
                addressesReduced ? "\(octets) || '.0/24'" : "\(octets) || '.' || CAST(i % 250 + 1 AS TEXT)"
            let sequence: SQLQueryString
            let from: SQLQueryString
            switch storage.engine {
            case .sqlite:
                sequence =
                    "WITH RECURSIVE seq(i) AS (SELECT \(bind: range.lowerBound) UNION ALL SELECT i + 1 FROM seq WHERE i + 1 < \(bind: range.upperBound))"
                from = "FROM seq JOIN synthetic_profiles p ON p.n = i % \(unsafeRaw: String(profiles.count))"
            case .postgres:
                sequence = ""
                from = """
                    FROM generate_series(\(bind: Int64(range.lowerBound)), \(bind: Int64(range.upperBound - 1))) AS seq(i)
                    JOIN synthetic_profiles p ON p.n = i % \(unsafeRaw: String(profiles.count))
                    """
            }
            try await database.raw(
                """
                \(sequence)
                INSERT INTO \(ident: table) (id, app_id, link_id, clicked_at, click_token, ip_address, user_agent, platform, os_version,
                                    device_class, device_model, browser, in_app_browser, accept_language, referrer, country, is_bot,
                                    bot_name, screen_width, screen_height, timezone, language, ip_prefix, signature,
                                    client_os_version, client_device_model, match_evidence)
                SELECT \(paddedSQL("synthetic-click-", "i")), \(bind: appId),
                       \(paddedSQL("synthetic-link-", "1 + (i * 7919) % \(unsafeRaw: String(linkCount))")),
                       \(bind: start) + ((i - \(bind: Int64(range.lowerBound))) * \(bind: span)) / \(bind: count),
                       \(paddedSQL("synthetic-token-", "i")), \(address), p.user_agent, p.platform, p.os_version,
                       p.device_class, NULL, NULL, NULL, p.accept_language, NULL, NULL, \(bind: false),
                       NULL, p.screen_width, p.screen_height, p.timezone, p.language, \(octets) || '.0/24', p.signature,
                       NULL, NULL, p.match_evidence
                \(from)
                """
            ).run()
            try await database.raw("DROP TABLE synthetic_profiles").run()
        }
    }

    /// Runs a bulk insert into `table` with its plain (non-unique) indexes dropped, then builds them
    /// again: sorting millions of keys once is far cheaper than millions of random B-tree inserts.
    /// The definitions are read from the database, so the migrations stay the only place they live.
    func withSecondaryIndexesRebuilt(on table: String, _ body: () async throws -> Void) async throws {
        let definitions: [(name: String, sql: String)] = try await storage.provider.read { database in
            let query: SQLQueryString =
                switch storage.engine {
                case .sqlite:
                    "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = \(bind: table) AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE%'"
                case .postgres:
                    """
                    SELECT indexname AS name, indexdef AS sql FROM pg_indexes
                    WHERE schemaname = current_schema() AND tablename = \(bind: table)
                    AND indexname NOT IN (SELECT conname FROM pg_constraint) AND indexdef NOT LIKE 'CREATE UNIQUE%'
                    """
                }
            return try await database.raw(query).all().map {
                (try $0.decode(column: "name", as: String.self), try $0.decode(column: "sql", as: String.self))
            }
        }
        try await storage.provider.write { database in
            // Names come from the catalog, not from input.
            for index in definitions { try await database.raw("DROP INDEX \(ident: index.name)").run() }
        }
        do {
            try await body()
        } catch {
            try? await recreate(definitions, on: table)
            throw error
        }
        try await recreate(definitions, on: table)
    }

    private func recreate(_ definitions: [(name: String, sql: String)], on table: String) async throws {
        try await storage.provider.write { database in
            for index in definitions {
                // PostgreSQL describes a partitioned table's index as `CREATE INDEX … ON ONLY clicks`,
                // which makes it on the parent alone, invalid and on no partition: seeded clicks had
                // only their primary keys. Without ONLY it is built on every partition.
                let sql = storage.engine == .postgres ? index.sql.replacingOccurrences(of: " ON ONLY ", with: " ON ") : index.sql
                try await database.raw(SQLQueryString(sql)).run()
            }
            if storage.engine == .postgres { try await database.raw("ANALYZE \(ident: table)").run() }
        }
    }

    /// Seeded clicks grouped by everything the population statistics look at except the network,
    /// with their number, so the caller can count them the way the server does.
    public struct DeviceGroup: Sendable {
        public var platform: String
        public var day: Int64
        public var userAgent: String?
        public var osVersion: String?
        public var screenWidth: Int?
        public var screenHeight: Int?
        public var timezone: String?
        public var language: String?
        public var acceptLanguage: String?
        public var clicks: Int
    }

    /// - Parameter range: only the seeded clicks with these numbers (all of them when nil).
    public func deviceGroups(appId: String, range: Range<Int>? = nil) async throws -> [DeviceGroup] {
        let only = numbered(range)
        return try await storage.provider.read { database in
            try await database.raw(
                """
                SELECT platform, clicked_at / 86400000 AS day, user_agent, os_version, screen_width, screen_height, timezone,
                       language, accept_language, COUNT(*) AS clicks
                FROM clicks WHERE app_id = \(bind: appId) AND is_bot = \(bind: false)\(only)
                GROUP BY platform, clicked_at / 86400000, user_agent, os_version, screen_width, screen_height, timezone, language, accept_language
                """
            ).all().map { row in
                DeviceGroup(
                    platform: try row.decode(column: "platform", as: String.self),
                    day: try row.decode(column: "day", as: Int64.self),
                    userAgent: try row.decode(column: "user_agent", as: String?.self),
                    osVersion: try row.decode(column: "os_version", as: String?.self),
                    screenWidth: try row.decode(column: "screen_width", as: Int?.self),
                    screenHeight: try row.decode(column: "screen_height", as: Int?.self),
                    timezone: try row.decode(column: "timezone", as: String?.self),
                    language: try row.decode(column: "language", as: String?.self),
                    acceptLanguage: try row.decode(column: "accept_language", as: String?.self),
                    clicks: Int(try row.decode(column: "clicks", as: Int64.self))
                )
            }
        }
    }

    /// Counts the seeded clicks' networks per day into the population statistics, in one statement.
    public func insertNetworkStatistics(appId: String, factor: String, range: Range<Int>? = nil) async throws {
        let only = numbered(range)
        try await storage.provider.transaction { database in
            try await database.raw(
                """
                INSERT INTO click_stats (app_id, platform, day, factor, value, clicks)
                SELECT app_id, platform, clicked_at / 86400000, \(bind: factor), ip_prefix, COUNT(*)
                FROM clicks WHERE app_id = \(bind: appId) AND is_bot = \(bind: false) AND ip_prefix IS NOT NULL\(only)
                GROUP BY app_id, platform, clicked_at / 86400000, ip_prefix
                ON CONFLICT (app_id, platform, factor, value, day) DO UPDATE SET clicks = click_stats.clicks + excluded.clicks
                """
            ).run()
        }
    }

    /// ` AND <the click is seeded click number lower…upper-1>`, or nothing for every click. Seeded
    /// ids are `synthetic-click-NNNNNNNNNN`, so the number is the id from its 17th character.
    private func numbered(_ range: Range<Int>?) -> SQLQueryString {
        guard let range else { return "" }
        let number: SQLQueryString =
            switch storage.engine {
            case .sqlite: "CAST(substr(id, 17) AS INTEGER)"
            case .postgres: "CAST(substring(id FROM 17) AS BIGINT)"
            }
        return
            " AND id LIKE 'synthetic-click-%' AND \(number) >= \(bind: Int64(range.lowerBound)) AND \(number) < \(bind: Int64(range.upperBound))"
    }

    /// The app's clicks made before `date` (what retention has still to fold).
    public func countClicks(appId: String, madeBefore date: Date) async throws -> Int {
        try await storage.provider.read { database in
            let row = try await database.raw(
                "SELECT COUNT(*) AS count FROM clicks WHERE app_id = \(bind: appId) AND clicked_at < \(bind: date.epochMilliseconds)"
            ).first()
            return try row?.decode(column: "count", as: Int.self) ?? 0
        }
    }

    /// Deletes the app's clicks made at or after `date` (a benchmark phase's own load).
    public func deleteClicks(appId: String, madeSince date: Date) async throws {
        try await storage.provider.write { database in
            try await database.raw("DELETE FROM clicks WHERE app_id = \(bind: appId) AND clicked_at >= \(bind: date.epochMilliseconds)")
                .run()
        }
    }

    /// What autovacuum leaves behind after a bulk load on PostgreSQL, minutes later in a real
    /// deployment: planner statistics and a visibility map, without which an index-only scan of
    /// freshly loaded clicks still visits the heap for every entry. SQLite keeps no such map, and
    /// the server never runs ANALYZE on it, so the benchmark does not either.
    public func vacuumAnalyzeIfPostgres() async throws {
        guard storage.engine == .postgres else { return }
        try await storage.provider.write { database in try await database.raw("VACUUM (ANALYZE)").run() }
    }

    /// Writes a bulk load's log into the database files (SQLite's WAL, PostgreSQL's checkpoint), so
    /// the server started next does not pay for the load with its first requests.
    public func checkpoint() async throws {
        try await storage.provider.write { database in
            switch storage.engine {
            case .sqlite: try await database.raw("PRAGMA wal_checkpoint(TRUNCATE)").run()
            case .postgres: try await database.raw("CHECKPOINT").run()
            }
        }
    }

    /// Rows in `table` (`clicks` or `events`), optionally leaving out the generated ones.
    public func countRows(_ table: String, excludingSynthetic: Bool) async throws -> Int {
        guard ["clicks", "events", "installs", "links"].contains(table) else {
            throw StoreError.corruptRecord("no countable table \(table)")
        }
        let filter: SQLQueryString = excludingSynthetic ? " WHERE id NOT LIKE 'synthetic-%'" : ""
        return try await storage.provider.read { database in
            guard let row = try await database.raw("SELECT COUNT(*) AS count FROM \(unsafeRaw: table)\(filter)").first() else { return 0 }
            return Int(try row.decode(column: "count", as: Int64.self))
        }
    }

    /// Up to `limit` install ids, newest first.
    public func installIds(limit: Int) async throws -> [String] {
        try await storage.provider.read { database in
            try await database.raw("SELECT id FROM installs ORDER BY created_at DESC LIMIT \(bind: limit)").all()
                .map { try $0.decode(column: "id", as: String.self) }
        }
    }
}

extension SyntheticData {
    /// Inserts `count` installs of the app spread evenly over `period`, each carrying one of
    /// `observations` in turn (the platform and the text the server stores for its model fit), so a
    /// benchmark can time the fit on an app with a long install history.
    public func insertInstalls(appId: String, count: Int, observations: [(platform: String, text: String)], period: ClosedRange<Date>)
        async throws
    {
        guard count > 0, !observations.isEmpty else { return }
        let start = period.lowerBound.epochMilliseconds
        let span = max(1, period.upperBound.epochMilliseconds - start)
        try await storage.provider.transaction { database in
            try await database.raw("DROP TABLE IF EXISTS synthetic_observations").run()
            try await database.raw("CREATE TEMPORARY TABLE synthetic_observations (n BIGINT PRIMARY KEY, platform TEXT, text TEXT)").run()
            for (index, observation) in observations.enumerated() {
                try await database.raw(
                    "INSERT INTO synthetic_observations VALUES (\(bind: Int64(index)), \(bind: observation.platform), \(bind: observation.text))"
                ).run()
            }
            let sequence: SQLQueryString
            let from: SQLQueryString
            switch storage.engine {
            case .sqlite:
                sequence = "WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i + 1 < \(bind: Int64(count)))"
                from = "FROM seq JOIN synthetic_observations o ON o.n = i % \(unsafeRaw: String(observations.count))"
            case .postgres:
                sequence = ""
                from = """
                    FROM generate_series(0, \(bind: Int64(count - 1))) AS seq(i)
                    JOIN synthetic_observations o ON o.n = i % \(unsafeRaw: String(observations.count))
                    """
            }
            try await database.raw(
                """
                \(sequence)
                INSERT INTO installs (id, app_id, dedup_key, created_at, fingerprint, platform, method, confidence, matched_factors,
                                      click_id, link_id, match_observation)
                SELECT \(paddedSQL("synthetic-install-", "i")), \(bind: appId), \(paddedSQL("synthetic-install-", "i")),
                       \(bind: start) + (i * \(bind: span)) / \(bind: Int64(count)), '{}', o.platform, 'organic', 0, '[]', NULL, NULL, o.text
                \(from)
                """
            ).run()
            try await database.raw("DROP TABLE synthetic_observations").run()
        }
    }
}
