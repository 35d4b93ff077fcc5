import Foundation
@testable import LandfallServer
import LandfallStore
import LandfallTestSupport
import Testing

/// A share link created twice at once (an SDK's retry racing its first attempt, or a re-send after a
/// server crash meeting the original) must still be one link: `landfall reliability crash` stored
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
                            let input = LinkInput(content: LinkContent(deepLinkParameters: ["recipe": "7"]), externalUserId: "sharer-\(sharer)")
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
