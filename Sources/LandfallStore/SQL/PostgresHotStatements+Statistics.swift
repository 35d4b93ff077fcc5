import Foundation
import PostgresNIO

extension PostgresHotStatements {
    /// A page of settled redirect clicks for the statistics service, which reads every click back
    /// once: through SQLKit's `Codable` rows that cost about as much per click as a tenth of its
    /// redirect. The range on `clicks_time` with a limit plans the same for any bounds.
    struct SettledClicks: RowStatement {
        static let name = "landfall_settled_clicks"
        static let sql = """
            SELECT \((SQLStorage.clickColumns + ["install_id", "received_at"]).joined(separator: ", ")) FROM clicks
            WHERE clicked_at > $1 AND clicked_at <= $2 AND is_bot = false AND received_at IS NULL ORDER BY clicked_at LIMIT $3
            """
        var after: Int64
        var upTo: Int64
        var limit: Int64

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 3)
            bindings.append(after)
            bindings.append(upTo)
            bindings.append(limit)
            return bindings
        }
    }
}
