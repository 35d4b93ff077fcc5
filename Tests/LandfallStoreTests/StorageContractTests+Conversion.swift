import Foundation
import LandfallStore
import LandfallTestSupport
import Testing

extension StorageContractTests {
    static func conversionValue(
        _ install: InstallRecord, window: Int = 0, fine: Int, coarse: Int, locked: Bool = false, at offset: Int64 = 0
    ) -> ConversionValueRecord {
        ConversionValueRecord(
            installId: install.id, appId: install.appId, windowIndex: window, fineValue: fine, coarseRank: coarse, locked: locked,
            updatedAt: Fixtures.date(offset)
        )
    }

    @Test(arguments: TestEngine.allCases)
    func aConversionSchemaIsStoredReplacedAndDeleted(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            #expect(try await storage.conversionSchema(appId: app.id) == nil)
            let first = ConversionSchemaRecord(appId: app.id, document: #"{"currency":"USD"}"#, updatedAt: Fixtures.date())
            try await storage.setConversionSchema(first)
            #expect(try await storage.conversionSchema(appId: app.id) == first)
            let second = ConversionSchemaRecord(appId: app.id, document: #"{"currency":"EUR"}"#, updatedAt: Fixtures.date(1_000))
            try await storage.setConversionSchema(second)
            #expect(try await storage.conversionSchema(appId: app.id) == second)
            #expect(try await storage.deleteConversionSchema(appId: app.id))
            #expect(try await storage.deleteConversionSchema(appId: app.id) == false)
            #expect(try await storage.conversionSchema(appId: app.id) == nil)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func aDevKeyIsKeptAsIssuedAndRotationReplacesIt(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            let key = ConversionDevKeyRecord(appId: app.id, devKey: "lf_dk_first", createdAt: Fixtures.date())
            try await storage.setConversionDevKey(key)
            #expect(try await storage.conversionDevKey(appId: app.id) == key)
            #expect(try await storage.conversionDevKey(appId: other.id) == nil)
            let rotated = ConversionDevKeyRecord(appId: app.id, devKey: "lf_dk_second", createdAt: Fixtures.date(60_000))
            try await storage.setConversionDevKey(rotated)
            #expect(try await storage.conversionDevKey(appId: app.id) == rotated)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func storedConversionValuesNeverGoDownWithinAWindow(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let install = try await Self.insertInstall(storage, appId: app.id)
            let first = try await storage.raiseConversionValue(Self.conversionValue(install, fine: 20, coarse: 1))
            #expect(first == Self.conversionValue(install, fine: 20, coarse: 1))
            // Lower fine, higher coarse: each keeps its maximum.
            let mixed = try await storage.raiseConversionValue(Self.conversionValue(install, fine: 5, coarse: 2, at: 10))
            #expect(mixed.fineValue == 20 && mixed.coarseRank == 2 && !mixed.locked)
            let locked = try await storage.raiseConversionValue(Self.conversionValue(install, fine: 30, coarse: 2, locked: true, at: 20))
            #expect(locked.fineValue == 30 && locked.locked)
            // Once locked, nothing changes, and the lock stays.
            let after = try await storage.raiseConversionValue(Self.conversionValue(install, fine: 63, coarse: 2, locked: false, at: 30))
            #expect(after == Self.conversionValue(install, fine: 30, coarse: 2, locked: true, at: 20))
            #expect(try await storage.conversionValue(installId: install.id, windowIndex: 0) == after)
            // Another window is its own row.
            #expect(try await storage.conversionValue(installId: install.id, windowIndex: 1) == nil)
            let next = try await storage.raiseConversionValue(Self.conversionValue(install, window: 1, fine: 30, coarse: 0, at: 40))
            #expect(next.windowIndex == 1 && next.coarseRank == 0 && !next.locked)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func concurrentRaisesKeepTheHighestValue(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let install = try await Self.insertInstall(storage, appId: app.id)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for fine in (0...63).shuffled() {
                    group.addTask {
                        _ = try await storage.raiseConversionValue(Self.conversionValue(install, fine: fine, coarse: fine % 3))
                    }
                }
                try await group.waitForAll()
            }
            let stored = try #require(try await storage.conversionValue(installId: install.id, windowIndex: 0))
            #expect(stored.fineValue == 63 && stored.coarseRank == 2)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func aSignatureIsClaimedOnceUntilItExpires(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            let expires = Fixtures.date(301_000)
            #expect(try await storage.claimConversionSignature(appId: app.id, signature: "abc", expiresAt: expires, now: Fixtures.date()))
            #expect(
                try await storage.claimConversionSignature(appId: app.id, signature: "abc", expiresAt: expires, now: Fixtures.date(1_000))
                    == false)
            // Signatures are per app.
            #expect(try await storage.claimConversionSignature(appId: other.id, signature: "abc", expiresAt: expires, now: Fixtures.date()))
            // After expiry the row is forgotten (by then the timestamp is refused as stale anyway).
            #expect(
                try await storage.claimConversionSignature(
                    appId: app.id, signature: "abc", expiresAt: Fixtures.date(700_000), now: Fixtures.date(302_000)))
        }
    }

    @Test(arguments: TestEngine.allCases)
    func deletingAnAppRemovesItsConversionData(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let install = try await Self.insertInstall(storage, appId: app.id)
            try await storage.setConversionSchema(ConversionSchemaRecord(appId: app.id, document: "{}", updatedAt: Fixtures.date()))
            try await storage.setConversionDevKey(ConversionDevKeyRecord(appId: app.id, devKey: "lf_dk_x", createdAt: Fixtures.date()))
            _ = try await storage.raiseConversionValue(Self.conversionValue(install, fine: 1, coarse: 0))
            _ = try await storage.claimConversionSignature(
                appId: app.id, signature: "s", expiresAt: Fixtures.date(1_000), now: Fixtures.date())
            #expect(try await storage.deleteApp(id: app.id))
            #expect(try await storage.conversionSchema(appId: app.id) == nil)
            #expect(try await storage.conversionDevKey(appId: app.id) == nil)
            #expect(try await storage.conversionValue(installId: install.id, windowIndex: 0) == nil)
        }
    }
}
