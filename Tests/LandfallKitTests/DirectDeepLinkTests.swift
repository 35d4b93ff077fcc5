import Foundation
import Testing
@testable import LandfallKit

@Suite("Direct deep links and server-side resolution (LinkForty SDK specification §3, §4)")
struct DirectDeepLinkTests {
    private static let resolved = DeepLinkData(
        shortCode: "pasta", utmParameters: UTMParameters(source: "newsletter"), customParameters: ["recipe": "42"],
        deepLinkPath: "/recipes/42", appScheme: "mealtime", linkId: "L1"
    )

    @Test func aUniversalLinkIsResolvedByTheServerWithTheFingerprint() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        await harness.transport.on("GET", "/api/sdk/v1/resolve/pasta", .json(200, Self.resolved))
        let event = try #require(try await client.handle(url: URL(string: "https://go.example.com/pasta?utm_source=x")!))
        #expect(event.source == .server)
        #expect(event.data == Self.resolved)
        #expect(event.isDeferred == false)
        let request = try #require(await harness.transport.requests(to: "/api/sdk/v1/resolve/pasta").first)
        #expect(
            request.query == [
                "fp_tz": "Europe/Paris", "fp_lang": "fr-FR", "fp_sw": "1179", "fp_sh": "2556", "fp_platform": "iOS", "fp_pv": "18.1",
            ])
    }

    @Test func aTwoSegmentLinkIsResolvedAsTemplateSlugAndCode() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        await harness.transport.on("GET", "/api/sdk/v1/resolve/recipes/pasta", .json(200, Self.resolved))
        let event = try await client.handle(url: URL(string: "https://go.example.com/recipes/pasta")!)
        #expect(event?.source == .server)
        #expect(event?.pathParameters.mainPath == "recipes")
        #expect(event?.pathParameters.subPath == "pasta")
    }

    @Test func aBaseURLPathPrefixIsKeptInRequestsAndRemovedFromLinks() async throws {
        let harness = Harness()
        let configuration = Harness.configuration(baseURL: URL(string: "https://example.com/links/")!)
        let client = try await harness.startedClient(configuration: configuration)
        #expect(await harness.transport.requests(to: "/links/api/sdk/v1/install").count == 1)
        await harness.transport.on("GET", "/links/api/sdk/v1/resolve/pasta", .json(200, Self.resolved))
        let event = try await client.handle(url: URL(string: "https://example.com/links/pasta")!)
        #expect(event?.source == .server)
        #expect(event?.pathParameters.segments == ["pasta"])
    }

    @Test func aWebLinkOnAnotherHostIsNotALandfallLink() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        let events = Collector<DeepLinkEvent>()
        await client.addDeepLinkListener(events.handler)
        let before = events.all.count
        #expect(try await client.handle(url: URL(string: "https://elsewhere.example.org/pasta")!) == nil)
        #expect(events.all.count == before)
        #expect(await harness.transport.requests(to: "/api/sdk/v1/resolve/pasta").isEmpty)
    }

    @Test(arguments: ["https://links.mealtime.app/pasta", "https://eu.mealtime.io/pasta"])
    func aLinkOnAnExtraDomainIsResolved(url: String) async throws {
        let harness = Harness()
        let configuration = Harness.configuration { $0.extraDomains = ["links.mealtime.app", "*.mealtime.io"] }
        let client = try await harness.startedClient(configuration: configuration)
        await harness.transport.on("GET", "/api/sdk/v1/resolve/pasta", .json(200, Self.resolved))
        let event = try await client.handle(url: URL(string: url)!)
        #expect(event?.source == .server)
        let request = try #require(await harness.transport.requests(to: "/api/sdk/v1/resolve/pasta").first)
        #expect(request.url.host == "go.example.com")
    }

    @Test func aCustomSchemeURLIsParsedOnTheDeviceWithoutANetworkCall() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        let url = URL(string: "mealtime://recipes/42?recipe=42&utm_source=newsletter&lf_click=AbCdEfGhIjKlMnOpQrStUv")!
        let event = try #require(try await client.handle(url: url))
        #expect(event.source == .localParsing)
        #expect(event.data?.deepLinkPath == "/recipes/42")
        #expect(event.data?.appScheme == "mealtime")
        #expect(event.data?.customParameters == ["recipe": "42"])
        #expect(event.data?.utmParameters?.source == "newsletter")
        #expect(event.pathParameters.mainPath == "recipes")
        #expect(event.pathParameters.subPath == "42")
        #expect(event.queryParameters["recipe"] == "42")
        #expect(await harness.transport.requests.count == 1)
    }

    @Test func anUnknownLinkFallsBackToLocalParsingAndReportsTheServerError() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        let errors = Collector<LandfallError>()
        await client.addErrorListener(errors.handler)
        await harness.transport.on("GET", "/api/sdk/v1/resolve/pasta", .error(404, code: "link_not_found"))
        let event = try #require(try await client.handle(url: URL(string: "https://go.example.com/pasta?utm_campaign=spring&recipe=7")!))
        #expect(event.source == .localParsing)
        #expect(event.data?.shortCode == "pasta")
        #expect(event.data?.utmParameters?.campaign == "spring")
        #expect(event.data?.customParameters == ["recipe": "7"])
        #expect(errors.all.first?.serverCode == "link_not_found")
        #expect(errors.all.first?.statusCode == 404)
    }

    @Test func anOfflineResolutionFallsBackToLocalParsing() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        await harness.transport.on("GET", "/api/sdk/v1/resolve/pasta", .offline)
        let event = try await client.handle(url: URL(string: "https://go.example.com/pasta")!)
        #expect(event?.source == .localParsing)
        #expect(event?.data?.shortCode == "pasta")
        #expect(await harness.transport.requests(to: "/api/sdk/v1/resolve/pasta").count == 1)
    }

    @Test func aSlowResolutionIsAbandonedAfterTheConfiguredTimeout() async throws {
        let harness = Harness(clock: TestClock())
        let client = try await harness.startedClient(configuration: Harness.configuration { $0.resolveTimeout = 1.5 })
        let errors = Collector<LandfallError>()
        await client.addErrorListener(errors.handler)
        await harness.transport.on("GET", "/api/sdk/v1/resolve/pasta", .hang)
        let event = try await client.handle(url: URL(string: "https://go.example.com/pasta")!)
        #expect(event?.source == .localParsing)
        #expect(harness.clock.sleeps == [1.5])
        #expect(errors.all.map(\.code) == [.timeout])
    }

    @Test func aPromptResolutionBeatsTheTimer() async throws {
        let harness = Harness(clock: TestClock(sleepsUntilCancelled: true))
        let client = try await harness.startedClient(configuration: Harness.configuration { $0.resolveTimeout = 0.001 })
        await harness.transport.on("GET", "/api/sdk/v1/resolve/pasta", .json(200, Self.resolved))
        let event = try await client.handle(url: URL(string: "https://go.example.com/pasta")!)
        #expect(event?.source == .server)
    }

    @Test func theBaseURLItselfIsDeliveredWithoutResolution() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        let event = try await client.handle(url: URL(string: "https://go.example.com/")!)
        #expect(event?.data == nil)
        #expect(event?.source == .localParsing)
        #expect(await harness.transport.requests.count == 1)
    }

    @Test func aClickTokenInAnOpeningURLIsUsedForAPendingInstallReport() async throws {
        let harness = Harness()
        await harness.transport.on("POST", "/api/sdk/v1/install", .json(200, Harness.organic))
        let client = harness.makeClient()
        try await client.start(with: Harness.configuration(deferred: false))
        try await client.handle(url: URL(string: "mealtime://recipes/42?lf_click=AbCdEfGhIjKlMnOpQrStUv")!)
        try await client.checkDeferredDeepLink()
        let request = try #require(await harness.transport.requests(to: "/api/sdk/v1/install").first)
        #expect(try harness.transport.body(InstallRequest.self, of: request).clickToken == "AbCdEfGhIjKlMnOpQrStUv")
    }
}
