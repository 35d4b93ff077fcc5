import Foundation
import LandfallModels
import LandfallStore
import LandfallTestSupport
import Testing

extension StorageContractTests {
    @Test(arguments: TestEngine.allCases)
    func insertedEventIsReadableByItsInstall(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let click = try await Self.insertKeyedClick(storage, link: link)
            let install = try await Self.insertInstall(storage, appId: app.id, method: .deterministic, clickId: click.id, linkId: link.id)
            var event = Fixtures.event(
                appId: app.id, installId: install.id, occurredAt: Fixtures.date(-3_000), receivedAt: Fixtures.date(500),
                revenueMicros: 19_990_000, revenueCurrency: "EUR", linkId: link.id
            )
            event.clickId = click.id
            let result = try await storage.insertEvent(event)
            #expect(result.event == event)
            #expect(result.duplicate == false)
            #expect(try await storage.events(installId: install.id) == [event])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func sameClientEventIdOfTheInstallIsADuplicateThatKeepsTheOriginal(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let install = try await Self.insertInstall(storage, appId: app.id)
            let original = Fixtures.event(appId: app.id, installId: install.id, name: "purchase")
            // A retry: a new server-side id and a later arrival, but the SDK's id is the same.
            let retry = Fixtures.event(
                appId: app.id, installId: install.id, clientEventId: original.clientEventId, name: "renamed",
                receivedAt: Fixtures.date(60_000)
            )
            _ = try await storage.insertEvent(original)
            let result = try await storage.insertEvent(retry)
            #expect(result.event == original)
            #expect(result.duplicate)
            #expect(try await storage.events(installId: install.id) == [original])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func sameClientEventIdOfAnotherInstallIsAnotherEvent(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let first = try await Self.insertInstall(storage, appId: app.id)
            let second = try await Self.insertInstall(storage, appId: app.id)
            let firstEvent = Fixtures.event(appId: app.id, installId: first.id, clientEventId: "evt-1")
            let secondEvent = Fixtures.event(appId: app.id, installId: second.id, clientEventId: "evt-1")
            _ = try await storage.insertEvent(firstEvent)
            let result = try await storage.insertEvent(secondEvent)
            #expect(result.duplicate == false)
            #expect(try await storage.events(installId: second.id) == [secondEvent])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func eventsWithoutClientEventIdAreNeverDuplicates(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let install = try await Self.insertInstall(storage, appId: app.id)
            let events = (0..<2).map { index in
                Fixtures.event(appId: app.id, installId: install.id, clientEventId: nil, occurredAt: Fixtures.date(Int64(index)))
            }
            for event in events {
                #expect(try await storage.insertEvent(event).duplicate == false)
            }
            #expect(try await storage.events(installId: install.id) == events)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func insertEventsDeduplicatesInsideTheBatch(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let install = try await Self.insertInstall(storage, appId: app.id)
            let first = Fixtures.event(appId: app.id, installId: install.id, name: "open", occurredAt: Fixtures.date(1))
            let repeated = Fixtures.event(
                appId: app.id, installId: install.id, clientEventId: first.clientEventId, name: "open", occurredAt: Fixtures.date(2)
            )
            let last = Fixtures.event(appId: app.id, installId: install.id, name: "purchase", occurredAt: Fixtures.date(3))
            let results = try await storage.insertEvents([first, repeated, last])
            #expect(results.map(\.event) == [first, first, last])
            #expect(results.map(\.duplicate) == [false, true, false])
            #expect(try await storage.events(installId: install.id) == [first, last])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func insertEventsDeduplicatesAgainstStoredEvents(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let install = try await Self.insertInstall(storage, appId: app.id)
            let stored = Fixtures.event(appId: app.id, installId: install.id, occurredAt: Fixtures.date(1))
            _ = try await storage.insertEvent(stored)
            let resent = Fixtures.event(
                appId: app.id, installId: install.id, clientEventId: stored.clientEventId, occurredAt: Fixtures.date(1))
            let fresh = Fixtures.event(appId: app.id, installId: install.id, occurredAt: Fixtures.date(2))
            let results = try await storage.insertEvents([resent, fresh])
            #expect(results.map(\.event) == [stored, fresh])
            #expect(results.map(\.duplicate) == [true, false])
            #expect(try await storage.events(installId: install.id) == [stored, fresh])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func insertEventsStoresNothingWhenOneEventFails(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let install = try await Self.insertInstall(storage, appId: app.id)
            let batch = [
                Fixtures.event(appId: app.id, installId: install.id),
                Fixtures.event(appId: app.id, installId: "no-such-install"),
                Fixtures.event(appId: app.id, installId: install.id),
            ]
            await #expect(throws: (any Error).self) { try await storage.insertEvents(batch) }
            #expect(try await storage.events(installId: install.id).isEmpty)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func revenueMicrosRoundTripExactly(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let install = try await Self.insertInstall(storage, appId: app.id)
            // 19.99 and 9 trillion: neither survives a trip through a Double as micros.
            let events = [19_990_000, 9_000_000_000_000_000].enumerated().map { index, micros in
                Fixtures.event(
                    appId: app.id, installId: install.id, occurredAt: Fixtures.date(Int64(index)),
                    revenueMicros: Int64(micros), revenueCurrency: "USD"
                )
            }
            _ = try await storage.insertEvents(events)
            let stored = try await storage.events(installId: install.id)
            #expect(stored.map(\.revenueMicros) == [19_990_000, 9_000_000_000_000_000])
            #expect(stored == events)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func eventsOfAnInstallAreOrderedByOccurrence(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let install = try await Self.insertInstall(storage, appId: app.id)
            let other = try await Self.insertInstall(storage, appId: app.id)
            // Received in the reverse of the order they happened (an SDK flushing its offline queue late).
            let events = (0..<4).map { index in
                Fixtures.event(
                    appId: app.id, installId: install.id, occurredAt: Fixtures.date(Int64(index) * 1_000),
                    receivedAt: Fixtures.date(10_000 - Int64(index))
                )
            }
            for event in events.reversed() {
                _ = try await storage.insertEvent(event)
            }
            _ = try await storage.insertEvent(Fixtures.event(appId: app.id, installId: other.id, occurredAt: Fixtures.date(500)))
            #expect(try await storage.events(installId: install.id) == events)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func eventOfAnUnknownInstallIsRejected(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let event = Fixtures.event(appId: app.id, installId: "no-such-install")
            await #expect(throws: (any Error).self) { _ = try await storage.insertEvent(event) }
            #expect(try await storage.events(installId: "no-such-install").isEmpty)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func concurrentRetriesOfOneEventStoreItOnce(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let install = try await Self.insertInstall(storage, appId: app.id)
            // The SDK retried while its first request was still in flight: same client id, new server ids.
            let retries = (0..<5).map { _ in Fixtures.event(appId: app.id, installId: install.id, clientEventId: "evt-1") }
            let results = try await withThrowingTaskGroup(of: (event: EventRecord, duplicate: Bool).self) { group in
                for retry in retries {
                    group.addTask { try await storage.insertEvent(retry) }
                }
                return try await group.reduce(into: [(event: EventRecord, duplicate: Bool)]()) { $0.append($1) }
            }
            let stored = try await storage.events(installId: install.id)
            #expect(stored.count == 1)
            #expect(results.filter { !$0.duplicate }.count == 1)
            #expect(results.allSatisfy { $0.event == stored.first })
        }
    }
}
