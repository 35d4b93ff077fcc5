import LandfallStore
import LandfallTestSupport
import Testing

/// How `StorageFactory.withStorage` ends the storage it opened.
@Suite("StorageFactory")
struct StorageFactoryTests {
    @Test
    func withStorageClosesSQLiteConnectionsWhenBodyReturns() async throws {
        let location = try await TestDatabases.fresh(.sqlite)
        // The provider is handed out of the closure only to check afterwards that it was closed.
        let provider = try await StorageFactory.withStorage(at: location, logger: TestDatabases.logger) { storage, provider in
            try await storage.ping()
            return provider
        }
        let sqlite = try #require(provider as? SQLiteDatabaseProvider)
        let failure = await #expect(throws: (any Error).self, "the connections are still open after withStorage returned") {
            try await SQLStorage(provider: sqlite).ping()
        }
        if failure == nil {
            // Close from a task that is not cancelled, so that the process survives the deinit assertion.
            await sqlite.close()
        }
    }
}
