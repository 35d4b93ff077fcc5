import Foundation
import LandfallStore
import LandfallTestSupport
import Testing

extension StorageContractTests {
    @Test(arguments: TestEngine.allCases)
    func postedClicksAreInsertedOncePerId(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            // More than one statement's chunk, so the conflict clause holds across chunks.
            let clicks = (0..<600).map { index in Fixtures.click(appId: app.id, linkId: link.id, clickedAt: Fixtures.date(Int64(index))) }
            let first = try await storage.insertNewClicks(clicks)
            #expect(first == Set(clicks.map(\.id)))
            // A replay carries new click tokens (they are drawn per request): the id alone decides.
            let replay = clicks.map { click in
                var again = click
                again.clickToken = Fixtures.uniqueId("tok")
                return again
            }
            let extra = Fixtures.click(appId: app.id, linkId: link.id)
            let second = try await storage.insertNewClicks(replay + [extra])
            #expect(second == [extra.id])
            #expect(try await storage.clicks(linkId: link.id, appId: app.id).count == 601)
            #expect(try await storage.insertNewClicks([]).isEmpty)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func concurrentReplaysInsertEachClickOnce(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let clicks = (0..<50).map { _ in Fixtures.click(appId: app.id, linkId: link.id) }
            let inserted = try await withThrowingTaskGroup(of: Set<String>.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await storage.insertNewClicks(clicks.map { click in
                            var copy = click
                            copy.clickToken = Fixtures.uniqueId("tok")
                            return copy
                        })
                    }
                }
                var all: [String] = []
                for try await ids in group { all += ids }
                return all
            }
            #expect(inserted.sorted() == clicks.map(\.id).sorted())
            #expect(try await storage.clicks(linkId: link.id, appId: app.id).count == 50)
        }
    }
}
