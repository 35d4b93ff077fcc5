import LandfallStore
import LandfallTestSupport
import Testing

extension StorageContractTests {
    @Test(arguments: TestEngine.allCases)
    func insertedKeyIsFoundByHash(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let key = Fixtures.key(appId: app.id, kind: .publishable)
            try await storage.insertKey(key)
            #expect(try await storage.key(hash: key.keyHash) == key)
            #expect(try await storage.key(hash: "no-such-hash") == nil)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func keysListsOnlyThatAppsKeysOldestFirst(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            let newer = Fixtures.key(appId: app.id, createdAt: Fixtures.date(5_000))
            let older = Fixtures.key(appId: app.id, kind: .publishable, createdAt: Fixtures.date(1_000))
            try await storage.insertKey(newer)
            try await storage.insertKey(older)
            try await storage.insertKey(Fixtures.key(appId: other.id))
            #expect(try await storage.keys(appId: app.id) == [older, newer])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func revokeMarksKeyRevokedAtThatTime(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let key = Fixtures.key(appId: app.id)
            try await storage.insertKey(key)
            #expect(try await storage.revokeKey(id: key.id, appId: app.id, at: Fixtures.date(9_000)))
            let revoked = try #require(try await storage.key(hash: key.keyHash))
            #expect(revoked.isRevoked)
            #expect(revoked.revokedAt == Fixtures.date(9_000))
        }
    }

    @Test(arguments: TestEngine.allCases)
    func secondRevokeKeepsFirstRevocationDate(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let key = Fixtures.key(appId: app.id)
            try await storage.insertKey(key)
            #expect(try await storage.revokeKey(id: key.id, appId: app.id, at: Fixtures.date(1_000)))
            #expect(try await storage.revokeKey(id: key.id, appId: app.id, at: Fixtures.date(2_000)))
            #expect(try await storage.key(hash: key.keyHash)?.revokedAt == Fixtures.date(1_000))
        }
    }

    @Test(arguments: TestEngine.allCases)
    func revokeWithAnotherAppsIdReturnsFalseAndKeepsKey(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            let key = Fixtures.key(appId: app.id)
            try await storage.insertKey(key)
            #expect(try await storage.revokeKey(id: key.id, appId: other.id, at: Fixtures.date(1_000)) == false)
            #expect(try await storage.revokeKey(id: "no-such-key", appId: app.id, at: Fixtures.date(1_000)) == false)
            #expect(try await storage.key(hash: key.keyHash)?.revokedAt == nil)
        }
    }
}
