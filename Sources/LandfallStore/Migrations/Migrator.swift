import Foundation
import SQLKit

/// Applies and checks the versioned migrations recorded in `landfall_migrations`.
public struct Migrator: Sendable {
    /// What the database holds compared with what this build knows.
    public struct Status: Sendable, Hashable {
        public var applied: [String]
        public var pending: [String]
        /// Applied by a newer build: this build must not touch the database.
        public var unknown: [String]
        /// The database has no migration ledger at all (a brand-new database).
        public var isFresh: Bool

        public var isCurrent: Bool { pending.isEmpty && unknown.isEmpty }

        public init(applied: [String], pending: [String], unknown: [String], isFresh: Bool) {
            self.applied = applied
            self.pending = pending
            self.unknown = unknown
            self.isFresh = isFresh
        }
    }

    private let provider: any SQLDatabaseProvider
    private let migrations: [Migration]

    public init(provider: any SQLDatabaseProvider, migrations: [Migration] = Migration.all) {
        self.provider = provider
        self.migrations = migrations
    }

    public func status() async throws -> Status {
        let applied = try await provider.read { database in
            guard try await ledgerExists(database) else { return [String]?.none }
            return try await appliedNames(database)
        }
        let known = Set(migrations.map(\.name))
        let appliedSet = Set(applied ?? [])
        return Status(
            applied: applied ?? [],
            pending: migrations.map(\.name).filter { !appliedSet.contains($0) },
            unknown: (applied ?? []).filter { !known.contains($0) },
            isFresh: applied == nil
        )
    }

    /// Applies every pending migration in one transaction; returns the names applied.
    ///
    /// Safe to run from several processes at once on PostgreSQL: an advisory lock serialises them.
    @discardableResult
    public func migrate(at date: Date = Date()) async throws -> [String] {
        let engine = provider.engine
        let migrations = self.migrations
        return try await provider.transaction { database in
            if engine == .postgres {
                try await database.raw("SELECT pg_advisory_xact_lock(7263154)").run()
            }
            try await database.raw(
                "CREATE TABLE IF NOT EXISTS landfall_migrations (name TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)"
            ).run()
            let applied = Set(try await appliedNames(database))
            let unknown = applied.subtracting(migrations.map(\.name))
            guard unknown.isEmpty else {
                throw StoreError.schemaMismatch(
                    "the database has migrations this build does not know: \(unknown.sorted().joined(separator: ", "))")
            }
            var names: [String] = []
            for migration in migrations where !applied.contains(migration.name) {
                for statement in migration.statements(for: engine) {
                    try await database.raw(SQLQueryString(statement)).run()
                }
                try await database.raw(
                    "INSERT INTO landfall_migrations (name, applied_at) VALUES (\(bind: migration.name), \(bind: date.epochMilliseconds))"
                ).run()
                names.append(migration.name)
            }
            return names
        }
    }

    private func ledgerExists(_ database: any SQLDatabase) async throws -> Bool {
        let query: SQLQueryString =
            switch provider.engine {
            case .sqlite: "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'landfall_migrations'"
            case .postgres:
                "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'landfall_migrations'"
            }
        return try await database.raw(query).first() != nil
    }

    private func appliedNames(_ database: any SQLDatabase) async throws -> [String] {
        try await database.raw("SELECT name FROM landfall_migrations ORDER BY name").all()
            .map { try $0.decode(column: "name", as: String.self) }
    }
}
