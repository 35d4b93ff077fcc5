import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallStore
import Testing

/// A share link created twice at once (an SDK's retry racing its first attempt, or a re-send after a
/// server crash meeting the original) must still be one link: `landfall reliability crash` stored
/// such pairs before creations of one external user took turns.
@Suite("Racing link creations")
struct LinkCreationRaceTests {
    @Test func concurrentCreationsOfOneSharedLinkStoreOneLink() async throws {
        // Live: requests served side by side on the server's event loops, as a real race is. Eight
        // sharers at once, each sending the same creation twelve times, so the race has many chances.
        try await TestServer.run(setup: .live) { server in
            let tenant = try await server.createTenant(#"{"name": "Acme", "webFallbackUrl": "https://acme.test"}"#)
            let results = try await withThrowingTaskGroup(of: (String, CreateLinkResult).self) { group in
                for sharer in 0..<8 {
                    let options = TestBody.encoded(CreateLinkOptions(deepLinkParameters: ["recipe": "7"], externalUserId: "sharer-\(sharer)"))
                    for _ in 0..<12 {
                        group.addTask {
                            let response = try await server.send(.post, "/api/sdk/v1/links", token: tenant.secretKey, body: options)
                            return ("sharer-\(sharer)", try response.decode(CreateLinkResult.self))
                        }
                    }
                }
                return try await group.reduce(into: [String: [CreateLinkResult]]()) { $0[$1.0, default: []].append($1.1) }
            }
            #expect(results.count == 8)
            for (sharer, answers) in results {
                #expect(answers.count == 12)
                #expect(Set(answers.map(\.linkId)).count == 1, "\(sharer) got several links")
                #expect(answers.filter { $0.deduplicated == false }.count == 1, "\(sharer)")
            }
            #expect(try await SyntheticData(storage: server.storage).countRows("links", excludingSynthetic: true) == 8)
        }
    }

    @Test func differentSharersCreatingAtOnceEachGetTheirOwnLink() async throws {
        try await TestServer.run(setup: .live) { server in
            let tenant = try await server.createTenant(#"{"name": "Acme", "webFallbackUrl": "https://acme.test"}"#)
            let results = try await withThrowingTaskGroup(of: CreateLinkResult.self) { group in
                for sharer in 0..<8 {
                    let options = TestBody.encoded(CreateLinkOptions(deepLinkParameters: ["recipe": "7"], externalUserId: "sharer-\(sharer)"))
                    group.addTask {
                        try await server.send(.post, "/api/sdk/v1/links", token: tenant.secretKey, body: options).decode(CreateLinkResult.self)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(results.map(\.linkId)).count == 8)
            #expect(results.allSatisfy { $0.deduplicated == false })
        }
    }
}
