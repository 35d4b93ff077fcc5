import LandfallStore
import LandfallTestSupport
import Testing

extension StorageContractTests {
    /// Stands for a migration added by a newer build than this one.
    static let migrationFromNewerBuild = Migration(
        name: "9999_from_a_newer_build",
        statements: ["CREATE TABLE from_a_newer_build (id TEXT PRIMARY KEY)"]
    )

    @Test(arguments: TestEngine.allCases)
    func freshDatabaseIsFreshWithEveryMigrationPending(_ engine: TestEngine) async throws {
        try await TestDatabases.withFreshStorage(engine) { _, provider in
            let status = try await Migrator(provider: provider).status()
            #expect(status.isFresh)
            #expect(status.applied.isEmpty)
            #expect(status.pending == Migration.all.map(\.name))
            #expect(status.unknown.isEmpty)
            #expect(!status.isCurrent)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func migrateAppliesEveryMigration(_ engine: TestEngine) async throws {
        try await TestDatabases.withFreshStorage(engine) { _, provider in
            let migrator = Migrator(provider: provider)
            let applied = try await migrator.migrate(at: Fixtures.date())
            #expect(applied == Migration.all.map(\.name))
            let status = try await migrator.status()
            #expect(!status.isFresh)
            #expect(status.isCurrent)
            // Status lists names in order; 0009 was written after 0010 and is applied after it.
            #expect(status.applied == Migration.all.map(\.name).sorted())
        }
    }

    @Test(arguments: TestEngine.allCases)
    func secondMigrateAppliesNothing(_ engine: TestEngine) async throws {
        try await TestDatabases.withFreshStorage(engine) { _, provider in
            let migrator = Migrator(provider: provider)
            try await migrator.migrate()
            let second = try await migrator.migrate()
            #expect(second.isEmpty)
            #expect(try await migrator.status().isCurrent)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func migrationUnknownToThisBuildIsReported(_ engine: TestEngine) async throws {
        try await TestDatabases.withFreshStorage(engine) { _, provider in
            try await Migrator(provider: provider, migrations: Migration.all + [Self.migrationFromNewerBuild]).migrate()
            let status = try await Migrator(provider: provider).status()
            #expect(status.unknown == [Self.migrationFromNewerBuild.name])
            #expect(status.pending.isEmpty)
            #expect(!status.isCurrent)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func migrateRefusesDatabaseWithUnknownMigration(_ engine: TestEngine) async throws {
        try await TestDatabases.withFreshStorage(engine) { _, provider in
            try await Migrator(provider: provider, migrations: Migration.all + [Self.migrationFromNewerBuild]).migrate()
            let error = try await #require(throws: StoreError.self) {
                try await Migrator(provider: provider).migrate()
            }
            #expect(error.isSchemaMismatch)
            #expect(error.description.contains(Self.migrationFromNewerBuild.name))
        }
    }
}
