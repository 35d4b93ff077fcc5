import Foundation
import Testing
@testable import LandfallKit

@Suite("Link creation (LinkForty SDK specification §7) and user identity (§8)")
struct LinkCreationTests {
    private static let created = CreateLinkResult(url: "https://go.example.com/x1", shortCode: "x1", linkId: "L9", deduplicated: false)

    @Test func creatingALinkWithoutAnAPIKeyThrowsMissingAPIKey() async throws {
        let harness = Harness()
        let client = try await harness.startedClient(configuration: Harness.configuration(apiKey: nil))
        #expect(await landfallError { try await client.createLink() }?.code == .missingAPIKey)
        #expect(await harness.transport.requests(to: "/api/sdk/v1/links").isEmpty)
    }

    @Test func withoutATemplateTheSimplifiedEndpointIsUsed() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        await harness.transport.on("POST", "/api/sdk/v1/links", .json(201, Self.created))
        let result = try await client.createLink(CreateLinkOptions(deepLinkParameters: ["recipe": "42"], title: "Pasta"))
        #expect(result == Self.created)
        let request = try #require(await harness.transport.requests(to: "/api/sdk/v1/links").first)
        let body = try harness.transport.body(CreateLinkOptions.self, of: request)
        #expect(body.deepLinkParameters == ["recipe": "42"])
        #expect(body.title == "Pasta")
        #expect(request.header("Authorization") == "Bearer lf_pub_test")
    }

    @Test func withATemplateTheDashboardEndpointIsUsedAndItsAnswerDecoded() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        let answer =
            #"{"id":"L9","short_code":"x1","shortCode":"x1","linkId":"L9","url":"https://go.example.com/recipes/x1","deduplicated":true,"title":"Pasta"}"#
        await harness.transport.on("POST", "/api/links", .raw(200, answer))
        let result = try await client.createLink(CreateLinkOptions(templateId: "T1"))
        #expect(result == CreateLinkResult(url: "https://go.example.com/recipes/x1", shortCode: "x1", linkId: "L9", deduplicated: true))
        let request = try #require(await harness.transport.requests(to: "/api/links").first)
        #expect(try harness.transport.body(CreateLinkOptions.self, of: request).templateId == "T1")
    }

    @Test func aServerErrorIsSurfacedWithItsStatusCodeAndMessage() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        await harness.transport.on("POST", "/api/sdk/v1/links", .error(409, code: "custom_code_taken", message: "that code is taken"))
        let error = await landfallError { try await client.createLink(CreateLinkOptions(customCode: "pasta")) }
        #expect(error?.code == .server)
        #expect(error?.statusCode == 409)
        #expect(error?.serverCode == "custom_code_taken")
        #expect(error?.message == "that code is taken")
    }

    @Test func linkCreationIsNotRetriedAfterANetworkError() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        await harness.transport.on("POST", "/api/sdk/v1/links", .offline)
        #expect(await landfallError { try await client.createLink() }?.code == .network)
        #expect(await harness.transport.requests(to: "/api/sdk/v1/links").count == 1)
    }

    @Test func theExternalUserIdIsAttachedToLinkCreation() async throws {
        let harness = Harness()
        let client = harness.makeClient()
        await client.setExternalUserID("user-7")
        await harness.transport.on("POST", "/api/sdk/v1/install", .json(200, Harness.organic))
        try await client.start(with: Harness.configuration())
        await harness.transport.on("POST", "/api/sdk/v1/links", .json(201, Self.created))
        _ = try await client.createLink()
        let request = try #require(await harness.transport.requests(to: "/api/sdk/v1/links").first)
        #expect(try harness.transport.body(CreateLinkOptions.self, of: request).externalUserId == "user-7")
    }

    @Test func aPerCallExternalUserIdTakesPrecedence() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        await client.setExternalUserID("user-7")
        await harness.transport.on("POST", "/api/sdk/v1/links", .json(201, Self.created))
        _ = try await client.createLink(CreateLinkOptions(externalUserId: "user-8"))
        let request = try #require(await harness.transport.requests(to: "/api/sdk/v1/links").first)
        #expect(try harness.transport.body(CreateLinkOptions.self, of: request).externalUserId == "user-8")
    }

    @Test func settingNilClearsTheExternalUserId() async {
        let client = Harness().makeClient()
        await client.setExternalUserID("user-7")
        await client.setExternalUserID(nil)
        #expect(await client.externalUserID == nil)
    }

    @Test func theExternalUserIdIsKeptInMemoryOnly() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        await client.setExternalUserID("user-7")
        try await client.track("signup")
        await settle(client)
        for key in await harness.storage.keys {
            let data = try #require(await harness.storage.data(forKey: key))
            #expect(!String(decoding: data, as: UTF8.self).contains("user-7"))
        }
        #expect(await harness.makeClient().externalUserID == nil)
    }

    @Test func theExternalUserIdIsNotSentToOtherEndpoints() async throws {
        let harness = Harness()
        let client = harness.makeClient()
        await client.setExternalUserID("user-7")
        await harness.transport.on("POST", "/api/sdk/v1/install", .json(200, Harness.organic))
        await harness.transport.on("POST", "/api/sdk/v1/events", .json(200, ["events": [Harness.eventAccepted]]))
        try await client.start(with: Harness.configuration())
        try await client.track("signup")
        try await client.flush()
        for request in await harness.transport.requests {
            #expect(!request.bodyText.contains("user-7"))
        }
    }
}
