import Foundation
import SQLKit

extension SQLStorage {
    public func putSafetyDomain(_ entry: SafetyDomainRecord) async throws {
        try await provider.write { database in
            try await database.raw(
                """
                INSERT INTO safety_domains (scope, domain, state, note, created_at)
                VALUES (\(bind: entry.scope.storedValue), \(bind: entry.domain), \(bind: entry.state.rawValue), \(bind: entry.note),
                        \(bind: entry.createdAt.epochMilliseconds))
                ON CONFLICT (scope, domain) DO UPDATE SET state = excluded.state, note = excluded.note
                """
            ).run()
        }
    }

    public func deleteSafetyDomain(scope: SafetyScope, domain: String) async throws -> Bool {
        try await provider.write { database in
            try await database.raw(
                """
                DELETE FROM safety_domains WHERE scope = \(bind: scope.storedValue) AND domain = \(bind: domain) RETURNING domain
                """
            ).all().isEmpty == false
        }
    }

    public func safetyDomains(scopes: [SafetyScope]) async throws -> [SafetyDomainRecord] {
        guard !scopes.isEmpty else { return [] }
        let rows = try await provider.read { database in
            var sql = SQLQueryString("SELECT * FROM safety_domains WHERE scope IN (")
            for (index, scope) in scopes.enumerated() {
                if index > 0 { sql.appendInterpolation(unsafeRaw: ", ") }
                sql.appendInterpolation(bind: scope.storedValue)
            }
            sql.appendInterpolation(unsafeRaw: ") ORDER BY domain, scope")
            return try await database.raw(sql).all()
        }
        return try rows.map { row in
            let domain = try row.decode(column: "domain", as: String.self)
            return SafetyDomainRecord(
                scope: SafetyScope(storedValue: try row.decode(column: "scope", as: String.self)),
                domain: domain,
                state: try decodeSafety(try row.decode(column: "state", as: String.self), what: "safety domain \(domain)"),
                note: try row.decode(column: "note", as: String?.self),
                createdAt: Date(epochMilliseconds: try row.decode(column: "created_at", as: Int64.self))
            )
        }
    }

    public func linksForSafetyReview(appId: String?, afterId: String?, limit: Int) async throws -> [LinkRecord] {
        let rows = try await provider.read { database in
            var sql = SQLQueryString("SELECT * FROM links WHERE id > ")
            sql.appendInterpolation(bind: afterId ?? "")
            if let appId {
                sql.appendInterpolation(unsafeRaw: " AND app_id = ")
                sql.appendInterpolation(bind: appId)
            }
            sql.appendInterpolation(unsafeRaw: " ORDER BY id LIMIT ")
            sql.appendInterpolation(bind: max(1, limit))
            return try await database.raw(sql).all()
        }
        return try rows.map(decodeLink)
    }

    public func setDomainSafety(_ verdicts: [String: LinkSafety]) async throws {
        guard !verdicts.isEmpty else { return }
        // Cached links carry the old verdict: a new revision drops them.
        defer { catalogChanged() }
        try await provider.transaction { database in
            try await moveSharedCatalogRevision(database)
            for (linkId, state) in verdicts.sorted(by: { $0.key < $1.key }) {
                try await database.raw("UPDATE links SET domain_safety = \(bind: state.rawValue) WHERE id = \(bind: linkId)").run()
            }
        }
    }

    func decodeSafety(_ text: String, link id: String) throws -> LinkSafety {
        try decodeSafety(text, what: "link \(id)")
    }

    func decodeSafety(_ text: String, what: String) throws -> LinkSafety {
        guard let state = LinkSafety(rawValue: text) else { throw StoreError.corruptRecord("\(what): unknown safety state '\(text)'") }
        return state
    }
}
