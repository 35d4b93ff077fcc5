import Foundation
import PostgresNIO

/// The statements every redirect runs on PostgreSQL (a link read on a cache miss, the click batch),
/// prepared once per connection. Parsed and planned anew each time they were over half of the
/// database's CPU in the redirect benchmark; columns are named so a schema change cannot alter a
/// prepared statement's result.
enum PostgresHotStatements {
    /// A statement whose rows are read by column name (``PostgresRowValues``) or not at all.
    protocol RowStatement: PostgresPreparedStatement where Row == PostgresRow {}

    static let linkColumns = """
        id, app_id, short_code, template_id, template_slug, external_user_id, dedup_key, is_active, expires_at, content, \
        created_at, updated_at, safety, domain_safety
        """

    struct LinksByCode: RowStatement {
        static let name = "landfall_links_by_code"
        static let sql = "SELECT \(linkColumns) FROM links WHERE short_code = $1 ORDER BY created_at, id LIMIT 10"
        var shortCode: String

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 1)
            bindings.append(shortCode)
            return bindings
        }
    }

    struct LinkByCodeInApp: RowStatement {
        static let name = "landfall_link_by_code_in_app"
        static let sql = "SELECT \(linkColumns) FROM links WHERE short_code = $1 AND app_id = $2"
        var shortCode: String
        var appId: String

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 2)
            bindings.append(shortCode)
            bindings.append(appId)
            return bindings
        }
    }

    /// A whole batch as one statement of one array per column: the same text whatever the batch's
    /// size, so it is prepared once, and atomic without a transaction around it.
    struct InsertClicks: RowStatement {
        static let name = "landfall_insert_clicks"
        static let sql: String = {
            let arrays = SQLStorage.clickColumns.enumerated().map { index, column in
                "$\(index + 1)::\(integerColumns.contains(column) ? "int8" : column == "is_bot" ? "bool" : "text")[]"
            }
            return "INSERT INTO clicks (\(SQLStorage.clickColumns.joined(separator: ", "))) SELECT * FROM unnest(\(arrays.joined(separator: ", ")))"
        }()
        private static let integerColumns: Set<String> = ["clicked_at", "screen_width", "screen_height"]
        var clicks: [ClickRecord]

        /// In ``SQLStorage/clickColumns`` order.
        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: SQLStorage.clickColumns.count)
            func text(_ value: (ClickRecord) -> String?) { bindings.append(PostgresNullableArray(elements: clicks.map(value))) }
            func integer(_ value: (ClickRecord) -> Int64?) { bindings.append(PostgresNullableArray(elements: clicks.map(value))) }
            text(\.id); text(\.appId); text(\.linkId); integer { $0.clickedAt.epochMilliseconds }
            text(\.clickToken); text(\.ipAddress); text(\.userAgent); text(\.platform)
            text(\.osVersion); text(\.deviceClass); text(\.deviceModel); text(\.browser)
            text(\.inAppBrowser); text(\.acceptLanguage); text(\.referrer); text(\.country)
            bindings.append(clicks.map(\.isBot)); text(\.botName)
            integer { $0.signals.screenWidth.map(Int64.init) }; integer { $0.signals.screenHeight.map(Int64.init) }
            text(\.signals.timezone); text(\.signals.language); text(\.ipPrefix); text(\.signature)
            text(\.signals.platformVersion); text(\.signals.deviceModel); text(\.matchEvidence)
            return bindings
        }
    }
}

extension PostgresHotStatements.RowStatement {
    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}
