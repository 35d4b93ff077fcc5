import Foundation
import LandfallStore
import LandfallTestSupport
import Testing

extension StorageContractTests {
    static func referral(
        appId: String, referrer: String = "7", referee: String = Fixtures.uniqueId("user"), installId: String? = nil,
        status: ReferralStatus = .pending, keyMinMicros: Int64? = nil, holdMilliseconds: Int64 = 0,
        ipHash: String? = nil, createdAt: Date = Fixtures.date()
    ) -> ReferralRecord {
        ReferralRecord(
            appId: appId, referrerId: referrer, code: "ABCD2345", refereeId: referee, refereeName: "Eugene Victor Tooms",
            refereeAvatarUrl: "https://place-hold.it/64x64", installId: installId, status: status,
            reasons: status == .flagged ? ["click_injection"] : [], keyEvent: "purchase", keyMinRevenueMicros: keyMinMicros,
            keyCurrency: keyMinMicros == nil ? nil : "USD", holdMilliseconds: holdMilliseconds, ipHash: ipHash, createdAt: createdAt
        )
    }

    @Test(arguments: TestEngine.allCases)
    func referralProgramIsSavedAndReplacedPerApp(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            let first = ReferralProgramRecord(
                appId: app.id, program: ReferralProgram(holdHours: 24), createdAt: Fixtures.date(), updatedAt: Fixtures.date())
            try await storage.saveReferralProgram(first)
            #expect(try await storage.referralProgram(appId: app.id) == first)
            var second = first
            second.program = ReferralProgram(keyEvent: "subscribe", minRevenueMicros: 5_000_000, revenueCurrency: "EUR", maxPerDay: 3)
            second.updatedAt = Fixtures.date(1_000)
            try await storage.saveReferralProgram(second)
            #expect(try await storage.referralProgram(appId: app.id) == second)
            #expect(try await storage.referralProgram(appId: other.id) == nil)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func aReferrerHasOneCodeAndACodeOneReferrer(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let code = ReferralCodeRecord(appId: app.id, userId: "5", code: "ABCD2345", createdAt: Fixtures.date())
            try await storage.insertReferralCode(code)
            let sameUser = try await #require(throws: StoreError.self) {
                try await storage.insertReferralCode(
                    ReferralCodeRecord(appId: app.id, userId: "5", code: "ZZZZ2345", createdAt: Fixtures.date()))
            }
            #expect(sameUser.conflictingField == "user")
            let sameCode = try await #require(throws: StoreError.self) {
                try await storage.insertReferralCode(
                    ReferralCodeRecord(appId: app.id, userId: "6", code: "ABCD2345", createdAt: Fixtures.date()))
            }
            #expect(sameCode.conflictingField == "code")
            try await storage.setReferralCodeLink(appId: app.id, userId: "5", linkId: "link_1")
            var linked = code
            linked.linkId = "link_1"
            #expect(try await storage.referralCode(appId: app.id, userId: "5") == linked)
            #expect(try await storage.referralCode(appId: app.id, code: "ABCD2345") == linked)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func identitiesAreRecordedOnceAndFoundByValue(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let email = ReferralIdentity(userId: "5", kind: .email, value: "hash-1")
            try await storage.addReferralIdentity(email, appId: app.id, at: Fixtures.date())
            try await storage.addReferralIdentity(email, appId: app.id, at: Fixtures.date(5))
            try await storage.addReferralIdentity(.init(userId: "6", kind: .email, value: "hash-1"), appId: app.id, at: Fixtures.date())
            try await storage.addReferralIdentity(.init(userId: "5", kind: .install, value: "inst-1"), appId: app.id, at: Fixtures.date(10))
            #expect(try await storage.referralIdentities(appId: app.id, userId: "5", limit: 10).count == 2)
            #expect(try await storage.referralIdentities(appId: app.id, userId: "5", limit: 10).first?.kind == .install)
            #expect(try await storage.referralUsers(appId: app.id, kind: .email, value: "hash-1", limit: 10) == ["5", "6"])
            #expect(try await storage.referralUsers(appId: app.id, kind: .payment, value: "hash-1", limit: 10).isEmpty)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func referralsGetIncreasingIdsAndOneRefereeRegistersOnce(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let first = try await storage.insertReferral(Self.referral(appId: app.id, referee: "6"))
            let second = try await storage.insertReferral(Self.referral(appId: app.id, referee: "8"))
            #expect(first.id > 0)
            #expect(second.id > first.id)
            #expect(try await storage.referral(id: first.id, appId: app.id) == first)
            let duplicate = try await #require(throws: StoreError.self) {
                try await storage.insertReferral(Self.referral(appId: app.id, referrer: "9", referee: "6"))
            }
            #expect(duplicate.conflictingField == "referee")
            let other = try await Self.insertApp(storage)
            #expect(try await storage.referral(id: first.id, appId: other.id) == nil)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func aReferrersListPagesNewestFirst(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            var made: [ReferralRecord] = []
            for offset in 0..<5 {
                made.append(
                    try await storage.insertReferral(Self.referral(appId: app.id, createdAt: Fixtures.date(Int64(offset % 3) * 1_000))))
            }
            _ = try await storage.insertReferral(Self.referral(appId: app.id, referrer: "someone-else"))
            let expected = made.sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
            let first = try await storage.referrals(appId: app.id, referrerId: "7", limit: 3, after: nil)
            #expect(first.referrals == Array(expected.prefix(3)))
            let second = try await storage.referrals(appId: app.id, referrerId: "7", limit: 3, after: first.nextCursor)
            #expect(second.referrals == Array(expected.suffix(2)))
            #expect(second.nextCursor == nil)
            #expect(try await storage.referralCount(appId: app.id, referrerId: "7", since: Fixtures.date(1_000)) == 3)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func referralsAreCountedPerAddressHash(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            for _ in 0..<3 { _ = try await storage.insertReferral(Self.referral(appId: app.id, ipHash: "ip-a")) }
            _ = try await storage.insertReferral(Self.referral(appId: app.id, ipHash: "ip-b"))
            #expect(try await storage.referralCount(appId: app.id, ipHash: "ip-a", since: Fixtures.date()) == 3)
            #expect(try await storage.referralCount(appId: app.id, ipHash: "ip-a", since: Fixtures.date(1)) == 0)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func theKeyEventCompletesAPendingReferralAfterItsHold(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let install = Fixtures.install(appId: app.id)
            try await storage.insertInstall(install)
            let referral = try await storage.insertReferral(Self.referral(appId: app.id, installId: install.id, holdMilliseconds: 60_000))
            _ = try await storage.insertEvent(
                Fixtures.event(appId: app.id, installId: install.id, name: "open", receivedAt: Fixtures.date(100)))
            #expect(try await storage.settleReferrals(.everything, now: Fixtures.date(200), limit: 10).isEmpty)
            #expect(try await storage.referral(id: referral.id, appId: app.id)?.qualifiedAt == nil)

            _ = try await storage.insertEvent(Fixtures.event(appId: app.id, installId: install.id, receivedAt: Fixtures.date(1_000)))
            #expect(try await storage.settleReferrals(.everything, now: Fixtures.date(2_000), limit: 10).isEmpty)
            let qualified = try #require(try await storage.referral(id: referral.id, appId: app.id))
            #expect(qualified.status == .pending)
            #expect(qualified.qualifiedAt == Fixtures.date(1_000))
            #expect(qualified.completesAt == Fixtures.date(61_000))

            let completed = try await storage.settleReferrals(
                ReferralScope(appId: app.id, referrerId: "7"), now: Fixtures.date(61_000), limit: 10)
            #expect(completed.map(\.id) == [referral.id])
            #expect(completed.first?.status == .complete)
            #expect(completed.first?.completedAt == Fixtures.date(61_000))
        }
    }

    @Test(arguments: TestEngine.allCases)
    func aMinimumRevenueIgnoresSmallerOrOtherCurrencyPurchases(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let install = Fixtures.install(appId: app.id)
            try await storage.insertInstall(install)
            let referral = try await storage.insertReferral(Self.referral(appId: app.id, installId: install.id, keyMinMicros: 10_000_000))
            _ = try await storage.insertEvent(
                Fixtures.event(appId: app.id, installId: install.id, revenueMicros: 9_990_000, revenueCurrency: "USD"))
            _ = try await storage.insertEvent(
                Fixtures.event(appId: app.id, installId: install.id, revenueMicros: 50_000_000, revenueCurrency: "EUR"))
            #expect(try await storage.settleReferrals(.everything, now: Fixtures.date(10), limit: 10).isEmpty)
            _ = try await storage.insertEvent(
                Fixtures.event(
                    appId: app.id, installId: install.id, receivedAt: Fixtures.date(5),
                    revenueMicros: 10_000_000, revenueCurrency: "USD"))
            let completed = try await storage.settleReferrals(.everything, now: Fixtures.date(10), limit: 10)
            #expect(completed.map(\.id) == [referral.id])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func aFlaggedReferralQualifiesButNeverCompletesByItself(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let install = Fixtures.install(appId: app.id)
            try await storage.insertInstall(install)
            let referral = try await storage.insertReferral(Self.referral(appId: app.id, installId: install.id, status: .flagged))
            _ = try await storage.insertEvent(Fixtures.event(appId: app.id, installId: install.id))
            #expect(try await storage.settleReferrals(.everything, now: Fixtures.date(10), limit: 10).isEmpty)
            let stored = try #require(try await storage.referral(id: referral.id, appId: app.id))
            #expect(stored.status == .flagged)
            #expect(stored.qualifiedAt == Fixtures.date())
            let report = try await storage.referrals(appId: app.id, status: .flagged, limit: 10, after: nil)
            #expect(report.referrals.map(\.id) == [referral.id])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func transitionsHappenOnlyFromTheExpectedStatusAndKeepReasons(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let referral = try await storage.insertReferral(Self.referral(appId: app.id, status: .flagged))
            #expect(
                try await storage.transitionReferral(
                    id: referral.id, appId: app.id, from: [.pending], to: .complete, reasons: [], at: Fixtures.date(1)) == nil)
            let reversed = try #require(
                try await storage.transitionReferral(
                    id: referral.id, appId: app.id, from: [.pending, .flagged], to: .reversed, reasons: ["refund"], at: Fixtures.date(2)
                ))
            #expect(reversed.status == .reversed)
            #expect(reversed.reasons == ["click_injection", "refund"])
            #expect(reversed.reversedAt == Fixtures.date(2))
            let manual = try await storage.insertReferral(Self.referral(appId: app.id))
            let qualified = try #require(
                try await storage.qualifyReferral(id: manual.id, appId: app.id, at: Fixtures.date(3), now: Fixtures.date(3)))
            #expect(qualified.completesAt == Fixtures.date(3))
            #expect(try await storage.qualifyReferral(id: manual.id, appId: app.id, at: Fixtures.date(4), now: Fixtures.date(4)) == nil)
            #expect(
                try await storage.settleReferrals(ReferralScope(appId: app.id, id: manual.id), now: Fixtures.date(3), limit: 10).map(\.id)
                    == [manual.id])
        }
    }
}
