import Foundation
import LandfallKit
import LandfallStore
import Testing

/// Events tracked while the server is down wait on the device, survive the app being relaunched,
/// and are stored exactly once when the server is back.
@Suite("The offline event queue against a live server")
struct OfflineQueueTests {
    @Test func eventsQueuedWhileTheServerIsDownSurviveARelaunchAndAreSentOnceWhenItIsBack() async throws {
        let database = try await LiveServer.freshDatabase()
        let sandbox = try AppSandbox(beside: database, phone: .iPhone)
        let (key, stoppedURL, installID) = try await LiveServer.run(database: database) { server in
            let mealtime = try await server.setUpMealtime()
            let attribution = try await sandbox.launch().start(with: server.configuration(apiKey: mealtime.publishableKey))
            return (mealtime.publishableKey, server.baseURL, try #require(attribution?.installId))
        }

        // The server is down: the events wait on the device.
        let offline = sandbox.launch()
        try await offline.start(with: .mealtime(baseURL: stoppedURL, apiKey: key))
        try await offline.track("recipe_saved", properties: ["recipe": "42"])
        try await offline.trackRevenue(amount: try #require(Decimal(string: "4.50")), currency: "GBP")
        let failure = await #expect(throws: LandfallError.self) { try await offline.flush() }
        #expect(failure?.code == .network)
        #expect(await offline.queueCount == 2)

        // The app is killed and launched again, still offline: the queue was kept on disk.
        let relaunched = sandbox.launch()
        try await relaunched.start(with: .mealtime(baseURL: stoppedURL, apiKey: key))
        #expect(await relaunched.queueCount == 2)
        #expect(await relaunched.installID == installID)
        _ = await #expect(throws: LandfallError.self) { try await relaunched.flush() }
        #expect(await relaunched.queueCount == 2)

        // The server is back on the same database (on a new port); the next launch sends the queue.
        try await LiveServer.run(database: database) { server in
            #expect(try await server.storage.events(installId: installID).isEmpty)
            let client = sandbox.launch()
            try await client.start(with: server.configuration(apiKey: key))
            #expect(await client.isFirstLaunch == false)

            try await client.flush()

            #expect(await client.queueCount == 0)
            let events = try await server.storage.events(installId: installID)
            #expect(events.map(\.name) == ["recipe_saved", "revenue"])
            #expect(events.map(\.revenueMicros) == [nil, 4_500_000])
            #expect(events.map(\.revenueCurrency) == [nil, "GBP"])
            #expect(try await client.flush() == FlushReport(sent: 0, dropped: 0, remaining: 0))
            #expect(try await server.storage.events(installId: installID).count == 2)
        }
    }

    @Test func eventsTrackedWithoutANetworkAreSentInOrderOnceItReturns() async throws {
        try await LiveServer.run { server in
            let mealtime = try await server.setUpMealtime()
            let network = SwitchableNetwork()
            let client = try AppSandbox(beside: server.database, phone: .iPhone).launch(transport: network)
            let attribution = try await client.start(with: server.configuration(apiKey: mealtime.publishableKey, retryPolicy: .none))
            let installID = try #require(attribution?.installId)
            await network.switchOff()
            for name in ["opened_recipe", "added_to_list", "cooked"] {
                try await client.track(name)
            }
            _ = await #expect(throws: LandfallError.self) { try await client.flush() }
            #expect(await client.queueCount == 3)
            #expect(try await server.storage.events(installId: installID).isEmpty)

            await network.switchOn()
            let report = try await client.flush()

            #expect(report == FlushReport(sent: 3, dropped: 0, remaining: 0))
            #expect(try await server.storage.events(installId: installID).map(\.name) == ["opened_recipe", "added_to_list", "cooked"])
        }
    }
}
