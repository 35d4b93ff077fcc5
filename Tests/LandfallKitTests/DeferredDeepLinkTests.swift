import Foundation
import Testing
@testable import LandfallKit

@Suite("Deferred deep linking (LinkForty SDK specification §2)")
struct DeferredDeepLinkTests {
    private static let token = "AbCdEfGhIjKlMnOpQrStUv"

    @Test func theInstallReportCarriesTheDeviceFingerprint() async throws {
        let harness = Harness()
        _ = try await harness.startedClient(
            configuration: Harness.configuration {
                $0.attributionWindowHours = 72; $0.deviceId = "IDFA-1"
            })
        let request = try #require(await harness.transport.requests(to: "/api/sdk/v1/install").first)
        let body = try harness.transport.body(InstallRequest.self, of: request)
        #expect(body.userAgent == "Mealtime/4.2.1 iOS/18.1")
        #expect(body.timezone == "Europe/Paris")
        #expect(body.language == "fr-FR")
        #expect(body.screenWidth == 1179)
        #expect(body.screenHeight == 2556)
        #expect(body.platform == "iOS")
        #expect(body.platformVersion == "18.1")
        #expect(body.appVersion == "4.2.1")
        #expect(body.deviceId == "IDFA-1")
        #expect(body.attributionWindowHours == 72)
        #expect(body.deviceModel == "iPhone15,3")
        #expect(body.sdkName == "LandfallKit")
    }

    @Test func theInstallReportSendsTheAPIKeyAsABearerToken() async throws {
        let harness = Harness()
        _ = try await harness.startedClient()
        let request = try #require(await harness.transport.requests(to: "/api/sdk/v1/install").first)
        #expect(request.method == "POST")
        #expect(request.header("authorization") == "Bearer lf_pub_test")
        #expect(request.header("content-type") == "application/json")
    }

    @Test func theInstallReportCarriesAnInstallKeyThatIsStoredBeforeSending() async throws {
        let harness = Harness()
        await harness.transport.on("POST", "/api/sdk/v1/install", .offline)
        let client = harness.makeClient()
        try await client.start(with: Harness.configuration { $0.retryPolicy = .none })
        let request = try #require(await harness.transport.requests(to: "/api/sdk/v1/install").first)
        let key = try #require(try harness.transport.body(InstallRequest.self, of: request).installKey)
        let stored = try #require(await harness.storage.data(forKey: "landfall.state"))
        #expect(String(decoding: stored, as: UTF8.self).contains(key))
    }

    @Test func anAttributedInstallIsReturnedPersistedAndDelivered() async throws {
        let harness = Harness()
        await harness.transport.on("POST", "/api/sdk/v1/install", .json(200, Harness.attributed))
        let client = harness.makeClient()
        let events = Collector<DeepLinkEvent>()
        await client.addDeepLinkListener(events.handler)
        let result = try await client.start(with: Harness.configuration())
        #expect(result?.isAttributed == true)
        #expect(await client.installID == "I1")
        #expect(await client.installData == Harness.link)
        let event = try #require(events.all.first)
        #expect(event.isDeferred)
        #expect(event.data == Harness.link)
        #expect(event.queryParameters == ["recipe": "42"])
        #expect(event.pathParameters.segments == ["recipes", "42"])
        #expect(event.attribution?.confidenceScore == 92)
    }

    @Test func anOrganicInstallDeliversAnExplicitOrganicResult() async throws {
        let harness = Harness()
        await harness.transport.on("POST", "/api/sdk/v1/install", .json(200, Harness.organic))
        let client = harness.makeClient()
        let events = Collector<DeepLinkEvent>()
        await client.addDeepLinkListener(events.handler)
        let result = try await client.start(with: Harness.configuration())
        #expect(result?.isOrganic == true)
        let event = try #require(events.all.first)
        #expect(event.isOrganic)
        #expect(event.isInstallReportPending == false)
        #expect(event.attribution?.installId == "I0")
        #expect(await client.installID == "I0")
        #expect(await client.installData == nil)
    }

    @Test func aFailedReportIsTreatedAsOrganicForNowAndReported() async throws {
        let harness = Harness()
        await harness.transport.on("POST", "/api/sdk/v1/install", .offline)
        let client = harness.makeClient()
        let events = Collector<DeepLinkEvent>()
        let errors = Collector<LandfallError>()
        await client.addDeepLinkListener(events.handler)
        await client.addErrorListener(errors.handler)
        let result = try await client.start(with: Harness.configuration())
        #expect(result == nil)
        let event = try #require(events.all.first)
        #expect(event.isOrganic)
        #expect(event.isInstallReportPending)
        #expect(errors.all.map(\.code) == [.network])
    }

    @Test func aFailedReportLeavesTheNextLaunchAFirstLaunchThatReportsAgainWithTheSameKey() async throws {
        let harness = Harness()
        await harness.transport.on("POST", "/api/sdk/v1/install", .offline)
        let offlineLaunch = harness.makeClient()
        try await offlineLaunch.start(with: Harness.configuration { $0.retryPolicy = .none })
        #expect(await offlineLaunch.installID == nil)

        await harness.transport.on("POST", "/api/sdk/v1/install", .json(200, Harness.attributed))
        let nextLaunch = harness.makeClient()
        let events = Collector<DeepLinkEvent>()
        await nextLaunch.addDeepLinkListener(events.handler)
        let result = try await nextLaunch.start(with: Harness.configuration())
        #expect(await nextLaunch.isFirstLaunch)
        #expect(result?.installId == "I1")
        #expect(events.all.first?.data == Harness.link)
        let keys = try await harness.transport.requests(to: "/api/sdk/v1/install").map {
            try harness.transport.body(InstallRequest.self, of: $0).installKey
        }
        #expect(keys.count == 2)
        #expect(keys[0] != nil && keys[0] == keys[1])
    }

    @Test func theFirstLaunchEndsOnlyAfterASuccessfulReport() async throws {
        let harness = Harness()
        _ = try await harness.startedClient()
        let secondLaunch = harness.makeClient()
        try await secondLaunch.start(with: Harness.configuration())
        #expect(await secondLaunch.isFirstLaunch == false)
    }

    @Test func networkErrorsDuringTheReportAreRetriedWithBackoff() async throws {
        let harness = Harness()
        await harness.transport.on("POST", "/api/sdk/v1/install", .offline, .error(503, code: "unavailable"), .json(200, Harness.organic))
        let client = harness.makeClient()
        let result = try await client.start(with: Harness.configuration())
        #expect(result?.installId == "I0")
        #expect(harness.clock.sleeps == [1, 2])
    }

    @Test func manualModeReportsOnlyWhenAsked() async throws {
        let harness = Harness()
        await harness.transport.on("POST", "/api/sdk/v1/install", .json(200, Harness.attributed))
        let client = harness.makeClient()
        #expect(try await client.start(with: Harness.configuration(deferred: false)) == nil)
        #expect(await harness.transport.requests.isEmpty)
        let result = try await client.checkDeferredDeepLink()
        #expect(result.deepLinkData == Harness.link)
        #expect(await harness.transport.requests(to: "/api/sdk/v1/install").count == 1)
    }

    @Test func checkingAgainAnswersTheStoredResultWithoutANetworkCall() async throws {
        let harness = Harness()
        let client = try await harness.startedClient(install: Harness.attributed)
        let result = try await client.checkDeferredDeepLink()
        #expect(result.installId == "I1")
        #expect(await harness.transport.requests.count == 1)
    }

    @Test func aFailedManualCheckThrowsTheError() async throws {
        let harness = Harness()
        await harness.transport.on("POST", "/api/sdk/v1/install", .error(400, code: "invalid_request"))
        let client = harness.makeClient()
        try await client.start(with: Harness.configuration(deferred: false))
        let error = await landfallError { try await client.checkDeferredDeepLink() }
        #expect(error?.code == .server)
        #expect(error?.statusCode == 400)
        #expect(error?.serverCode == "invalid_request")
    }

    @Test func anInstallReferrerHandedOverBeforeStartIsSent() async throws {
        let harness = Harness()
        await harness.transport.on("POST", "/api/sdk/v1/install", .json(200, Harness.organic))
        let client = harness.makeClient()
        try await client.setInstallReferrer("lf_click=\(Self.token)&utm_source=play")
        try await client.start(with: Harness.configuration())
        let request = try #require(await harness.transport.requests(to: "/api/sdk/v1/install").first)
        #expect(try harness.transport.body(InstallRequest.self, of: request).installReferrer == "lf_click=\(Self.token)&utm_source=play")
    }

    @Test func aClickTokenHandedOverIsSentAndForgottenAfterTheReport() async throws {
        let harness = Harness()
        await harness.transport.on("POST", "/api/sdk/v1/install", .json(200, Harness.organic))
        let client = harness.makeClient()
        try await client.start(with: Harness.configuration(deferred: false))
        try await client.setClickToken(Self.token)
        try await client.checkDeferredDeepLink()
        let request = try #require(await harness.transport.requests(to: "/api/sdk/v1/install").first)
        #expect(try harness.transport.body(InstallRequest.self, of: request).clickToken == Self.token)
        let stored = try #require(await harness.storage.data(forKey: "landfall.state"))
        #expect(!String(decoding: stored, as: UTF8.self).contains(Self.token))
    }

    @Test func aMalformedClickTokenIsRefused() async {
        let client = Harness().makeClient()
        #expect(await landfallError { try await client.setClickToken("short") }?.code == .invalidArgument)
    }

    @Test func theClipboardHandOffIsReadWhenEnabled() async throws {
        let harness = Harness(pasteboard: "https://go.example.com/pasta?lf_click=\(Self.token)")
        _ = try await harness.startedClient(configuration: Harness.configuration { $0.clipboardHandoffEnabled = true })
        let request = try #require(await harness.transport.requests(to: "/api/sdk/v1/install").first)
        #expect(try harness.transport.body(InstallRequest.self, of: request).clickToken == Self.token)
    }

    @Test func theClipboardIsNotReadUnlessEnabled() async throws {
        let harness = Harness(pasteboard: "lf_click=\(Self.token)")
        _ = try await harness.startedClient()
        let request = try #require(await harness.transport.requests(to: "/api/sdk/v1/install").first)
        #expect(try harness.transport.body(InstallRequest.self, of: request).clickToken == nil)
        #expect(harness.clickTokens.reads.current == 0)
    }

    @Test func aClickDateWithFractionalSecondsDecodes() async throws {
        let harness = Harness()
        let answer =
            #"{"installId":"I2","attributed":true,"confidenceScore":100,"matchedFactors":["click_token"],"deepLinkData":{"shortCode":"pasta","clickedAt":"2026-09-21T14:13:20.789Z"}}"#
        await harness.transport.on("POST", "/api/sdk/v1/install", .raw(200, answer))
        let client = harness.makeClient()
        try await client.start(with: Harness.configuration())
        let clickedAt = try #require(await client.installData?.clickedAt)
        #expect(abs(clickedAt.timeIntervalSince1970 - 1_790_000_000.789) < 0.01)
    }

    @Test func anUndecodableAnswerIsAnInvalidResponse() async throws {
        let harness = Harness()
        await harness.transport.on("POST", "/api/sdk/v1/install", .raw(200, "<html>"))
        let client = harness.makeClient()
        try await client.start(with: Harness.configuration(deferred: false))
        #expect(await landfallError { try await client.checkDeferredDeepLink() }?.code == .invalidResponse)
    }
}
