import Foundation
import LandfallModels
import LandfallStore
import LandfallTestSupport
import SQLKit
import Testing

/// The two-step candidate fetch an install match uses: the index walk, then rows only for the
/// clicks whose evidence the server does not hold.
extension StorageContractTests {
    @Test(arguments: TestEngine.allCases)
    func candidateRefsAreTheIndexEntriesOfUnconsumedHumanClicksNewestFirst(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let older = try await Self.insertKeyedClick(storage, link: link, clickedAt: Fixtures.date(-500))
            let newer = try await Self.insertKeyedClick(storage, link: link, clickedAt: Fixtures.date(-100))
            let consumed = try await Self.insertKeyedClick(storage, link: link, clickedAt: Fixtures.date(-50))
            try await Self.insertKeyedClick(storage, link: link, clickedAt: Fixtures.date(-10), isBot: true)
            try await Self.insertInstall(storage, appId: app.id, method: .probabilistic, clickId: consumed.id, linkId: link.id)
            for key in [CandidateIndexKey.ipPrefix(try #require(older.ipPrefix)), .signature(try #require(older.signature))] {
                let refs = try await storage.candidateRefs(
                    appId: app.id, platform: "ios", key: key, since: Fixtures.date(-1_000), until: Fixtures.date(1_000), limit: 10
                )
                #expect(
                    refs
                        == [newer, older].map {
                            CandidateRef(
                                id: $0.id, linkId: link.id, clickedAt: $0.clickedAt, ipPrefix: $0.ipPrefix, matchEvidence: $0.matchEvidence)
                        })
                let limited = try await storage.candidateRefs(
                    appId: app.id, platform: "ios", key: key, since: Fixtures.date(-1_000), until: Fixtures.date(1_000), limit: 1
                )
                #expect(limited.map(\.id) == [newer.id])
            }
        }
    }

    @Test(arguments: TestEngine.allCases)
    func candidateClicksCarryTheirLinksOwnWindow(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let plain = try await Self.insertLink(storage, appId: app.id)
            let short = Fixtures.link(
                appId: app.id, content: LinkContent(originalUrl: "https://example.com/sale", attributionWindowHours: 2))
            try await storage.insertLink(short)
            let plainClick = try await Self.insertKeyedClick(storage, link: plain)
            let shortClick = try await Self.insertKeyedClick(storage, link: short)
            let found = try await storage.candidateClicks(ids: [plainClick.id, shortClick.id, "no-such-click"])
            let windows = Dictionary(uniqueKeysWithValues: found.map { ($0.click.id, $0.linkWindowHours) })
            #expect(windows.count == 2)
            #expect(windows[plainClick.id] == .some(nil))
            #expect(windows[shortClick.id] == 2)

            // Three hours later the short link's click is out of its window, the other is not.
            let later = Fixtures.date(3 * 3_600_000)
            let candidates = try await storage.candidates(
                appId: app.id, platform: "ios", ipPrefix: try #require(plainClick.ipPrefix), since: Fixtures.date(-1_000), until: later,
                limit: 10
            )
            #expect(candidates.map(\.id) == [plainClick.id])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func candidateRefsCarryTheirLinksOwnWindowAsItIsEdited(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let plain = try await Self.insertLink(storage, appId: app.id)
            var short = Fixtures.link(
                appId: app.id, content: LinkContent(originalUrl: "https://example.com/sale", attributionWindowHours: 2))
            try await storage.insertLink(short)
            let plainClick = try await Self.insertKeyedClick(storage, link: plain, clickedAt: Fixtures.date(-200))
            let shortClick = try await Self.insertKeyedClick(storage, link: short, clickedAt: Fixtures.date(-100))
            @Sendable func windows() async throws -> [String: Int?] {
                let refs = try await storage.candidateRefs(
                    appId: app.id, platform: "ios", key: .ipPrefix(try #require(plainClick.ipPrefix)),
                    since: Fixtures.date(-1_000), until: Fixtures.date(1_000), limit: 10
                )
                return Dictionary(uniqueKeysWithValues: refs.map { ($0.id, $0.linkWindowHours) })
            }
            #expect(try await windows() == [plainClick.id: nil, shortClick.id: 2])

            short.content.attributionWindowHours = 5
            try await storage.updateLink(short)
            #expect(try await windows() == [plainClick.id: nil, shortClick.id: 5])

            short.content.attributionWindowHours = nil
            try await storage.updateLink(short)
            #expect(try await windows() == [plainClick.id: nil, shortClick.id: nil])
        }
    }

    /// A database made before the window had its own column gets each link's window from its JSON.
    @Test(arguments: TestEngine.allCases)
    func upgradingCopiesEachLinksOwnWindowOutOfItsContent(_ engine: TestEngine) async throws {
        try await TestDatabases.withFreshStorage(engine) { storage, provider in
            let before = Array(Migration.all.prefix { $0.name != "0015_candidate_evidence" })
            #expect(before.count == Migration.all.firstIndex { $0.name == "0015_candidate_evidence" })
            try await Migrator(provider: provider, migrations: before).migrate()
            let app = try await Self.insertApp(storage)
            for (id, content) in [
                ("link-with-window", #"{"originalUrl":"https://example.com/a","attributionWindowHours":3}"#),
                ("link-without", #"{"originalUrl":"https://example.com/b"}"#),
            ] {
                try await provider.write { database in
                    try await database.raw(
                        """
                        INSERT INTO links (id, app_id, short_code, is_active, content, created_at, updated_at)
                        VALUES (\(bind: id), \(bind: app.id), \(bind: id), \(bind: true), \(bind: content), 0, 0)
                        """
                    ).run()
                }
            }
            try await Migrator(provider: provider).migrate()
            let withWindow = try #require(try await storage.link(id: "link-with-window", appId: app.id))
            let without = try #require(try await storage.link(id: "link-without", appId: app.id))
            let clicks = [
                try await Self.insertKeyedClick(storage, link: withWindow, clickedAt: Fixtures.date(-100)),
                try await Self.insertKeyedClick(storage, link: without, clickedAt: Fixtures.date(-200)),
            ]
            let refs = try await storage.candidateRefs(
                appId: app.id, platform: "ios", key: .ipPrefix(try #require(clicks[0].ipPrefix)),
                since: Fixtures.date(-1_000), until: Fixtures.date(1_000), limit: 10
            )
            #expect(refs.map(\.id) == clicks.map(\.id))
            #expect(refs.map(\.linkWindowHours) == [3, nil])
        }
    }
}
