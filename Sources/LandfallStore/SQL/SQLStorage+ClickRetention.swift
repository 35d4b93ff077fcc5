import Foundation
import SQLKit

extension SQLStorage {
    public func foldClicks(appId: String, clickedBefore cutoff: Date, limit: Int) async throws -> Int {
        try await provider.transaction { database in
            // The subquery bounds the batch; RETURNING gives exactly the rows this transaction
            // deleted, so a concurrent fold on another server never counts the same row.
            let deleted = try await database.raw(
                """
                DELETE FROM clicks WHERE id IN (
                    SELECT id FROM clicks WHERE app_id = \(bind: appId) AND clicked_at < \(bind: cutoff.epochMilliseconds)
                    LIMIT \(bind: Int64(limit)))
                RETURNING link_id, clicked_at, platform, country, is_bot, install_id
                """
            ).all()
            struct Key: Hashable {
                var day: Int64, link: String, platform: String, country: String, isBot: Bool
            }
            var counts: [Key: Int64] = [:]
            var order: [Key] = []
            var countries: [(install: String, country: String)] = []
            for row in deleted {
                let country = try row.decode(column: "country", as: String?.self)
                let key = Key(
                    day: RetentionDay.start(of: try row.decode(column: "clicked_at", as: Int64.self)),
                    link: try row.decode(column: "link_id", as: String.self),
                    platform: try row.decode(column: "platform", as: String.self), country: country ?? "",
                    isBot: try row.decode(column: "is_bot", as: Bool.self))
                if counts[key] == nil { order.append(key) }
                counts[key, default: 0] += 1
                if let country, let install = try row.decode(column: "install_id", as: String?.self) {
                    countries.append((install, country))
                }
            }
            for chunk in order.chunked(into: 500) {
                var sql = SQLQueryString("INSERT INTO click_daily_counts (app_id, day, link_id, platform, country, is_bot, clicks) VALUES ")
                for (index, key) in chunk.enumerated() {
                    if index > 0 { sql.appendLiteral(", ") }
                    sql.appendInterpolation(
                        """
                        (\(bind: appId), \(bind: key.day), \(bind: key.link), \(bind: key.platform), \(bind: key.country), \
                        \(bind: key.isBot), \(bind: counts[key] ?? 0))
                        """ as SQLQueryString)
                }
                sql.appendLiteral(
                    """
                     ON CONFLICT (app_id, day, link_id, platform, country, is_bot) \
                    DO UPDATE SET clicks = click_daily_counts.clicks + excluded.clicks
                    """)
                try await database.raw(sql).run()
            }
            // Attributed clicks are a few in a batch (one per install at most).
            for (install, country) in countries {
                try await database.raw(
                    "UPDATE installs SET click_country = \(bind: country) WHERE id = \(bind: install) AND app_id = \(bind: appId)"
                ).run()
            }
            return deleted.count
        }
    }

    public func foldAppOpens(appId: String, openedBefore cutoff: Date, limit: Int) async throws -> Int {
        try await provider.transaction { database in
            let deleted = try await database.raw(
                """
                DELETE FROM app_opens WHERE id IN (
                    SELECT id FROM app_opens WHERE app_id = \(bind: appId) AND opened_at < \(bind: cutoff.epochMilliseconds)
                    LIMIT \(bind: Int64(limit)))
                RETURNING link_id, opened_at, platform
                """
            ).all()
            struct Key: Hashable {
                var day: Int64, link: String, platform: String
            }
            var counts: [Key: Int64] = [:]
            var order: [Key] = []
            for row in deleted {
                let key = Key(
                    day: RetentionDay.start(of: try row.decode(column: "opened_at", as: Int64.self)),
                    link: try row.decode(column: "link_id", as: String.self),
                    platform: try row.decode(column: "platform", as: String?.self) ?? "")
                if counts[key] == nil { order.append(key) }
                counts[key, default: 0] += 1
            }
            for chunk in order.chunked(into: 500) {
                var sql = SQLQueryString("INSERT INTO app_open_daily_counts (app_id, day, link_id, platform, opens) VALUES ")
                for (index, key) in chunk.enumerated() {
                    if index > 0 { sql.appendLiteral(", ") }
                    sql.appendInterpolation(
                        "(\(bind: appId), \(bind: key.day), \(bind: key.link), \(bind: key.platform), \(bind: counts[key] ?? 0))"
                            as SQLQueryString)
                }
                sql.appendLiteral(
                    " ON CONFLICT (app_id, day, link_id, platform) DO UPDATE SET opens = app_open_daily_counts.opens + excluded.opens")
                try await database.raw(sql).run()
            }
            return deleted.count
        }
    }
}
