import Foundation
import Testing
@testable import LandfallKit

@Suite("Attribution data access (LinkForty SDK specification §9) and data management (§10)")
struct DataManagementTests {
    @Test func attributionDataIsReadableWithoutANetworkCall() async throws {
        let harness = Harness()
        _ = try await harness.startedClient(install: Harness.attributed)
        let nextLaunch = harness.makeClient()
        try await nextLaunch.start(with: Harness.configuration { $0.deferredDeepLinkEnabled = false })
        let requests = await harness.transport.requests.count
        #expect(await nextLaunch.installID == "I1")
        #expect(await nextLaunch.installData == Harness.link)
        #expect(await nextLaunch.attribution?.matchedFactors == ["ip", "screen"])
        #expect(await nextLaunch.isFirstLaunch == false)
        #expect(await harness.transport.requests.count == requests)
    }

    @Test func clearDataWipesStoredAndCachedData() async throws {
        let harness = Harness()
        let client = try await harness.startedClient(install: Harness.attributed)
        await client.setExternalUserID("user-7")
        await harness.transport.on("POST", "/api/sdk/v1/events", .offline)
        try await client.track("signup")
        await client.clearData()
        #expect(await harness.storage.keys.isEmpty)
        #expect(await client.installID == nil)
        #expect(await client.installData == nil)
        #expect(await client.queueCount == 0)
        #expect(await client.externalUserID == nil)
        #expect(await client.isFirstLaunch)
    }

    @Test func clearDataForgetsTheReplayedDeepLinks() async throws {
        let client = try await Harness().startedClient(install: Harness.attributed)
        await client.clearData()
        let events = Collector<DeepLinkEvent>()
        await client.addDeepLinkListener(events.handler)
        #expect(events.all.isEmpty)
    }

    @Test func afterClearDataTheNextReportIsANewInstallWithANewKey() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        await client.clearData()
        try await client.checkDeferredDeepLink()
        let keys = try await harness.transport.requests(to: "/api/sdk/v1/install").map {
            try harness.transport.body(InstallRequest.self, of: $0).installKey
        }
        #expect(keys.count == 2)
        #expect(keys[0] != keys[1])
    }

    @Test func resetReturnsTheClientToItsUnstartedState() async throws {
        let client = try await Harness().startedClient()
        await client.reset()
        #expect(await client.isStarted == false)
        #expect(await landfallError { try await client.track("signup") }?.code == .notInitialized)
    }

    @Test func aResetClientCanBeStartedAgainAndKeepsItsStoredInstall() async throws {
        let harness = Harness()
        let client = try await harness.startedClient(install: Harness.attributed)
        await client.reset()
        let result = try await client.start(with: Harness.configuration(apiKey: "another"))
        #expect(result?.installId == "I1")
        #expect(await harness.transport.requests(to: "/api/sdk/v1/install").count == 1)
    }

    @Test func resetClearsTheExternalUserId() async throws {
        let client = try await Harness().startedClient()
        await client.setExternalUserID("user-7")
        await client.reset()
        #expect(await client.externalUserID == nil)
    }
}
