import Foundation
import LandfallKit
import LandfallStore
import Testing

/// A phone clicks a link in Safari, installs the app, and LandfallKit on a real socket delivers the
/// link's deep link at first launch — or an explicit organic event for a phone that never clicked.
@Suite("Deferred deep links against a live server")
struct DeferredDeepLinkTests {
    @Test func theClickingPhoneGetsTheLinksDeferredDeepLinkThroughListenerAndStream() async throws {
        let clock = ManualClock()
        try await LiveServer.run(now: { clock.now }) { server in
            let mealtime = try await server.setUpMealtime()
            try await server.click(from: .iPhone)
            // Downloading and opening the app takes a while; an install a second after its click would not be credible.
            clock.advance(by: 90)

            let client = try AppSandbox(beside: server.database, phone: .iPhone).launch()
            let listened = await client.collectDeepLinks()
            let stream = await client.deepLinkEvents()
            let attribution = try #require(try await client.start(with: server.configuration(apiKey: mealtime.publishableKey)))

            #expect(attribution.isAttributed)
            #expect(attribution.method == "probabilistic")
            #expect(attribution.confidenceScore >= 80)
            let streamed = try await firstElement(of: stream)
            #expect(listened.received == [streamed])
            #expect(streamed.isDeferred)
            #expect(!streamed.isOrganic)
            #expect(streamed.source == .installReport)
            #expect(streamed.originalURL == nil)
            #expect(streamed.attribution == attribution)
            #expect(streamed.queryParameters == Mealtime.linkParameters)
            #expect(streamed.pathParameters.segments == ["recipes", "42"])
            let data = try #require(streamed.data)
            #expect(data.shortCode == Mealtime.shortCode)
            #expect(data.linkId == mealtime.linkId)
            #expect(data.deepLinkPath == Mealtime.deepLinkPath)
            #expect(data.customParameters == Mealtime.linkParameters)
            #expect(data.utmParameters == UTMParameters(source: "newsletter", campaign: "spring"))
            #expect(data.appScheme == "mealtime")
            #expect(data.clickedAt != nil)

            let stored = try #require(try await server.storage.install(id: attribution.installId))
            #expect(stored.linkId == mealtime.linkId)
            #expect(stored.method == .probabilistic)
        }
    }

    @Test func theInstallIdAndDataAreReadWithoutTheNetworkAfterTheFirstLaunch() async throws {
        let database = try await LiveServer.freshDatabase()
        let sandbox = try AppSandbox(beside: database, phone: .iPhone)
        let clock = ManualClock()
        let (configuration, installID) = try await LiveServer.run(database: database, now: { clock.now }) { server in
            let mealtime = try await server.setUpMealtime()
            try await server.click(from: .iPhone)
            clock.advance(by: 90)
            let configuration = server.configuration(apiKey: mealtime.publishableKey)
            let attribution = try await sandbox.launch().start(with: configuration)
            return (configuration, try #require(attribution?.installId))
        }

        // The server is gone: the next launch reads everything from the sandbox.
        let transport = RecordingTransport()
        let client = sandbox.launch(transport: transport)
        let listened = await client.collectDeepLinks()
        let attribution = try await client.start(with: configuration)
        #expect(attribution?.installId == installID)
        #expect(attribution?.isAttributed == true)
        #expect(await client.installID == installID)
        let data = try #require(await client.installData)
        #expect(data.shortCode == Mealtime.shortCode)
        #expect(data.deepLinkPath == Mealtime.deepLinkPath)
        #expect(data.customParameters == Mealtime.linkParameters)
        #expect(await client.isFirstLaunch == false)
        #expect(await transport.log.count == 0)
        // The deferred deep link belongs to the first launch only.
        #expect(listened.received.isEmpty)
    }

    @Test func aPhoneThatNeverClickedIsToldExplicitlyItIsOrganic() async throws {
        try await LiveServer.run { server in
            let mealtime = try await server.setUpMealtime()
            try await server.click(from: .iPhone)

            let client = try AppSandbox(beside: server.database, phone: .stranger).launch()
            let listened = await client.collectDeepLinks()
            let stream = await client.deepLinkEvents()
            let attribution = try #require(try await client.start(with: server.configuration(apiKey: mealtime.publishableKey)))

            #expect(attribution.isOrganic)
            #expect(attribution.method == "organic")
            #expect(attribution.confidenceScore == 0)
            #expect(attribution.deepLinkData == nil)
            let streamed = try await firstElement(of: stream)
            #expect(listened.received == [streamed])
            #expect(streamed.isDeferred)
            #expect(streamed.isOrganic)
            #expect(!streamed.isInstallReportPending)
            #expect(streamed.data == nil)
            #expect(streamed.attribution == attribution)
            #expect(await client.installID == attribution.installId)
            #expect(await client.installData == nil)
            #expect(try await server.storage.install(id: attribution.installId)?.method == .organic)
        }
    }

    @Test func anOfflineFirstLaunchGetsItsDeferredDeepLinkAndSendsItsEventsWhenTheServerIsBack() async throws {
        let database = try await LiveServer.freshDatabase()
        let sandbox = try AppSandbox(beside: database, phone: .iPhone)
        let (key, stoppedURL) = try await LiveServer.run(database: database) { server in
            let mealtime = try await server.setUpMealtime()
            try await server.click(from: .iPhone)
            return (mealtime.publishableKey, server.baseURL)
        }

        // First launch while the server is down: organic for now, reported as pending.
        let offline = sandbox.launch()
        let offlineLinks = await offline.collectDeepLinks()
        let errors = await offline.collectErrors()
        #expect(try await offline.start(with: .mealtime(baseURL: stoppedURL, apiKey: key)) == nil)
        #expect(offlineLinks.received.map(\.isInstallReportPending) == [true])
        #expect(errors.received.map(\.code) == [.network])
        #expect(await offline.installID == nil)
        // Events tracked before the install is known wait for it.
        try await offline.track("onboarding_done")
        let waiting = await #expect(throws: LandfallError.self) { try await offline.flush() }
        #expect(waiting?.code == .installNotReported)

        // The server comes back on the same database; the next launch reports the install.
        try await LiveServer.run(database: database) { server in
            let client = sandbox.launch()
            let listened = await client.collectDeepLinks()
            let attribution = try #require(try await client.start(with: server.configuration(apiKey: key)))
            #expect(attribution.isAttributed)
            let event = try #require(listened.received.first)
            #expect(listened.received.count == 1)
            #expect(event.isDeferred)
            #expect(event.data?.deepLinkPath == Mealtime.deepLinkPath)
            #expect(event.queryParameters == Mealtime.linkParameters)

            try await client.flush()
            #expect(try await server.storage.events(installId: attribution.installId).map(\.name) == ["onboarding_done"])
        }
    }
}
