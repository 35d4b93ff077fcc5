import NIOConcurrencyHelpers
import SQLKit

/// The revision this process hands its caches, and the last shared one it saw in the database.
struct CatalogRevision: Sendable {
    var local: UInt64 = 0
    var shared: Int64?
}

extension SQLStorage {
    /// Moves the database's catalog revision inside the transaction of a catalog change, so other
    /// servers see the revision move no earlier than the change itself.
    func moveSharedCatalogRevision(_ database: any SQLDatabase) async throws {
        try await database.raw("UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1").run()
    }

    /// Reads the database's catalog revision; when another process moved it since the last call,
    /// moves this process's revision too (its caches then read again) and returns true. The first
    /// call only takes note.
    @discardableResult
    public func observeSharedCatalogRevision() async throws -> Bool {
        let shared =
            try await provider.read { database in
                try await database.raw("SELECT revision FROM catalog_revision WHERE id = 1").first()?.decode(
                    column: "revision", as: Int64.self)
            } ?? 0
        return catalogRevisionBox.withLockedValue { revision in
            defer { revision.shared = shared }
            guard let seen = revision.shared, seen != shared else { return false }
            revision.local &+= 1
            return true
        }
    }
}
