import Foundation
import LandfallModels
import SQLKit

extension SQLStorage {
    /// The factor name under which a day's total clicks are counted.
    static let totalFactor = "_total"

    public func click(id: String, appId: String) async throws -> ClickRecord? {
        try await provider.read { database in
            try await database.raw("SELECT * FROM clicks WHERE id = \(bind: id) AND app_id = \(bind: appId)").first().map(decodeClick)
        }
    }

    public func click(token: String, appId: String) async throws -> ClickRecord? {
        try await provider.read { database in
            try await database.raw(
                """
                SELECT * FROM clicks WHERE click_token = \(bind: token) AND app_id = \(bind: appId)
                AND install_id IS NULL AND is_bot = \(bind: false)
                """
            ).first().map(decodeClick)
        }
    }

    public func candidates(appId: String, platform: String, ipPrefix: String, since: Date, until: Date, limit: Int) async throws
        -> [ClickRecord]
    {
        try await candidates(appId: appId, platform: platform, key: .ipPrefix(ipPrefix), since: since, until: until, limit: limit)
    }

    public func candidates(appId: String, platform: String, signature: String, since: Date, until: Date, limit: Int) async throws
        -> [ClickRecord]
    {
        try await candidates(appId: appId, platform: platform, key: .signature(signature), since: since, until: until, limit: limit)
    }

    /// The index walk, then the rows, newest first, without those older than their link's window.
    private func candidates(appId: String, platform: String, key: CandidateIndexKey, since: Date, until: Date, limit: Int) async throws
        -> [ClickRecord]
    {
        let refs = try await candidateRefs(appId: appId, platform: platform, key: key, since: since, until: until, limit: limit)
        let clicks = Dictionary(
            try await candidateClicks(ids: refs.map(\.id)).map { ($0.click.id, $0) }, uniquingKeysWith: { first, _ in first })
        return refs.compactMap { clicks[$0.id] }.filter { $0.isInsideLinkWindow(at: until) }.map(\.click)
    }

    public func candidateRefs(
        appId: String, platform: String, key: CandidateIndexKey, since: Date, until: Date, limit: Int
    ) async throws -> [CandidateRef] {
        try await hotPath.candidateRefs(appId: appId, platform: platform, key: key, since: since, until: until, limit: limit)
    }

    public func candidateClicks(ids: [String]) async throws -> [CandidateClick] {
        guard !ids.isEmpty else { return [] }
        return try await hotPath.candidateClicks(ids: ids)
    }

    static func decodeCandidateRef(_ row: some RowValues) throws -> CandidateRef {
        CandidateRef(
            id: try row.requiredText("id"), linkId: try row.requiredText("link_id"),
            clickedAt: Date(epochMilliseconds: try row.requiredInteger("clicked_at")),
            ipPrefix: try row.text("ip_prefix"), matchEvidence: try row.text("match_evidence"),
            linkWindowHours: try row.optionalInt("link_window_hours")
        )
    }

    static func decodeCandidateClick(_ row: some RowValues) throws -> CandidateClick {
        CandidateClick(click: try decodeCandidate(row), linkWindowHours: try row.optionalInt("link_window_hours"))
    }

    public func population(
        appId: String, platform: String, fromDay: Int64, toDay: Int64, values: [(factor: String, value: String)], includingTotal: Bool
    ) async throws -> ClickPopulation {
        var tally = PopulationTally(values: values, includingTotal: includingTotal)
        guard !tally.wanted.isEmpty else { return tally.population }
        try await hotPath.population(appId: appId, platform: platform, fromDay: fromDay, toDay: toDay, into: &tally)
        return tally.population
    }

    public func matchReads(_ request: MatchReadRequest) async throws -> MatchReads {
        try await hotPath.matchReads(request, store: self)
    }

    public func recordStatistics(_ deltas: [ClickStatDelta], watermarkFrom expected: Int64, to: Int64) async throws -> Bool {
        try await provider.transaction { database in
            // Compare-and-set on the watermark: of two servers sharing a database, one wins a range.
            // The row is created at 0 first, so two first runs also race on the UPDATE (the second
            // one waits for the first to commit, then finds the value moved and updates nothing).
            if expected == 0 {
                try await database.raw(
                    """
                    INSERT INTO settings (key, value) VALUES (\(bind: Self.statsWatermarkKey), '0') ON CONFLICT (key) DO NOTHING
                    """
                ).run()
            }
            let updated = try await database.raw(
                """
                UPDATE settings SET value = \(bind: String(to)) WHERE key = \(bind: Self.statsWatermarkKey) AND value = \(bind: String(expected))
                RETURNING key
                """
            ).all()
            guard !updated.isEmpty else { return false }
            try await Self.addStatistics(deltas, on: database)
            return true
        }
    }

    static let statsWatermarkKey = "click_stats_watermark_ms"

    /// Adds the deltas to `click_stats`, inside the caller's transaction.
    static func addStatistics(_ deltas: [ClickStatDelta], on database: any SQLDatabase) async throws {
        // One multi-row upsert per chunk: a page of clicks has thousands of distinct values, and a
        // statement each would hold the single SQLite writer away from click batches for long.
        // Deltas arrive with one row per key, as one statement must touch a row only once.
        for chunk in Self.mergingRepeatedKeys(deltas).chunked(into: 1000) {
            var sql = SQLQueryString("INSERT INTO click_stats (app_id, platform, day, factor, value, clicks) VALUES ")
            for (index, delta) in chunk.enumerated() {
                if index > 0 { sql.appendLiteral(", ") }
                sql.appendInterpolation(
                    """
                    (\(bind: delta.appId), \(bind: delta.platform), \(bind: delta.day), \(bind: delta.factor ?? Self.totalFactor), \
                    \(bind: delta.value ?? ""), \(bind: Int64(delta.clicks)))
                    """ as SQLQueryString)
            }
            sql.appendLiteral(
                " ON CONFLICT (app_id, platform, factor, value, day) DO UPDATE SET clicks = click_stats.clicks + excluded.clicks")
            try await database.raw(sql).run()
        }
    }

    /// One delta per statistics row, summing repeats, in first-seen order.
    static func mergingRepeatedKeys(_ deltas: [ClickStatDelta]) -> [ClickStatDelta] {
        struct Key: Hashable { var app: String; var platform: String; var day: Int64; var factor: String?; var value: String? }
        var merged: [ClickStatDelta] = []
        var positions: [Key: Int] = [:]
        for delta in deltas {
            let key = Key(app: delta.appId, platform: delta.platform, day: delta.day, factor: delta.factor, value: delta.value)
            if let position = positions[key] {
                merged[position].clicks += delta.clicks
            } else {
                positions[key] = merged.count
                merged.append(delta)
            }
        }
        return merged
    }

    /// The statistics watermark in epoch milliseconds, or nil before the first run.
    public func statisticsWatermark() async throws -> Int64? {
        try await setting(Self.statsWatermarkKey).flatMap(Int64.init)
    }

    public func clicks(after: Date, upTo: Date, limit: Int) async throws -> [ClickRecord] {
        try await hotPath.settledClicks(after: after, upTo: upTo, limit: limit)
    }

    public func install(dedupKey: String, appId: String) async throws -> InstallRecord? {
        try await provider.read { database in
            try await database.raw("SELECT * FROM installs WHERE app_id = \(bind: appId) AND dedup_key = \(bind: dedupKey)")
                .first().map(decodeInstall)
        }
    }

    public func install(id: String, appId: String) async throws -> InstallRecord? {
        try await provider.read { database in
            try await database.raw("SELECT * FROM installs WHERE id = \(bind: id) AND app_id = \(bind: appId)").first().map(decodeInstall)
        }
    }

    public func installs(appId: String, method: InstallMethod?, platform: String?, after cursor: InstallCursor?, limit: Int)
        async throws -> [InstallRecord]
    {
        // Served by installs_app_created; the filters narrow the rows it walks.
        var query: SQLQueryString = "SELECT * FROM installs WHERE app_id = \(bind: appId)"
        if let method { query += " AND method = \(bind: method.rawValue)" }
        if let platform { query += " AND platform = \(bind: platform)" }
        if let cursor {
            let milliseconds = cursor.createdAt.epochMilliseconds
            query += " AND (created_at < \(bind: milliseconds) OR (created_at = \(bind: milliseconds) AND id < \(bind: cursor.id)))"
        }
        query += " ORDER BY created_at DESC, id DESC LIMIT \(bind: limit)"
        let finished = query
        return try await provider.read { database in
            try await database.raw(finished).all().map(decodeInstall)
        }
    }

    public func install(id: String) async throws -> InstallRecord? {
        try await provider.read { database in
            try await database.raw("SELECT * FROM installs WHERE id = \(bind: id)").first().map(decodeInstall)
        }
    }

    public func insertInstall(_ install: InstallRecord) async throws {
        let fingerprint = try encodeJSON(install.fingerprint)
        let factors = try encodeJSON(install.matchedFactors)
        do {
            try await provider.transaction { database in
                if let clickId = install.clickId {
                    let consumed = try await database.raw(
                        """
                        UPDATE clicks SET install_id = \(bind: install.id) WHERE id = \(bind: clickId) AND app_id = \(bind: install.appId)
                        AND is_bot = \(bind: false) AND install_id IS NULL RETURNING id
                        """
                    ).all()
                    guard !consumed.isEmpty else { throw StoreError.conflict("click") }
                }
                try await database.raw(
                    """
                    INSERT INTO installs (
                        id, app_id, dedup_key, created_at, fingerprint, platform, method, confidence, matched_factors, click_id, link_id,
                        match_observation
                    )
                    VALUES (\(bind: install.id), \(bind: install.appId), \(bind: install.dedupKey), \(bind: install.createdAt.epochMilliseconds),
                            \(bind: fingerprint), \(bind: install.fingerprint.platform), \(bind: install.method.rawValue), \(bind: install.confidence),
                            \(bind: factors), \(bind: install.clickId), \(bind: install.linkId), \(bind: install.matchObservation))
                    """
                ).run()
            }
        } catch  where provider.isUniqueViolation(error) {
            throw StoreError.conflict("dedupKey")
        }
    }

    public func insertAppOpen(_ open: AppOpenRecord) async throws {
        try await provider.write { database in
            try await database.raw(
                """
                INSERT INTO app_opens (id, app_id, link_id, opened_at, platform, os_version, screen_width, screen_height, timezone, language)
                VALUES (\(bind: open.id), \(bind: open.appId), \(bind: open.linkId), \(bind: open.openedAt.epochMilliseconds),
                        \(bind: open.platform), \(bind: open.osVersion), \(bind: open.screenWidth), \(bind: open.screenHeight),
                        \(bind: open.timezone), \(bind: open.language))
                """
            ).run()
        }
    }

    /// A method the enum does not know is a damaged row, not a crash.
    private func decodeInstallMethod(_ text: String, install id: String) throws -> InstallMethod {
        guard let method = InstallMethod(rawValue: text) else { throw StoreError.corruptRecord("install \(id): unknown method '\(text)'") }
        return method
    }

    func decodeInstall(_ row: any SQLRow) throws -> InstallRecord {
        let id = try row.decode(column: "id", as: String.self)
        return InstallRecord(
            id: id,
            appId: try row.decode(column: "app_id", as: String.self),
            dedupKey: try row.decode(column: "dedup_key", as: String.self),
            createdAt: Date(epochMilliseconds: try row.decode(column: "created_at", as: Int64.self)),
            fingerprint: try decodeJSON(
                InstallFingerprint.self, try row.decode(column: "fingerprint", as: String.self), what: "install \(id)"),
            method: try decodeInstallMethod(try row.decode(column: "method", as: String.self), install: id),
            confidence: Int(try row.decode(column: "confidence", as: Int64.self)),
            matchedFactors: try decodeJSON(
                [String].self, try row.decode(column: "matched_factors", as: String.self), what: "install \(id)"),
            clickId: try row.decode(column: "click_id", as: String?.self),
            linkId: try row.decode(column: "link_id", as: String?.self)
        )
    }

    /// What matching reads of a candidate click: half the columns, so a few hundred candidates
    /// decode in a fraction of the time. The rest of the record is left empty.
    static let candidateColumns = [
        "id", "app_id", "link_id", "clicked_at", "click_token", "ip_address", "user_agent", "platform", "os_version", "device_class",
        "accept_language", "screen_width", "screen_height", "timezone", "language", "ip_prefix", "signature", "client_os_version",
        "client_device_model", "match_evidence",
    ]

    private static func decodeCandidate(_ row: some RowValues) throws -> ClickRecord {
        ClickRecord(
            id: try row.requiredText("id"),
            appId: try row.requiredText("app_id"),
            linkId: try row.requiredText("link_id"),
            clickedAt: Date(epochMilliseconds: try row.requiredInteger("clicked_at")),
            clickToken: try row.requiredText("click_token"),
            ipAddress: try row.text("ip_address"),
            userAgent: try row.text("user_agent"),
            platform: try row.requiredText("platform"),
            osVersion: try row.text("os_version"),
            deviceClass: try row.requiredText("device_class"),
            acceptLanguage: try row.text("accept_language"),
            signals: ClickSignals(
                screenWidth: try row.optionalInt("screen_width"),
                screenHeight: try row.optionalInt("screen_height"),
                timezone: try row.text("timezone"),
                language: try row.text("language"),
                platformVersion: try row.text("client_os_version"),
                deviceModel: try row.text("client_device_model")
            ),
            ipPrefix: try row.text("ip_prefix"),
            signature: try row.text("signature"),
            matchEvidence: try row.text("match_evidence")
        )
    }
}
