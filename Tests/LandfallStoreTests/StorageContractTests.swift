import LandfallStore
import LandfallTestSupport
import Testing

/// The behaviour every ``LandfallStorage`` engine must show, run against SQLite and PostgreSQL.
///
/// Each test gets its own fresh, migrated database, so tests run in parallel and in any order.
/// The tests live in extensions, one file per kind of record (`StorageContractTests+Apps.swift`, …).
@Suite("Storage contract")
struct StorageContractTests {}

extension StorageContractTests {
    /// Inserts a new app (optionally serving `domains`) and returns it.
    @discardableResult
    static func insertApp(_ storage: SQLStorage, domains: [String] = []) async throws -> AppRecord {
        let app = Fixtures.app(domains: domains)
        try await storage.insertApp(app)
        return app
    }

    /// Inserts a new link of `appId` and returns it.
    @discardableResult
    static func insertLink(_ storage: SQLStorage, appId: String) async throws -> LinkRecord {
        let link = Fixtures.link(appId: appId)
        try await storage.insertLink(link)
        return link
    }

    @Test(arguments: TestEngine.allCases)
    func storageReportsItsEngineAndAnswersPing(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            #expect(storage.engine == engine.storageEngine)
            try await storage.ping()
        }
    }
}
