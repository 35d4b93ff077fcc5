import Foundation
import LandfallStore
import LandfallTestSupport
import Testing

extension StorageContractTests {
    /// Another server over the same database, seen as a second storage with its own revision.
    private static func otherServer(on provider: any SQLDatabaseProvider) async throws -> SQLStorage {
        let other = SQLStorage(provider: provider)
        #expect(try await other.observeSharedCatalogRevision() == false, "the first reading only takes note")
        return other
    }

    @Test(arguments: TestEngine.allCases)
    func everyCatalogChangeMovesTheSharedRevisionForOtherServers(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, provider in
            let other = try await Self.otherServer(on: provider)
            let before = other.catalogRevision

            var app = try await Self.insertApp(storage)
            #expect(try await other.observeSharedCatalogRevision(), "app created")
            #expect(try await other.observeSharedCatalogRevision() == false, "nothing changed since")

            var link = try await Self.insertLink(storage, appId: app.id)
            link.content.originalUrl = "https://example.com/edited"
            try await storage.updateLink(link)
            #expect(try await other.observeSharedCatalogRevision(), "link edited")

            app.name = "Renamed"
            try await storage.updateApp(app)
            #expect(try await other.observeSharedCatalogRevision(), "app edited")

            try await storage.setDomainSafety([link.id: .warn])
            #expect(try await other.observeSharedCatalogRevision(), "safety verdict changed")

            #expect(try await storage.deleteLink(id: link.id, appId: app.id))
            #expect(try await other.observeSharedCatalogRevision(), "link deleted")

            #expect(other.catalogRevision != before, "the other server's caches read again")
        }
    }

    @Test(arguments: TestEngine.allCases)
    func aRefusedChangeLeavesTheSharedRevisionAlone(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, provider in
            let app = try await Self.insertApp(storage)
            let first = try await Self.insertLink(storage, appId: app.id)
            var second = try await Self.insertLink(storage, appId: app.id)
            let other = try await Self.otherServer(on: provider)

            second.shortCode = first.shortCode
            await #expect(throws: StoreError.conflict("shortCode")) { try await storage.updateLink(second) }
            #expect(try await other.observeSharedCatalogRevision() == false, "the rolled-back edit moved nothing")
        }
    }

    @Test(arguments: TestEngine.allCases)
    func creatingALinkLeavesTheSharedRevisionAlone(_ engine: TestEngine) async throws {
        // A new code was never cached, so creating links (the busiest catalog write) costs no revision.
        try await TestDatabases.withMigratedStorage(engine) { storage, provider in
            let app = try await Self.insertApp(storage)
            let other = try await Self.otherServer(on: provider)
            try await Self.insertLink(storage, appId: app.id)
            #expect(try await other.observeSharedCatalogRevision() == false)
        }
    }
}
