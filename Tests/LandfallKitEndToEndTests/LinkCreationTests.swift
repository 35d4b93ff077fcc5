import Foundation
import LandfallKit
import LandfallStore
import NIOHTTP1
import Testing

/// Share links created by the app through LandfallKit work on the live server, and asking again for
/// the same user answers the same link.
@Suite("Link creation against a live server")
struct LinkCreationTests {
    static let options = CreateLinkOptions(
        deepLinkParameters: ["recipe": "42"], title: "Pasta for two", utmParameters: UTMParameters(source: "share")
    )

    /// A started client holding the secret key, in manual mode: link creation needs no install report.
    static func sharingClient(_ server: LiveServer, _ mealtime: Mealtime) async throws -> LandfallClient {
        let client = try AppSandbox(beside: server.database, phone: .iPhone).launch()
        try await client.start(with: server.configuration(apiKey: mealtime.secretKey, deferred: false))
        return client
    }

    @Test func aCreatedLinkRedirectsADesktopBrowserToTheWeb() async throws {
        try await LiveServer.run { server in
            let mealtime = try await server.setUpMealtime()
            let client = try await Self.sharingClient(server, mealtime)

            let link = try await client.createLink(Self.options)

            #expect(link.deduplicated != true)
            #expect(!link.shortCode.isEmpty)
            let path = try #require(URL(string: link.url)?.path)
            #expect(path == "/\(link.shortCode)")
            let followed = try await server.send(.GET, path, userAgent: Phone.desktopAgent)
            #expect(followed.status == 302)
            #expect(followed.location?.hasPrefix("https://mealtime.test/") == true)
            #expect(followed.location?.contains("utm_source=share") == true)
        }
    }

    @Test func aCreatedLinkOpensInTheAppWithItsParameters() async throws {
        try await LiveServer.run { server in
            let mealtime = try await server.setUpMealtime()
            let client = try await Self.sharingClient(server, mealtime)
            let link = try await client.createLink(Self.options)

            let event = try #require(try await client.handle(url: server.baseURL.appendingPathComponent(link.shortCode)))

            #expect(event.source == .server)
            #expect(event.data?.linkId == link.linkId)
            #expect(event.data?.customParameters == ["recipe": "42"])
        }
    }

    @Test func askingAgainForTheSameUserAnswersTheSameLink() async throws {
        try await LiveServer.run { server in
            let mealtime = try await server.setUpMealtime()
            let client = try await Self.sharingClient(server, mealtime)
            await client.setExternalUserID("user-42")
            let first = try await client.createLink(Self.options)

            let again = try await client.createLink(Self.options)

            #expect(first.deduplicated != true)
            #expect(again.deduplicated == true)
            #expect(again.shortCode == first.shortCode)
            #expect(again.linkId == first.linkId)
            #expect(try await server.storage.link(id: first.linkId, appId: mealtime.appId)?.externalUserId == "user-42")

            await client.setExternalUserID("user-43")
            let otherUser = try await client.createLink(Self.options)
            #expect(otherUser.deduplicated != true)
            #expect(otherUser.shortCode != first.shortCode)
        }
    }
}
