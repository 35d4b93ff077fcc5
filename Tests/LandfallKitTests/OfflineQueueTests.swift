import Foundation
import Testing
@testable import LandfallKit

@Suite("Offline resilience: the persistent event queue (LinkForty SDK specification §13)")
struct OfflineQueueTests {
    private static let accepted = StubReply.json(200, ["events": [Harness.eventAccepted]])

    @Test func offlineEventsStayQueuedAndFlushThrowsTheNetworkError() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        await harness.transport.on("POST", "/api/sdk/v1/events", .offline)
        try await client.track("signup")
        #expect(await landfallError { try await client.flush() }?.code == .network)
        #expect(await client.queueCount == 1)
    }

    @Test func theQueueSurvivesARestart() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        await harness.transport.on("POST", "/api/sdk/v1/events", .offline)
        try await client.track("signup")
        await settle(client)

        await harness.transport.on("POST", "/api/sdk/v1/events", Self.accepted)
        let nextLaunch = harness.makeClient()
        try await nextLaunch.start(with: Harness.configuration())
        #expect(await nextLaunch.queueCount == 1)
        try await nextLaunch.flush()
        #expect(await nextLaunch.queueCount == 0)
    }

    @Test func theQueueKeepsAtMostAHundredEventsDroppingTheOldest() async throws {
        let harness = Harness()
        let client = try await harness.startedClient(configuration: Harness.configuration { $0.retryPolicy = .none })
        await harness.transport.on("POST", "/api/sdk/v1/events", .offline)
        for index in 0...100 { try await client.track("e\(index)") }
        await settle(client)
        #expect(await client.queueCount == 100)

        await harness.transport.on("POST", "/api/sdk/v1/events", Self.accepted)
        try await client.flush()
        let last = try #require(await harness.transport.requests(to: "/api/sdk/v1/events").last)
        let names = try harness.transport.body(EventBatchBody.self, of: last).events.map(\.eventName)
        #expect(names.first == "e1")
        #expect(names.last == "e100")
        #expect(names.count == 100)
    }

    @Test func flushSendsEventsInTheOrderTheyWereTrackedAndWaitsForTheAnswer() async throws {
        let harness = Harness()
        let client = try await harness.startedClient(configuration: Harness.configuration { $0.retryPolicy = .none })
        await harness.transport.on("POST", "/api/sdk/v1/events", .offline)
        for name in ["a", "b", "c"] { try await client.track(name) }
        await settle(client)

        await harness.transport.on("POST", "/api/sdk/v1/events", Self.accepted)
        try await client.flush()
        let last = try #require(await harness.transport.requests(to: "/api/sdk/v1/events").last)
        #expect(try harness.transport.body(EventBatchBody.self, of: last).events.map(\.eventName) == ["a", "b", "c"])
        #expect(await client.queueCount == 0)
    }

    @Test func networkErrorsAreRetriedWithExponentialBackoff() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        await harness.transport.on("POST", "/api/sdk/v1/events", .offline, .offline, Self.accepted)
        try await client.track("signup")
        try await client.flush()
        #expect(harness.clock.sleeps == [1, 2])
        #expect(await client.queueCount == 0)
    }

    @Test(arguments: [408, 429, 500, 503])
    func retryableStatusesHonourRetryAfter(status: Int) async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        await harness.transport.on("POST", "/api/sdk/v1/events", .error(status, code: "busy", headers: ["Retry-After": "7"]), Self.accepted)
        try await client.track("signup")
        try await client.flush()
        #expect(harness.clock.sleeps == [7])
        #expect(await client.queueCount == 0)
    }

    @Test func retriesStopAfterTheConfiguredAttempts() async throws {
        let harness = Harness()
        let client = try await harness.startedClient(configuration: Harness.configuration { $0.retryPolicy = RetryPolicy(maxAttempts: 3) })
        await harness.transport.on("POST", "/api/sdk/v1/events", .offline)
        try await client.track("signup")
        await settle(client)
        let before = await harness.transport.requests(to: "/api/sdk/v1/events").count
        #expect(await landfallError { try await client.flush() }?.code == .network)
        #expect(await harness.transport.requests(to: "/api/sdk/v1/events").count == before + 3)
    }

    @Test func aRetriedEventKeepsItsClientEventId() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        await harness.transport.on("POST", "/api/sdk/v1/events", .offline, Self.accepted)
        try await client.track("signup")
        try await client.flush()
        let ids = try await harness.transport.requests(to: "/api/sdk/v1/events").map {
            try harness.transport.body(EventBatchBody.self, of: $0).events.map(\.eventId)
        }
        #expect(ids.count == 2)
        #expect(ids[0] == ids[1])
    }

    @Test func anEventTheServerRefusesIsDroppedAndReportedWithoutBlockingTheOthers() async throws {
        let harness = Harness()
        let client = try await harness.startedClient(configuration: Harness.configuration { $0.retryPolicy = .none })
        let errors = Collector<LandfallError>()
        await client.addErrorListener(errors.handler)
        await harness.transport.on("POST", "/api/sdk/v1/events", .offline)
        try await client.track("bad")
        try await client.track("good")
        await settle(client)

        await harness.transport.on("POST", "/api/sdk/v1/events", .error(400, code: "invalid_request"))
        await harness.transport.on("POST", "/api/sdk/v1/event", .error(400, code: "invalid_request"), .json(201, Harness.eventAccepted))
        let report = try await client.flush()
        #expect(report.sent == 1)
        #expect(report.dropped == 1)
        #expect(await client.queueCount == 0)
        #expect(errors.all.map(\.serverCode) == ["invalid_request"])
        let singles = try await harness.transport.requests(to: "/api/sdk/v1/event").map {
            try harness.transport.body(EventRequest.self, of: $0).eventName
        }
        #expect(singles == ["bad", "good"])
    }

    @Test func eventsRefusedForTheCredentialStayQueued() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        await harness.transport.on("POST", "/api/sdk/v1/events", .error(401, code: "unauthorized"))
        try await client.track("signup")
        let error = await landfallError { try await client.flush() }
        #expect(error?.statusCode == 401)
        #expect(await client.queueCount == 1)
    }

    @Test func clearQueueEmptiesTheQueueWithoutSending() async throws {
        let harness = Harness()
        let client = try await harness.startedClient(configuration: Harness.configuration { $0.retryPolicy = .none })
        await harness.transport.on("POST", "/api/sdk/v1/events", .offline)
        try await client.track("signup")
        await settle(client)
        let sent = await harness.transport.requests(to: "/api/sdk/v1/events").count
        await client.clearQueue()
        #expect(await client.queueCount == 0)
        #expect(await harness.storage.data(forKey: "landfall.queue") == nil)
        try await client.flush()
        #expect(await harness.transport.requests(to: "/api/sdk/v1/events").count == sent)
    }

    @Test func aQueueAppendBeyondCapacityReturnsTheDroppedEvents() {
        var queue = EventQueue()
        for index in 0..<EventQueue.capacity {
            queue.append(QueuedEvent(id: "\(index)", name: "e", timestamp: Date(timeIntervalSince1970: 0)))
        }
        let dropped = queue.append(QueuedEvent(id: "new", name: "e", timestamp: Date(timeIntervalSince1970: 0)))
        #expect(dropped.map(\.id) == ["0"])
        #expect(queue.count == EventQueue.capacity)
        #expect(queue.batch(limit: 1).map(\.id) == ["1"])
    }
}
