import Foundation
import LandfallStore
import LandfallTestSupport
import Testing

extension StorageContractTests {
    static func branchDevice(appId: String, id: String = Fixtures.uniqueId("rdt"), installCount: Int = 1, at offset: Int64 = 0)
        -> BranchDeviceRecord
    {
        BranchDeviceRecord(
            id: id, appId: appId, bundleToken: Fixtures.uniqueId("rbt"), identity: nil, installId: nil, installCount: installCount,
            createdAt: Fixtures.date(offset), updatedAt: Fixtures.date(offset)
        )
    }

    static func branchSession(
        _ device: BranchDeviceRecord, kind: BranchSessionRecord.Kind = .install, counted: Bool = true, at offset: Int64 = 0
    ) -> BranchSessionRecord {
        BranchSessionRecord(
            id: Fixtures.uniqueId("session"), appId: device.appId, deviceId: device.id, kind: kind, createdAt: Fixtures.date(offset),
            counted: counted, matchGuaranteed: kind == .install, os: "iOS", appVersion: "1.12.4"
        )
    }

    @Test(arguments: TestEngine.allCases)
    func branchSessionStoresTheDeviceUnderEachOfItsKeys(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let device = Self.branchDevice(appId: app.id)
            let session = Self.branchSession(device)
            try await storage.recordBranchSession(session, device: device, keys: ["hw:abc", "idfv:def", "hw:abc"])
            #expect(try await storage.branchDevice(appId: app.id, keys: ["hw:abc"]) == device)
            #expect(try await storage.branchDevice(appId: app.id, keys: ["gaid:none", "idfv:def"]) == device)
            #expect(try await storage.branchDevice(appId: app.id, keys: ["gaid:none"]) == nil)
            #expect(try await storage.branchDevice(id: device.id, appId: app.id) == device)
            #expect(try await storage.branchDevice(appId: app.id, bundleToken: device.bundleToken) == device)
            #expect(try await storage.branchSessions(deviceId: device.id, appId: app.id) == [session])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func branchDevicesAreScopedToTheirApp(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            let device = Self.branchDevice(appId: app.id)
            try await storage.recordBranchSession(Self.branchSession(device), device: device, keys: ["hw:shared"])
            #expect(try await storage.branchDevice(appId: other.id, keys: ["hw:shared"]) == nil)
            #expect(try await storage.branchDevice(id: device.id, appId: other.id) == nil)
            #expect(try await storage.branchDevice(appId: other.id, bundleToken: device.bundleToken) == nil)
            #expect(try await storage.branchSessions(deviceId: device.id, appId: other.id).isEmpty)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func laterSessionUpdatesTheDeviceAndTakesOverItsKeys(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let first = Self.branchDevice(appId: app.id)
            let second = Self.branchDevice(appId: app.id)
            try await storage.recordBranchSession(Self.branchSession(first), device: first, keys: ["hw:one", "idfv:moved"])
            try await storage.recordBranchSession(Self.branchSession(second), device: second, keys: ["hw:two"])
            var updated = second
            updated.identity = "U1923847128356"
            updated.installCount = 2
            updated.updatedAt = Fixtures.date(9_000)
            try await storage.recordBranchSession(
                Self.branchSession(updated, kind: .reinstall, at: 9_000), device: updated, keys: ["idfv:moved"])
            #expect(try await storage.branchDevice(appId: app.id, keys: ["idfv:moved"]) == updated)
            #expect(try await storage.branchDevice(appId: app.id, keys: ["hw:one"]) == first)
            #expect(try await storage.branchDevice(appId: app.id, identity: "U1923847128356") == updated)
            #expect(try await storage.branchSessions(deviceId: second.id, appId: app.id).map(\.kind) == [.install, .reinstall])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func anotherDevicesBundleTokenIsAConflictAndStoresNothing(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let first = Self.branchDevice(appId: app.id)
            try await storage.recordBranchSession(Self.branchSession(first), device: first, keys: [])
            var clash = Self.branchDevice(appId: app.id)
            clash.bundleToken = first.bundleToken
            let session = Self.branchSession(clash)
            await #expect(throws: StoreError.conflict("bundleToken")) {
                try await storage.recordBranchSession(session, device: clash, keys: ["hw:clash"])
            }
            #expect(try await storage.branchDevice(id: clash.id, appId: app.id) == nil)
            #expect(try await storage.branchDevice(appId: app.id, keys: ["hw:clash"]) == nil)
            #expect(try await storage.branchSessions(deviceId: clash.id, appId: app.id).isEmpty)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func sessionCountsLeaveOutUncountedSessionsAndOtherDays(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let device = Self.branchDevice(appId: app.id)
            try await storage.recordBranchSession(Self.branchSession(device, kind: .install), device: device, keys: [])
            try await storage.recordBranchSession(Self.branchSession(device, kind: .open, at: 1_000), device: device, keys: [])
            try await storage.recordBranchSession(
                Self.branchSession(device, kind: .open, counted: false, at: 2_000), device: device, keys: [])
            try await storage.recordBranchSession(Self.branchSession(device, kind: .open, at: 90_000_000), device: device, keys: [])
            let counts = try await storage.branchSessionCounts(appId: app.id, from: Fixtures.date(0), to: Fixtures.date(86_400_000))
            #expect(counts == ["INSTALL": 1, "OPEN": 1])
            #expect(try await storage.branchSessions(deviceId: device.id, appId: app.id).map(\.counted) == [true, true, false, true])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func branchLinkParametersReadBackExactlyAndOnlyOnce(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let record = BranchLinkRecord(
                linkId: link.id, appId: app.id, alias: link.shortCode, type: 0, duration: 7200, channel: "facebook", feature: "sharing",
                campaign: "new launch", stage: "new person", tags: ["one", "two"], data: #"{"custom":"blue","~id":429691043152332059}"#,
                fingerprint: "abc", createdAt: Fixtures.date(10)
            )
            try await storage.insertBranchLink(record)
            #expect(try await storage.branchLink(linkId: link.id, appId: app.id) == record)
            #expect(try await storage.branchLink(linkId: link.id, appId: Fixtures.uniqueId("app")) == nil)
            await #expect(throws: StoreError.conflict("link")) { try await storage.insertBranchLink(record) }
            #expect(try await storage.deleteLink(id: link.id, appId: app.id))
            #expect(try await storage.branchLink(linkId: link.id, appId: app.id) == nil)
        }
    }
}
