import Foundation
import Testing
@testable import LandfallKit

@Suite("Listeners, streams and replay")
struct ListenerTests {
    private static let link = URL(string: "mealtime://recipes/42")!

    @Test func aListenerRegisteredBeforeStartReceivesTheDeferredDeepLink() async throws {
        let harness = Harness()
        let client = harness.makeClient()
        let events = Collector<DeepLinkEvent>()
        await client.addDeepLinkListener(events.handler)
        _ = try await harness.startedClientReusing(client, install: Harness.attributed)
        #expect(events.all.map(\.isDeferred) == [true])
    }

    @Test func aLateListenerGetsTheLatestDeferredAndDirectEventsReplayedInOrder() async throws {
        let harness = Harness()
        let client = try await harness.startedClient(install: Harness.attributed)
        try await client.handle(url: Self.link)
        let events = Collector<DeepLinkEvent>()
        await client.addDeepLinkListener(events.handler)
        #expect(events.all.map(\.isDeferred) == [true, false])
        #expect(events.all.last?.originalURL == Self.link)
    }

    @Test func onlyTheLatestDirectEventIsReplayed() async throws {
        let client = try await Harness().startedClient()
        try await client.handle(url: URL(string: "mealtime://first")!)
        try await client.handle(url: URL(string: "mealtime://second")!)
        let events = Collector<DeepLinkEvent>()
        await client.addDeepLinkListener(events.handler)
        #expect(events.all.compactMap(\.originalURL) == [URL(string: "mealtime://second")!])
    }

    @Test func everyRegisteredListenerReceivesEachEvent() async throws {
        let client = try await Harness().startedClient()
        let first = Collector<DeepLinkEvent>()
        let second = Collector<DeepLinkEvent>()
        await client.addDeepLinkListener(first.handler)
        await client.addDeepLinkListener(second.handler)
        try await client.handle(url: Self.link)
        #expect(first.all.last?.originalURL == Self.link)
        #expect(second.all.last?.originalURL == Self.link)
    }

    @Test func aRemovedListenerReceivesNothingMore() async throws {
        let client = try await Harness().startedClient()
        let events = Collector<DeepLinkEvent>()
        let token = await client.addDeepLinkListener(events.handler)
        let replayed = events.all.count
        await client.removeListener(token)
        try await client.handle(url: Self.link)
        #expect(events.all.count == replayed)
    }

    @Test func aStreamReplaysThenDeliversLiveEvents() async throws {
        let client = try await Harness().startedClient(install: Harness.attributed)
        let stream = await client.deepLinkEvents()
        var iterator = stream.makeAsyncIterator()
        let replayed = await iterator.next()
        #expect(replayed?.isDeferred == true)
        try await client.handle(url: Self.link)
        let live = await iterator.next()
        #expect(live?.originalURL == Self.link)
    }

    @Test func openDeliversWithoutBeingAwaited() async throws {
        let client = try await Harness().startedClient(configuration: Harness.configuration(deferred: false))
        let stream = await client.deepLinkEvents()
        client.open(Self.link)
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next()?.originalURL == Self.link)
    }

    @Test func completionHandlersReceiveTheResult() async throws {
        let harness = Harness()
        await harness.transport.on("POST", "/api/sdk/v1/install", .json(200, Harness.attributed))
        let client = harness.makeClient()
        let result = await withCheckedContinuation { continuation in
            client.start(with: Harness.configuration()) { continuation.resume(returning: $0) }
        }
        #expect(try result.get()?.installId == "I1")
    }

    @Test func completionHandlersReceiveTypedErrors() async {
        let client = Harness().makeClient()
        let result = await withCheckedContinuation { continuation in
            client.flush { continuation.resume(returning: $0) }
        }
        #expect(throws: LandfallError.self) { try result.get() }
    }
}

extension Harness {
    /// Starts an existing client with an install answer scripted.
    func startedClientReusing(_ client: LandfallClient, install: InstallResponse) async throws -> LandfallClient {
        await transport.on("POST", "/api/sdk/v1/install", .json(200, install))
        try await client.start(with: Harness.configuration())
        return client
    }
}
