import Foundation
@testable import LandfallServer
import LandfallStore
import LandfallSynthetic
import LandfallTestSupport
import Testing

/// A share link created twice at once (an SDK's retry racing its first attempt, or a re-send after a
/// server crash meeting the original) must still be one link: `landfall-lab reliability crash` stored
/// such pairs before creations of one external user took turns.
@Suite("Racing link creations")
struct LinkCreationRaceTests {
    @Test(arguments: TestEngine.allCases)
    func concurrentCreationsOfOneSharedLinkStoreOneLink(engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let (service, app) = try await Self.service(storage)
            // Eight sharers at once, each creating the same link twelve times side by side.
            let answers = try await withThrowingTaskGroup(of: (String, LinkService.Created).self) { group in
                for sharer in 0..<8 {
                    for _ in 0..<12 {
                        group.addTask {
                            let input = LinkInput(
                                content: LinkContent(deepLinkParameters: ["recipe": "7"]), externalUserId: "sharer-\(sharer)")
                            return ("sharer-\(sharer)", try await service.create(input, app: app, template: nil))
                        }
                    }
                }
                return try await group.reduce(into: [String: [LinkService.Created]]()) { $0[$1.0, default: []].append($1.1) }
            }
            #expect(answers.count == 8)
            for (sharer, created) in answers {
                #expect(Set(created.map(\.link.id)).count == 1, "\(sharer) got several links")
                #expect(created.filter { !$0.deduplicated }.count == 1, "\(sharer)")
            }
            #expect(try await SyntheticData(storage: storage).countRows("links", excludingSynthetic: true) == 8)
        }
    }

    /// Two servers on one database take turns only inside themselves; the database's unique index
    /// on the deduplication key makes the later insert find the earlier one's link.
    @Test(arguments: TestEngine.allCases)
    func creationsRacingThroughTwoServersStoreOneLink(engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let (first, app) = try await Self.service(storage)
            let servers = [first, LinkService(storage: storage, publicURL: "https://links.test")]
            let answers = try await withThrowingTaskGroup(of: (String, LinkService.Created).self) { group in
                for sharer in 0..<8 {
                    for attempt in 0..<12 {
                        group.addTask {
                            let input = LinkInput(
                                content: LinkContent(deepLinkParameters: ["recipe": "9"]), externalUserId: "sharer-\(sharer)")
                            return ("sharer-\(sharer)", try await servers[attempt % 2].create(input, app: app, template: nil))
                        }
                    }
                }
                return try await group.reduce(into: [String: [LinkService.Created]]()) { $0[$1.0, default: []].append($1.1) }
            }
            for (sharer, created) in answers {
                #expect(Set(created.map(\.link.id)).count == 1, "\(sharer) got several links")
                #expect(created.filter { !$0.deduplicated }.count == 1, "\(sharer)")
            }
            #expect(try await SyntheticData(storage: storage).countRows("links", excludingSynthetic: true) == 8)
        }
    }

    /// Pairs stored before the index existed stay (they may have been shared); the older of each
    /// pair is the one later requests are deduplicated to.
    @Test(arguments: TestEngine.allCases)
    func theUniqueIndexKeepsEarlierDuplicatesAndDeduplicatesToTheOldest(engine: TestEngine) async throws {
        try await TestDatabases.withFreshStorage(engine) { storage, provider in
            try await Migrator(provider: provider, migrations: Migration.all.filter { $0.name != "0013_unique_share_links" }).migrate()
            let app = try await AppService(storage: storage).createApp(
                name: "Acme", slug: "acme", domains: [], uriScheme: nil, webFallbackUrl: "https://acme.test"
            )
            let created = Date(timeIntervalSince1970: 1_790_000_000)
            let pair = ["older", "newer"].enumerated().map { (index: Int, name: String) in
                LinkRecord(
                    id: "link-\(name)", appId: app.id, shortCode: "code-\(name)", externalUserId: "sharer", dedupKey: "same-content",
                    content: LinkContent(title: name), createdAt: created.addingTimeInterval(Double(index)), updatedAt: created
                )
            }
            for link in pair { try await storage.insertLink(link) }
            try await Migrator(provider: provider).migrate()

            #expect(try await storage.link(dedupKey: "same-content", appId: app.id)?.id == "link-older")
            let newer = try #require(try await storage.link(id: "link-newer", appId: app.id))
            #expect(newer.dedupKey == nil)
            #expect(newer.shortCode == "code-newer")
            let third = LinkRecord(
                id: "link-third", appId: app.id, shortCode: "code-third", externalUserId: "sharer", dedupKey: "same-content",
                content: LinkContent(title: "third"), createdAt: created, updatedAt: created
            )
            let refusal = try await #require(throws: StoreError.self) { try await storage.insertLink(third) }
            #expect(refusal.conflictingField != nil)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func aLinkEditedIntoACopyOfAnotherIsSavedAndTheOtherStaysTheShared(engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let (service, app) = try await Self.service(storage)
            let first = try await service.create(
                LinkInput(content: LinkContent(title: "A"), externalUserId: "sharer"), app: app, template: nil)
            let second = try await service.create(
                LinkInput(content: LinkContent(title: "B"), externalUserId: "sharer"), app: app, template: nil)
            let edited = try await service.update(
                second.link, with: LinkInput(content: LinkContent(title: "A"), externalUserId: "sharer"), app: app
            )
            #expect(edited.content.title == "A")
            #expect(edited.dedupKey == nil)
            let again = try await service.create(
                LinkInput(content: LinkContent(title: "A"), externalUserId: "sharer"), app: app, template: nil)
            #expect(again.deduplicated)
            #expect(again.link.id == first.link.id)
        }
    }

    @Test func linksWithoutAnExternalUserAreCreatedSideBySide() async throws {
        try await TestDatabases.withMigratedStorage(.sqlite) { storage, _ in
            let (service, app) = try await Self.service(storage)
            let created = try await withThrowingTaskGroup(of: LinkService.Created.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await service.create(LinkInput(content: LinkContent(title: "Shared")), app: app, template: nil) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(created.map(\.link.id)).count == 8)
        }
    }

    private static func service(_ storage: SQLStorage) async throws -> (LinkService, AppRecord) {
        let app = try await AppService(storage: storage).createApp(
            name: "Acme", slug: "acme", domains: [], uriScheme: nil, webFallbackUrl: "https://acme.test"
        )
        return (LinkService(storage: storage, publicURL: "https://links.test"), app)
    }
}
