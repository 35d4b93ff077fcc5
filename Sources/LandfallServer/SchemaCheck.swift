import LandfallStore
import Logging

/// Refuses to serve on a schema this build does not know; migrates when asked or when the database is a fresh SQLite file.
public enum SchemaCheck {
    public static func ensureCurrent(provider: any SQLDatabaseProvider, engine: StorageEngine, migrate: Bool, logger: Logger) async throws {
        let migrator = Migrator(provider: provider)
        let status = try await migrator.status()
        if !status.unknown.isEmpty {
            throw StoreError.schemaMismatch(
                "the database was migrated by a newer Landfall (\(status.unknown.joined(separator: ", "))); upgrade this server")
        }
        guard !status.pending.isEmpty else { return }
        if migrate || (status.isFresh && engine == .sqlite) {
            let applied = try await migrator.migrate()
            logger.info("migrations applied", metadata: ["migrations": "\(applied.joined(separator: ","))"])
            return
        }
        throw StoreError.schemaMismatch(
            "pending migrations \(status.pending.joined(separator: ", ")); run `landfall migrate` or start with --migrate")
    }
}

/// Opens once the schema check at start has passed, so background services never query tables a
/// fresh database does not have yet. Any number of services may wait on it; a waiter whose task is
/// cancelled first (server stopping, schema check failed) is told so and gives up.
public typealias SchemaGate = OneTimeSignal
