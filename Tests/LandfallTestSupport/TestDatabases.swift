import Foundation
import LandfallLocalPostgres
import LandfallStore
import Logging

/// The engines every storage contract test runs against.
public enum TestEngine: String, CaseIterable, Sendable {
    case sqlite
    case postgres

    public var storageEngine: StorageEngine {
        switch self {
        case .sqlite: .sqlite
        case .postgres: .postgres
        }
    }
}

/// Fresh, isolated databases for tests, on either engine.
///
/// ```swift
/// @Test(arguments: TestEngine.allCases)
/// func appIsReadableById(engine: TestEngine) async throws {
///     try await TestDatabases.withMigratedStorage(engine) { storage, _ in … }
/// }
/// ```
public enum TestDatabases {
    /// A logger for storage opened by tests: warnings and errors only, through whatever handler the
    /// process has (tests never bootstrap logging).
    public static let logger: Logger = {
        var logger = Logger(label: "landfall.tests")
        logger.logLevel = .warning
        return logger
    }()

    /// A new empty database: a SQLite file in a new temporary directory (removed when the process
    /// exits), or a new database in the test PostgreSQL cluster.
    public static func fresh(_ engine: TestEngine) async throws -> DatabaseLocation {
        switch engine {
        case .sqlite:
            _ = abandonedSQLiteDirectoriesRemoved
            let directory = try ExitCleanup.makeTemporaryDirectory(prefix: sqliteDirectoryPrefix)
            return .sqlite(path: directory.appendingPathComponent("landfall.sqlite").path)
        case .postgres:
            return try await TestPostgres.freshDatabase()
        }
    }

    private static let sqliteDirectoryPrefix = "landfall-sqlite"

    /// Removes, once per process, the SQLite directories of test runs that crashed before their `atexit`.
    private static let abandonedSQLiteDirectoriesRemoved: Void = {
        for directory in ExitCleanup.abandonedDirectories(prefix: sqliteDirectoryPrefix) {
            try? FileManager.default.removeItem(at: directory)
        }
    }()

    /// Opens a fresh, unmigrated database of `engine` and runs `body` while its connections are serviced.
    public static func withFreshStorage<Result: Sendable>(
        _ engine: TestEngine,
        _ body: @Sendable (SQLStorage, any SQLDatabaseProvider) async throws -> Result
    ) async throws -> Result {
        try await StorageFactory.withStorage(at: fresh(engine), logger: logger, body)
    }

    /// Opens a fresh database of `engine`, applies every migration, and runs `body` with it.
    public static func withMigratedStorage<Result: Sendable>(
        _ engine: TestEngine,
        _ body: @Sendable (SQLStorage, any SQLDatabaseProvider) async throws -> Result
    ) async throws -> Result {
        try await withFreshStorage(engine) { storage, provider in
            try await Migrator(provider: provider).migrate()
            return try await body(storage, provider)
        }
    }
}
