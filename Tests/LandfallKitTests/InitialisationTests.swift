import Foundation
import Testing
@testable import LandfallKit

@Suite("Initialisation (LinkForty SDK specification §1)")
struct InitialisationTests {
    @Test func handlingALinkBeforeStartThrowsNotInitialised() async {
        let client = Harness().makeClient()
        #expect(await landfallError { try await client.handle(url: URL(string: "https://go.example.com/pasta")!) }?.code == .notInitialized)
    }

    @Test func trackingBeforeStartThrowsNotInitialised() async {
        let client = Harness().makeClient()
        #expect(await landfallError { try await client.track("signup") }?.code == .notInitialized)
        #expect(await landfallError { try await client.trackRevenue(amount: 1, currency: "USD") }?.code == .notInitialized)
    }

    @Test func creatingALinkBeforeStartThrowsNotInitialised() async {
        let client = Harness().makeClient()
        #expect(await landfallError { try await client.createLink() }?.code == .notInitialized)
    }

    @Test func flushingAndCheckingBeforeStartThrowNotInitialised() async {
        let client = Harness().makeClient()
        #expect(await landfallError { try await client.flush() }?.code == .notInitialized)
        #expect(await landfallError { try await client.checkDeferredDeepLink() }?.code == .notInitialized)
    }

    @Test func aSecondStartThrowsAlreadyInitialised() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        let error = await landfallError { try await client.start(with: Harness.configuration()) }
        #expect(error?.code == .alreadyInitialized)
        #expect(await harness.transport.requests(to: "/api/sdk/v1/install").count == 1)
    }

    @Test func aSecondStartWithAnotherConfigurationThrowsAlreadyInitialised() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        let error = await landfallError { try await client.start(with: Harness.configuration(apiKey: "other")) }
        #expect(error?.code == .alreadyInitialized)
    }

    @Test func aSecondStartRetriesAnInstallReportThatFailed() async throws {
        let harness = Harness()
        await harness.transport.on("POST", "/api/sdk/v1/install", .offline, .offline, .offline, .offline, .json(200, Harness.attributed))
        let client = harness.makeClient()
        #expect(try await client.start(with: Harness.configuration()) == nil)
        let retried = try await client.start(with: Harness.configuration())
        #expect(retried?.installId == "I1")
    }

    @Test func startIsStartedAndReportsTheFirstLaunch() async throws {
        let client = try await Harness().startedClient()
        #expect(await client.isStarted)
        #expect(await client.isFirstLaunch)
    }

    @Test func aLaterLaunchLoadsTheStoredAttributionWithoutReporting() async throws {
        let harness = Harness()
        _ = try await harness.startedClient(install: Harness.attributed)
        let secondLaunch = harness.makeClient()
        let result = try await secondLaunch.start(with: Harness.configuration())
        #expect(result?.installId == "I1")
        #expect(await secondLaunch.isFirstLaunch == false)
        #expect(await harness.transport.requests(to: "/api/sdk/v1/install").count == 1)
    }

    @Test func concurrentStartsReportTheInstallOnce() async throws {
        let harness = Harness()
        await harness.transport.on("POST", "/api/sdk/v1/install", .json(200, Harness.organic))
        let client = harness.makeClient()
        async let first = landfallError { try await client.start(with: Harness.configuration()) }
        async let second = landfallError { try await client.start(with: Harness.configuration()) }
        let errors = await [first, second].compactMap { $0 }
        #expect(errors.allSatisfy { $0.code == .alreadyInitialized })
        #expect(await harness.transport.requests(to: "/api/sdk/v1/install").count == 1)
    }

    @Test func theClientIsUsableWhileTheFirstInstallReportIsInFlight() async throws {
        let harness = Harness()
        let gate = Gate()
        await harness.transport.on("POST", "/api/sdk/v1/install", .gated(gate, then: .json(200, Harness.attributed)))
        let client = harness.makeClient()
        async let started = client.start(with: Harness.configuration())
        while await !client.isStarted { await Task.yield() }
        let event = try await client.handle(url: URL(string: "mealtime://recipes/42")!)
        #expect(event?.data?.deepLinkPath == "/recipes/42")
        #expect(await client.installID == nil)
        gate.open()
        #expect(try await started?.installId == "I1")
    }
}
