import Foundation
import LandfallStore
import LandfallTestSupport
import Testing

/// The IP retention sweep's storage on both engines. The reduction itself (the exact /24 and /48)
/// is the caller's and is tested with the server's sweeper; here a table stands in for it, so
/// these tests say which rows the store hands over and how it writes back what it is given.
extension StorageContractTests {
    static let reducedAddresses: [String: String] = [
        "198.51.100.23": "198.51.100.0/24", "198.51.100.0/24": "198.51.100.0/24",
        "2001:db8:aa:bb::1": "2001:db8:aa::/48", "2001:db8:aa:bb::/64": "2001:db8:aa::/48",
    ]
    static let reduceAddress: @Sendable (String) -> String? = { reducedAddresses[$0] }

    static func addressedClick(appId: String, linkId: String, at offset: Int64, ip: String, prefix: String?, receivedAt: Date? = nil)
        -> ClickRecord
    {
        var click = Fixtures.click(appId: appId, linkId: linkId, clickedAt: Fixtures.date(offset))
        click.ipAddress = ip
        click.ipPrefix = prefix
        click.receivedAt = receivedAt
        return click
    }

    static func storedClick(_ storage: SQLStorage, _ click: ClickRecord) async throws -> ClickRecord? {
        try await storage.clicks(linkId: click.linkId, appId: click.appId).first { $0.id == click.id }
    }

    @Test(arguments: TestEngine.allCases)
    func clickAddressesBeforeTheCutoffAreReducedAndLaterOnesKept(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let cutoff = Fixtures.date(10_000)
            let oldV4 = Self.addressedClick(appId: app.id, linkId: link.id, at: 1_000, ip: "198.51.100.23", prefix: "198.51.100.0/24")
            let oldV6 = Self.addressedClick(
                appId: app.id, linkId: link.id, at: 2_000, ip: "2001:db8:aa:bb::1", prefix: "2001:db8:aa:bb::/64")
            let unreadable = Self.addressedClick(appId: app.id, linkId: link.id, at: 3_000, ip: "garbage", prefix: nil)
            let recentV4 = Self.addressedClick(appId: app.id, linkId: link.id, at: 10_000, ip: "198.51.100.23", prefix: "198.51.100.0/24")
            let recentV6 = Self.addressedClick(
                appId: app.id, linkId: link.id, at: 20_000, ip: "2001:db8:aa:bb::1", prefix: "2001:db8:aa:bb::/64")
            try await storage.insertClicks([oldV4, oldV6, unreadable, recentV4, recentV6])
            let other = try await Self.insertApp(storage)
            let otherLink = try await Self.insertLink(storage, appId: other.id)
            let otherApps = Self.addressedClick(
                appId: other.id, linkId: otherLink.id, at: 1_000, ip: "198.51.100.23", prefix: "198.51.100.0/24")
            try await storage.insertClicks([otherApps])

            let changed = try await storage.reduceRedirectClickAddresses(
                appId: app.id, clickedBefore: cutoff, limit: 100, reduce: Self.reduceAddress)
            #expect(changed == 3)
            let v4 = try #require(try await Self.storedClick(storage, oldV4))
            #expect(v4.ipAddress == "198.51.100.0/24" && v4.ipPrefix == "198.51.100.0/24")
            let v6 = try #require(try await Self.storedClick(storage, oldV6))
            #expect(v6.ipAddress == "2001:db8:aa::/48" && v6.ipPrefix == "2001:db8:aa::/48")
            // What cannot be reduced is dropped, never kept whole.
            #expect(try await Self.storedClick(storage, unreadable)?.ipAddress == nil)
            #expect(try await Self.storedClick(storage, recentV4)?.ipAddress == "198.51.100.23")
            #expect(try await Self.storedClick(storage, recentV6)?.ipPrefix == "2001:db8:aa:bb::/64")
            #expect(try await Self.storedClick(storage, otherApps)?.ipAddress == "198.51.100.23")

            let before = try await storage.clicks(linkId: link.id, appId: app.id)
            #expect(
                try await storage.reduceRedirectClickAddresses(appId: app.id, clickedBefore: cutoff, limit: 100, reduce: Self.reduceAddress)
                    == 0)
            #expect(try await storage.clicks(linkId: link.id, appId: app.id) == before)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func aPostedClickStatedBehindTheWatermarkIsStillReduced(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let cutoff = Fixtures.date(10_000)
            #expect(
                try await storage.reduceRedirectClickAddresses(appId: app.id, clickedBefore: cutoff, limit: 100, reduce: Self.reduceAddress)
                    == 0)
            // Arrives after the redirect sweep passed its time: the redirect pass never looks back.
            let posted = Self.addressedClick(
                appId: app.id, linkId: link.id, at: 500, ip: "198.51.100.23", prefix: nil, receivedAt: Fixtures.date(50_000)
            )
            let postedRecent = Self.addressedClick(
                appId: app.id, linkId: link.id, at: 15_000, ip: "198.51.100.23", prefix: nil, receivedAt: Fixtures.date(50_000)
            )
            _ = try await storage.insertNewClicks([posted, postedRecent])
            #expect(
                try await storage.reduceRedirectClickAddresses(appId: app.id, clickedBefore: cutoff, limit: 100, reduce: Self.reduceAddress)
                    == 0)
            #expect(
                try await storage.reducePostedClickAddresses(appId: app.id, clickedBefore: cutoff, limit: 100, reduce: Self.reduceAddress)
                    == 1)
            #expect(try await Self.storedClick(storage, posted)?.ipAddress == "198.51.100.0/24")
            #expect(try await Self.storedClick(storage, postedRecent)?.ipAddress == "198.51.100.23")
            #expect(
                try await storage.reducePostedClickAddresses(appId: app.id, clickedBefore: cutoff, limit: 100, reduce: Self.reduceAddress)
                    == 0)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func eachCallChangesAtMostItsLimitEvenWhenClicksShareTheirMillisecond(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let clicks = (0..<25).map { index in
                Self.addressedClick(
                    appId: app.id, linkId: link.id, at: index < 15 ? 1_000 : 2_000, ip: "198.51.100.23", prefix: "198.51.100.0/24")
            }
            try await storage.insertClicks(clicks)
            var batches: [Int] = []
            while true {
                let changed = try await storage.reduceRedirectClickAddresses(
                    appId: app.id, clickedBefore: Fixtures.date(10_000), limit: 10, reduce: Self.reduceAddress
                )
                batches.append(changed)
                if changed < 10 { break }
            }
            #expect(batches == [10, 10, 5])
            #expect(try await storage.clicks(linkId: link.id, appId: app.id).allSatisfy { $0.ipAddress == "198.51.100.0/24" })
        }
    }

    @Test(arguments: TestEngine.allCases)
    func installFingerprintsBeforeTheCutoffAreReducedAndTheRestKept(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            var old = Fixtures.install(appId: app.id, createdAt: Fixtures.date(1_000))
            old.fingerprint.ipAddress = "2001:db8:aa:bb::1"
            old.fingerprint.ipPrefix = "2001:db8:aa:bb::/64"
            var recent = Fixtures.install(appId: app.id, createdAt: Fixtures.date(20_000))
            recent.fingerprint.ipAddress = "198.51.100.23"
            try await storage.insertInstall(old)
            try await storage.insertInstall(recent)
            #expect(
                try await storage.reduceInstallAddresses(
                    appId: app.id, createdBefore: Fixtures.date(10_000), limit: 100, reduce: Self.reduceAddress) == 1)
            var expected = old.fingerprint
            expected.ipAddress = "2001:db8:aa::/48"
            expected.ipPrefix = "2001:db8:aa::/48"
            #expect(try await storage.install(id: old.id)?.fingerprint == expected)
            #expect(try await storage.install(id: recent.id)?.fingerprint == recent.fingerprint)
            #expect(
                try await storage.reduceInstallAddresses(
                    appId: app.id, createdBefore: Fixtures.date(10_000), limit: 100, reduce: Self.reduceAddress) == 0)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func aCutoffMovedBackByALongerWindowStillReachesLaterInstalls(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            #expect(
                try await storage.reduceInstallAddresses(
                    appId: app.id, createdBefore: Fixtures.date(10_000), limit: 100, reduce: Self.reduceAddress) == 0)
            // The window grew: an install stated at 6 s arrives, inside the new period, and leaves it later.
            var stated = Fixtures.install(appId: app.id, createdAt: Fixtures.date(6_000))
            stated.fingerprint.ipAddress = "198.51.100.23"
            try await storage.insertInstall(stated)
            #expect(
                try await storage.reduceInstallAddresses(
                    appId: app.id, createdBefore: Fixtures.date(5_000), limit: 100, reduce: Self.reduceAddress) == 0)
            #expect(
                try await storage.reduceInstallAddresses(
                    appId: app.id, createdBefore: Fixtures.date(7_000), limit: 100, reduce: Self.reduceAddress) == 1)
            #expect(try await storage.install(id: stated.id)?.fingerprint.ipAddress == "198.51.100.0/24")
        }
    }

    @Test(arguments: TestEngine.allCases)
    func ipv6NetworkCountsBeforeTheDayAreDeletedAndOthersKept(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let deltas = [
                ClickStatDelta(appId: app.id, platform: "ios", day: 10, factor: "ip", value: "2001:db8:aa:bb::/64", clicks: 3),
                ClickStatDelta(appId: app.id, platform: "android", day: 11, factor: "ip", value: "2001:db8:aa:cc::/64", clicks: 1),
                ClickStatDelta(appId: app.id, platform: "ios", day: 20, factor: "ip", value: "2001:db8:aa:bb::/64", clicks: 2),
                ClickStatDelta(appId: app.id, platform: "ios", day: 10, factor: "ip", value: "198.51.100.0/24", clicks: 4),
                ClickStatDelta(appId: app.id, platform: "ios", day: 10, factor: nil, value: nil, clicks: 7),
            ]
            #expect(try await storage.recordStatistics(deltas, watermarkFrom: 0, to: 1))
            #expect(try await storage.deleteIPv6NetworkStatistics(appId: app.id, beforeDay: 15, limit: 1) == 1)
            #expect(try await storage.deleteIPv6NetworkStatistics(appId: app.id, beforeDay: 15, limit: 1) == 1)
            #expect(try await storage.deleteIPv6NetworkStatistics(appId: app.id, beforeDay: 15, limit: 1) == 0)
            let values = [(factor: "ip", value: "2001:db8:aa:bb::/64"), (factor: "ip", value: "198.51.100.0/24")]
            let early = try await storage.population(appId: app.id, platform: "ios", fromDay: 0, toDay: 15, values: values)
            #expect(early.clickCount == 7)
            #expect(early.counts["ip"]?["2001:db8:aa:bb::/64"] == 0)
            #expect(early.counts["ip"]?["198.51.100.0/24"] == 4)
            let late = try await storage.population(appId: app.id, platform: "ios", fromDay: 15, toDay: 30, values: values)
            #expect(late.counts["ip"]?["2001:db8:aa:bb::/64"] == 2)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func referralAddressHashesBeforeTheCutoffAreClearedInBatches(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            var old: [ReferralRecord] = []
            for index in 0..<5 {
                old.append(
                    try await storage.insertReferral(Self.referral(appId: app.id, ipHash: "ip-a", createdAt: Fixtures.date(Int64(index)))))
            }
            let recent = try await storage.insertReferral(Self.referral(appId: app.id, ipHash: "ip-a", createdAt: Fixtures.date(20_000)))
            let other = try await Self.insertApp(storage)
            let othersOld = try await storage.insertReferral(Self.referral(appId: other.id, ipHash: "ip-a", createdAt: Fixtures.date(0)))
            var batches: [Int] = []
            while true {
                let cleared = try await storage.clearReferralAddressHashes(appId: app.id, createdBefore: Fixtures.date(10_000), limit: 2)
                batches.append(cleared)
                if cleared < 2 { break }
            }
            #expect(batches == [2, 2, 1])
            for referral in old {
                #expect(try await storage.referral(id: referral.id, appId: app.id)?.ipHash == nil)
            }
            #expect(try await storage.referral(id: recent.id, appId: app.id)?.ipHash == "ip-a")
            #expect(try await storage.referral(id: othersOld.id, appId: other.id)?.ipHash == "ip-a")
            #expect(try await storage.referralCount(appId: app.id, ipHash: "ip-a", since: Fixtures.date(0)) == 1)
        }
    }
}
