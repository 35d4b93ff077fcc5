import Foundation
import LandfallStore
import LandfallTestSupport
import Testing

/// A click batch that committed on PostgreSQL but whose acknowledgement was lost (the connection
/// dropped after the commit) is written again by the recorder; the second write must store nothing
/// twice and must not fail, or the batch would be put back and retried for ever.
@Suite("PostgreSQL click batches written again")
struct PostgresClickRetryTests {
    @Test func aBatchWrittenAgainStoresNothingTwiceAndSucceeds() async throws {
        try await TestDatabases.withMigratedStorage(.postgres) { storage, _ in
            let app = try await StorageContractTests.insertApp(storage)
            let link = try await StorageContractTests.insertLink(storage, appId: app.id)
            let batch = (0..<50).map { index in
                Fixtures.click(appId: app.id, linkId: link.id, clickedAt: Fixtures.date(Int64(index)))
            }
            try await storage.insertClicks(batch)
            try await storage.insertClicks(batch)
            #expect(try await storage.clickCount(appId: app.id) == 50)
            #expect(try await storage.clicks(linkId: link.id, appId: app.id) == batch)

            // A retry that carries clicks taken since: the stored ones are skipped, the new stored.
            let later = (50..<60).map { index in
                Fixtures.click(appId: app.id, linkId: link.id, clickedAt: Fixtures.date(Int64(index)))
            }
            try await storage.insertClicks(batch + later)
            #expect(try await storage.clickCount(appId: app.id) == 60)
        }
    }

    @Test func aSkippedRowKeepsItsTokenClaimedAndANewRowReusingItStillFailsTheBatch() async throws {
        try await TestDatabases.withMigratedStorage(.postgres) { storage, _ in
            let app = try await StorageContractTests.insertApp(storage)
            let link = try await StorageContractTests.insertLink(storage, appId: app.id)
            let stored = Fixtures.click(appId: app.id, linkId: link.id)
            try await storage.insertClicks([stored])
            let fresh = Fixtures.click(appId: app.id, linkId: link.id, clickedAt: Fixtures.date(7))
            let reusing = Fixtures.click(appId: app.id, linkId: link.id, token: stored.clickToken, clickedAt: Fixtures.date(8))
            await #expect(throws: (any Error).self) { try await storage.insertClicks([stored, fresh, reusing]) }
            #expect(try await storage.clickCount(appId: app.id) == 1)
            try await storage.insertClicks([stored, fresh])
            #expect(try await storage.clickCount(appId: app.id) == 2)
            #expect(try await storage.click(token: stored.clickToken) == stored)
        }
    }
}
