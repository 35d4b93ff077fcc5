import LandfallStore
import LandfallTestSupport
import Testing

extension StorageContractTests {
    /// Exercises SQLite's single writer behind its lock and PostgreSQL's connection pool.
    @Test(arguments: TestEngine.allCases)
    func fiftyConcurrentLinkInsertsAllLand(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let links = (0..<50).map { index in Fixtures.link(appId: app.id, createdAt: Fixtures.date(Int64(index))) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for link in links {
                    group.addTask { try await storage.insertLink(link) }
                }
                try await group.waitForAll()
            }
            let page = try await storage.listLinks(appId: app.id, query: LinkQuery(limit: 100))
            #expect(page.links == links.reversed())
        }
    }
}
