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

    /// A new SQLite file with every migration applied: a copy of one file migrated once per process.
    ///
    /// Migrating each test's own file ran every migration's DDL hundreds of times per run; beside
    /// the rest of the suite on two cores that took over a minute for some servers. The copy is
    /// what the migrations leave, so the server's schema check at start finds nothing to do.
    public static func migratedSQLite(in directory: URL? = nil) async throws -> DatabaseLocation {
        let template = try await MigratedSQLiteTemplate.shared.path()
        let target = try directory ?? ExitCleanup.makeTemporaryDirectory(prefix: sqliteDirectoryPrefix)
        let path = target.appendingPathComponent("landfall.sqlite").path
        try FileManager.default.copyItem(atPath: template, toPath: path)
        return .sqlite(path: path)
    }

    /// How long a contract test's query waits for a pooled PostgreSQL connection. The server's 5 s
    /// (keep waiting while PostgreSQL accepts a probe connection within a second) failed one
    /// contract test in a CI run, when the machine was so starved that a one-click batch took
    /// 3.8 s and the probe itself timed out; no contract test stops its database.
    public static let connectionWait: Duration = .seconds(30)

    /// Opens a fresh, unmigrated database of `engine` and runs `body` while its connections are serviced.
    public static func withFreshStorage<Result: Sendable>(
        _ engine: TestEngine,
        _ body: @Sendable (SQLStorage, any SQLDatabaseProvider) async throws -> Result
    ) async throws -> Result {
        try await StorageFactory.withStorage(at: fresh(engine), logger: logger, connectionWait: connectionWait, body)
    }

    /// Opens a fresh database of `engine`, applies every migration, and runs `body` with it.
    public static func withMigratedStorage<Result: Sendable>(
        _ engine: TestEngine,
        _ body: @Sendable (SQLStorage, any SQLDatabaseProvider) async throws -> Result
    ) async throws -> Result {
        let location =
            switch engine {
            case .sqlite: try await migratedSQLite()
            case .postgres: try await fresh(engine)
            }
        return try await StorageFactory.withStorage(at: location, logger: logger, connectionWait: connectionWait) { storage, provider in
            // Applies everything on a new PostgreSQL database; only checks the copied SQLite file.
            try await Migrator(provider: provider).migrate()
            return try await body(storage, provider)
        }
    }
}

/// The migrated SQLite file ``TestDatabases/migratedSQLite(in:)`` copies, made on first use.
/// A failed attempt is not kept: the next caller tries again.
actor MigratedSQLiteTemplate {
    static let shared = MigratedSQLiteTemplate()

    private var made: String?
    private var making: Task<String, any Error>?

    func path() async throws -> String {
        if let made { return made }
        let attempt =
            making
            ?? Task {
                let directory = try ExitCleanup.makeTemporaryDirectory(prefix: "landfall-sqlite-template")
                let path = directory.appendingPathComponent("template.sqlite").path
                // Returns after the provider's last checkpoint folded the WAL in and closed the file.
                _ = try await StorageFactory.withStorage(at: .sqlite(path: path), logger: TestDatabases.logger) { _, provider in
                    try await Migrator(provider: provider).migrate()
                }
                return path
            }
        making = attempt
        do {
            let path = try await attempt.value
            made = path
            return path
        } catch {
            making = nil
            throw error
        }
    }
}
