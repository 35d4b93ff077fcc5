import Foundation
import LandfallStore
import SQLKit

extension CrashVerifier {
    /// "ok" when the database is sound after the last (graceful) stop, else what is wrong.
    ///
    /// SQLite: `PRAGMA integrity_check` (pages, indexes against tables) and `foreign_key_check`.
    /// PostgreSQL, whose own storage was never killed: the foreign keys hold, and the table counts
    /// read through a fresh connection equal what was acknowledged.
    func integrity(expected: [CrashWrite.Kind: Int]) async throws -> String {
        let appId = appId
        return try await StorageFactory.withStorage(at: location, logger: logger) { storage, provider in
            try await provider.read { database in
                var problems: [String] = []
                if storage.engine == .sqlite {
                    let verdicts = try await database.raw("PRAGMA integrity_check").all().map {
                        try $0.decode(column: "integrity_check", as: String.self)
                    }
                    if verdicts != ["ok"] { problems.append("integrity_check: " + verdicts.prefix(5).joined(separator: "; ")) }
                    let violations = try await database.raw("PRAGMA foreign_key_check").all().count
                    if violations > 0 { problems.append("\(violations) foreign key violations") }
                } else {
                    let orphans =
                        try await database.raw(
                            """
                            SELECT COUNT(*) AS count FROM events e LEFT JOIN installs i ON i.id = e.install_id WHERE i.id IS NULL
                            """
                        ).first().map { try $0.decode(column: "count", as: Int64.self) } ?? 0
                    if orphans > 0 { problems.append("\(orphans) events without their install") }
                }
                for (kind, table) in [(CrashWrite.Kind.install, "installs"), (.event, "events"), (.link, "links")] {
                    let count =
                        try await database.raw("SELECT COUNT(*) AS count FROM \(unsafeRaw: table) WHERE app_id = \(bind: appId)")
                        .first().map { try $0.decode(column: "count", as: Int64.self) } ?? 0
                    if Int(count) != expected[kind] ?? 0 { problems.append("\(count) \(table), \(expected[kind] ?? 0) acknowledged") }
                }
                return problems.isEmpty ? "ok" : problems.joined(separator: "; ")
            }
        }
    }
}
