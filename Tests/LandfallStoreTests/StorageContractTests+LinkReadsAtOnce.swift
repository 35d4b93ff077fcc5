import LandfallStore
import LandfallTestSupport
import Testing

extension StorageContractTests {
    /// Many short-code reads at once, as a redirect server's cache misses arrive under load (on
    /// PostgreSQL they share statements): each answers what it would alone, the same code asked
    /// twice in one gathering included, and a code nobody has answers nothing.
    @Test(arguments: TestEngine.allCases)
    func shortCodeReadsAtOnceAnswerAsAlone(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let first = try await Self.insertApp(storage)
            let second = try await Self.insertApp(storage)
            var inFirst: [String: LinkRecord] = [:]
            for index in 0..<40 {
                let link = Fixtures.link(appId: first.id, shortCode: "code\(index)", createdAt: Fixtures.date(Int64(1_000 + index)))
                try await storage.insertLink(link)
                inFirst[link.shortCode] = link
            }
            // Every fourth code is in the second app too, created later: across apps both, oldest first.
            var inSecond: [String: LinkRecord] = [:]
            for index in stride(from: 0, to: 40, by: 4) {
                let link = Fixtures.link(appId: second.id, shortCode: "code\(index)", createdAt: Fixtures.date(Int64(5_000 + index)))
                try await storage.insertLink(link)
                inSecond[link.shortCode] = link
            }
            let codes = (0..<50).map { "code\($0)" } + (0..<50).map { "code\($0 * 2)" }
            let firstLinks = inFirst, secondLinks = inSecond

            try await withThrowingTaskGroup(of: Void.self) { group in
                for code in codes {
                    group.addTask {
                        #expect(try await storage.link(shortCode: code, appId: first.id) == firstLinks[code])
                        #expect(try await storage.link(shortCode: code, appId: second.id) == secondLinks[code])
                        let across = try await storage.links(shortCode: code)
                        #expect(across == [firstLinks[code], secondLinks[code]].compactMap { $0 })
                    }
                }
                try await group.waitForAll()
            }
        }
    }
}
