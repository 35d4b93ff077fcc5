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
                        try await storage.insertNewClicks(
                            clicks.map { click in
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

    @Test(arguments: TestEngine.allCases)
    func postedClicksKeepTheirReceiptTimeAndCountOnlyWhatIsNew(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let receivedAt = Fixtures.date(3_600_000)
            let posted = (0..<3).map { index in
                var click = Fixtures.click(appId: app.id, linkId: link.id, clickedAt: Fixtures.date(Int64(index)))
                click.receivedAt = receivedAt
                return click
            }
            // One total per inserted click, so the statistics show exactly which clicks were counted.
            let perClick: @Sendable ([ClickRecord]) -> [ClickStatDelta] = { clicks in
                clicks.map { ClickStatDelta(appId: $0.appId, platform: $0.platform, day: 1, factor: nil, value: nil, clicks: 1) }
            }
            _ = try await storage.insertNewClicks(posted, statistics: perClick)
            // The replay and one redirect click: only the redirect click is new, and it has no receipt time.
            let redirect = Fixtures.click(appId: app.id, linkId: link.id, clickedAt: Fixtures.date(10))
            try await storage.insertClicks([redirect])
            var replay = posted
            replay.append(Fixtures.click(appId: app.id, linkId: link.id, clickedAt: Fixtures.date(5)))
            replay[3].receivedAt = receivedAt
            let second = try await storage.insertNewClicks(replay, statistics: perClick)
            #expect(second == [replay[3].id])
            let stored = try await storage.clicks(linkId: link.id, appId: app.id)
            #expect(stored.count == 5)
            #expect(stored.filter { $0.id != redirect.id }.allSatisfy { $0.receivedAt == receivedAt })
            #expect(stored.first { $0.id == redirect.id }?.receivedAt == nil)
            let counted = try await storage.population(appId: app.id, platform: "ios", fromDay: 1, toDay: 1, values: [])
            #expect(counted.clickCount == 4)
            // The statistics service reads only the redirect click: the posted ones are counted already.
            let unread = try await storage.clicks(after: Fixtures.date(-1), upTo: Fixtures.date(100), limit: 100)
            #expect(unread.map(\.id) == [redirect.id])
        }
    }
}
