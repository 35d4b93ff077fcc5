import Foundation
import SQLKit

extension SQLStorage {
    /// Writes a consistent copy of a SQLite database to `path` while the server keeps serving:
    /// `VACUUM INTO` reads one snapshot (the writer is never blocked) and writes a compact file
    /// that holds every transaction committed before it began. `path` must not exist: SQLite
    /// refuses to write into a file that has content. PostgreSQL is backed up with `pg_dump`.
    public func backUp(to path: String) async throws {
        guard engine == .sqlite else {
            throw StoreError.invalidConfiguration("a PostgreSQL database is backed up with pg_dump (docs/operations.md)")
        }
        // On the writer's connection (readers are opened read-only), though it writes only the copy.
        try await provider.write { database in
            try await database.raw("VACUUM INTO \(bind: path)").run()
        }
    }

    /// SQLite's own check of every page and index: `ok`, or what it found wrong.
    public func integrityCheck() async throws -> [String] {
        guard engine == .sqlite else { throw StoreError.invalidConfiguration("the integrity check is SQLite's") }
        return try await provider.read { database in
            try await database.raw("PRAGMA integrity_check").all().map { try $0.decode(column: "integrity_check", as: String.self) }
        }
    }
}
