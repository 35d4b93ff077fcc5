import Foundation
import SQLKit

extension SQLStorage {
    public func insertClicks(_ clicks: [ClickRecord]) async throws {
        guard !clicks.isEmpty else { return }
        // A click posted with a time days back may land in a day already counted (migration 0022):
        // marked before, so the overview reads the day raw meanwhile, and after, so a recount that
        // read the day before the insert committed cannot clear the mark.
        try await markLateClickDays(clicks)
        try await hotPath.insertClicks(clicks)
        try await markLateClickDays(clicks)
    }

    public func applySignals(_ signals: ClickSignals, clickToken: String) async throws -> ClickRecord? {
        // Only a click that claimed to be a Mac can turn out to be an iPad.
        let platform: SQLQueryString =
            signals.platformOverride.map {
                ", platform = CASE WHEN platform = \(bind: ClickSignals.ambiguousDesktopPlatform) THEN \(bind: $0) ELSE platform END"
            } ?? ""
        return try await provider.write { database in
            try await database.raw(
                """
                UPDATE clicks SET
                    screen_width = COALESCE(\(bind: signals.screenWidth), screen_width),
                    screen_height = COALESCE(\(bind: signals.screenHeight), screen_height),
                    timezone = COALESCE(\(bind: signals.timezone), timezone),
                    language = COALESCE(\(bind: signals.language), language),
                    client_os_version = COALESCE(\(bind: signals.platformVersion), client_os_version),
                    client_device_model = COALESCE(\(bind: signals.deviceModel), client_device_model)
                    \(platform)
                WHERE click_token = \(bind: clickToken) RETURNING *
                """
            ).first().map(decodeClick)
        }
    }

    public func setMatchingKeys(signature: String?, matchEvidence: String?, clickId: String) async throws {
        try await provider.write { database in
            try await database.raw(
                """
                UPDATE clicks SET signature = \(bind: signature), match_evidence = \(bind: matchEvidence) WHERE id = \(bind: clickId)
                """
            ).run()
        }
    }

    public func click(token: String) async throws -> ClickRecord? {
        try await provider.read { database in
            try await database.raw("SELECT * FROM clicks WHERE click_token = \(bind: token)").first().map(decodeClick)
        }
    }

    public func clicks(linkId: String, appId: String) async throws -> [ClickRecord] {
        // A link's page: through the view, so a month being retired (migration 0021) stays listed
        // until it is folded, as its counts do.
        try await provider.read { database in
            try await database.raw(
                """
                SELECT * FROM analytics_clicks WHERE link_id = \(bind: linkId) AND app_id = \(bind: appId) ORDER BY clicked_at, id
                """
            ).all().map(decodeClick)
        }
    }

    public func clickCount(appId: String) async throws -> Int {
        try await provider.read { database in
            guard let row = try await database.raw("SELECT COUNT(*) AS count FROM clicks WHERE app_id = \(bind: appId)").first() else {
                return 0
            }
            return Int(try row.decode(column: "count", as: Int64.self))
        }
    }

    static let clickColumns = [
        "id", "app_id", "link_id", "clicked_at", "click_token", "ip_address", "user_agent", "platform", "os_version",
        "device_class", "device_model", "browser", "in_app_browser", "accept_language", "referrer", "country", "is_bot",
        "bot_name", "screen_width", "screen_height", "timezone", "language", "ip_prefix", "signature",
        "client_os_version", "client_device_model", "match_evidence",
    ]

    /// Rows per SQLKit INSERT statement (posted clicks): keeps the bind count (27 per row) under
    /// SQLite's 32,766 limit.
    static let clickChunkRows = 500

    /// On SQLite, one statement: its own transaction; PostgreSQL writes any batch as one statement.
    public var largestClickWrite: Int { hotPath.largestClickWrite }

    /// SQLite has one writer, so a second batch would only queue behind the first; PostgreSQL
    /// writes batches on separate connections side by side.
    public var clickWritesInFlight: Int { hotPath.clickWritesInFlight }

    /// One `(…)` row of bound values, in ``clickColumns`` order; typed binds, no existential arrays.
    /// (An `[any Encodable]` row crashed in SQLKit's bind encoding under Swift 6.3.)
    static func appendRow(_ click: ClickRecord, to sql: inout SQLQueryString) {
        sql.appendInterpolation(
            """
            (\(bind: click.id), \(bind: click.appId), \(bind: click.linkId), \(bind: click.clickedAt.epochMilliseconds), \
            \(bind: click.clickToken), \(bind: click.ipAddress), \(bind: click.userAgent), \(bind: click.platform), \
            \(bind: click.osVersion), \(bind: click.deviceClass), \(bind: click.deviceModel), \(bind: click.browser), \
            \(bind: click.inAppBrowser), \(bind: click.acceptLanguage), \(bind: click.referrer), \(bind: click.country), \
            \(bind: click.isBot), \(bind: click.botName), \(bind: click.signals.screenWidth), \(bind: click.signals.screenHeight), \
            \(bind: click.signals.timezone), \(bind: click.signals.language), \(bind: click.ipPrefix), \(bind: click.signature), \
            \(bind: click.signals.platformVersion), \(bind: click.signals.deviceModel), \(bind: click.matchEvidence))
            """ as SQLQueryString)
    }

    func decodeClick(_ row: any SQLRow) throws -> ClickRecord {
        try Self.decodeClick(SQLKitValues(row: row))
    }

    static func decodeClick(_ row: some RowValues) throws -> ClickRecord {
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
            deviceModel: try row.text("device_model"),
            browser: try row.text("browser"),
            inAppBrowser: try row.text("in_app_browser"),
            acceptLanguage: try row.text("accept_language"),
            referrer: try row.text("referrer"),
            country: try row.text("country"),
            isBot: try row.bool("is_bot"),
            botName: try row.text("bot_name"),
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
            matchEvidence: try row.text("match_evidence"),
            installId: try row.text("install_id"),
            receivedAt: try row.integer("received_at").map(Date.init(epochMilliseconds:))
        )
    }
}

extension Array {
    /// Consecutive slices of at most `size` elements, in order.
    public func chunked(into size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<($0 + Swift.min(size, count - $0))] }
    }
}
