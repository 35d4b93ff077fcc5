import ArgumentParser
import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallServer
@_spi(Synthetic) import LandfallStore
import Logging
import Testing

@testable import landfall

/// Upgrading servers that share one database: a newer Landfall migrates while older ones still run.
@Suite("Upgrades: migrate --dry-run, and an older server on a newer schema")
struct UpgradeTests {
    /// Stands for the first migration of a version after this one: additive, as Landfall's are.
    static let futureMigration = Migration(
        name: "9999_added_by_a_newer_landfall",
        statements: ["CREATE TABLE added_by_a_newer_landfall (id TEXT PRIMARY KEY)", "ALTER TABLE links ADD COLUMN newer_field TEXT"]
    )

    @Test func aRunningOlderServerKeepsServingAfterANewerOneMigratesAndRefusesToStartAgain() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let before = try await server.createLink(key: tenant.secretKey)
            let newer = Migrator(provider: server.storage.provider, migrations: Migration.all + [Self.futureMigration])
            #expect(try await newer.migrate() == [Self.futureMigration.name])

            // Reads and writes of the running server go on: its statements name their columns.
            let redirect = try await server.send(.get, "/\(before.shortCode)", headers: [.userAgent: "Mozilla/5.0 (X11; Linux x86_64)"])
            #expect(redirect.status == .found)
            let after = try await server.createLink(key: tenant.secretKey, body: #"{"originalUrl": "https://example.com/after"}"#)
            #expect(try await server.send(.get, "/api/links/\(after.id)", token: tenant.secretKey).status == .ok)

            // Restarting it, even with --migrate, is refused with what to do.
            var logger = Logger(label: "upgrade-test")
            logger.logLevel = .critical
            await #expect(throws: StoreError.self) {
                try await SchemaCheck.ensureCurrent(provider: server.storage.provider, engine: .sqlite, migrate: true, logger: logger)
            }
            let plan = Migrate.plan(try await Migrator(provider: server.storage.provider).status(), engine: .sqlite)
            #expect(!plan.runnable)
            #expect(plan.lines.first?.contains("9999_added_by_a_newer_landfall") == true)
        }
    }

    @Test func aDryRunListsWhatANewerVersionWouldApplyAndChangesNothing() async throws {
        try await TestServer.run { server in
            let newer = Migrator(provider: server.storage.provider, migrations: Migration.all + [Self.futureMigration])
            let status = try await newer.status()
            #expect(status.pending == [Self.futureMigration.name])
            let current = Migrate.plan(try await Migrator(provider: server.storage.provider).status(), engine: .sqlite)
            #expect(current.runnable)
            #expect(current.lines == ["Nothing to apply: the database is up to date (\(Migration.all.count) migrations applied)."])
        }
    }

    @Test func aDryRunOnAnOlderDatabaseNamesEachPendingMigrationWithItsStatements() throws {
        let applied = Array(Migration.all.prefix(2).map(\.name))
        let pending = Array(Migration.all.dropFirst(2))
        let status = Migrator.Status(applied: applied, pending: pending.map(\.name), unknown: [], isFresh: false)
        let plan = Migrate.plan(status, engine: .postgres)
        #expect(plan.runnable)
        #expect(plan.lines.first == "Would apply \(pending.count) migration(s) on postgres, in one transaction:")
        #expect(plan.lines.count == pending.count + 1)
        let first = try #require(pending.first)
        let count = first.statements(for: .postgres).count
        #expect(plan.lines[1] == "  \(first.name)  (\(count) statement\(count == 1 ? "" : "s"))")
    }

    @Test func aDryRunOnAMissingSQLiteFileCreatesNothing() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-dry-run-\(UUID().uuidString).sqlite").path
        let command = try Landfall.parseAsRoot(["migrate", "--dry-run", "--database", "sqlite:" + path, "--log-level", "error"])
        let migrate = try #require(command as? Migrate)
        try await migrate.run()
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
