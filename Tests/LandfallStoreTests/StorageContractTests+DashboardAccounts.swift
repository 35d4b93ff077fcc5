import Foundation
import LandfallStore
import LandfallTestSupport
import Testing

extension StorageContractTests {
    private static let created = Date(timeIntervalSince1970: 1_800_000_000)

    @discardableResult
    private static func insertUser(_ storage: SQLStorage, email: String) async throws -> DashboardUserRecord {
        let user = DashboardUserRecord(
            id: "usr_\(UUID().uuidString.prefix(8))", email: email, passwordHash: "$scrypt$ln=10,r=8,p=1$c2FsdA$aGFzaA", createdAt: created,
            updatedAt: created)
        try await storage.insertDashboardUser(user)
        return user
    }

    private static func session(_ id: String, userId: String, expires: TimeInterval = 3_600) -> DashboardSessionRecord {
        DashboardSessionRecord(
            id: id, userId: userId, tokenHash: "hash-\(id)", createdAt: created, expiresAt: created.addingTimeInterval(expires))
    }

    @Test(arguments: TestEngine.allCases)
    func dashboardUserIsFoundByIdAndEmailAndEmailsAreUnique(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let user = try await Self.insertUser(storage, email: "ana@example.com")
            #expect(try await storage.dashboardUser(id: user.id) == user)
            #expect(try await storage.dashboardUser(email: "ana@example.com") == user)
            #expect(try await storage.dashboardUser(email: "bo@example.com") == nil)
            await #expect(throws: StoreError.conflict("email")) {
                try await Self.insertUser(storage, email: "ana@example.com")
            }
            try await Self.insertUser(storage, email: "bo@example.com")
            #expect(try await storage.dashboardUsers().map(\.email) == ["ana@example.com", "bo@example.com"])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func membershipRoleIsReplacedAndListedPerUserAndPerApp(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            let ana = try await Self.insertUser(storage, email: "ana@example.com")
            let bo = try await Self.insertUser(storage, email: "bo@example.com")
            try await storage.putDashboardMembership(.init(userId: ana.id, appId: app.id, role: .viewer, createdAt: Self.created))
            try await storage.putDashboardMembership(.init(userId: ana.id, appId: app.id, role: .owner, createdAt: Self.created))
            try await storage.putDashboardMembership(
                .init(userId: bo.id, appId: app.id, role: .editor, createdAt: Self.created.addingTimeInterval(1)))
            try await storage.putDashboardMembership(.init(userId: ana.id, appId: other.id, role: .viewer, createdAt: Self.created))

            #expect(
                try await storage.dashboardMembers(appId: app.id).map { [$0.userId, $0.role.rawValue] } == [
                    [ana.id, "owner"], [bo.id, "editor"],
                ])
            #expect(Set(try await storage.dashboardMemberships(userId: ana.id).map(\.appId)) == [app.id, other.id])
            #expect(try await storage.deleteDashboardMembership(userId: bo.id, appId: app.id))
            #expect(try await storage.deleteDashboardMembership(userId: bo.id, appId: app.id) == false)
            #expect(try await storage.dashboardMemberships(userId: bo.id).isEmpty)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func deletingAnAppRemovesItsMemberships(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let ana = try await Self.insertUser(storage, email: "ana@example.com")
            try await storage.putDashboardMembership(.init(userId: ana.id, appId: app.id, role: .owner, createdAt: Self.created))
            #expect(try await storage.deleteApp(id: app.id))
            #expect(try await storage.dashboardMemberships(userId: ana.id).isEmpty)
            #expect(try await storage.dashboardUser(id: ana.id) == ana)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func sessionsAreFoundByTokenHashListedUnexpiredAndRevoked(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let ana = try await Self.insertUser(storage, email: "ana@example.com")
            let bo = try await Self.insertUser(storage, email: "bo@example.com")
            let first = Self.session("s1", userId: ana.id)
            var second = Self.session("s2", userId: ana.id)
            second.createdAt = Self.created.addingTimeInterval(10)
            let expired = Self.session("s3", userId: ana.id, expires: 60)
            for session in [first, second, expired, Self.session("s4", userId: bo.id)] { try await storage.insertDashboardSession(session) }

            #expect(try await storage.dashboardSession(tokenHash: "hash-s1") == first)
            #expect(
                try await storage.dashboardSessions(userId: ana.id, now: Self.created.addingTimeInterval(120)).map(\.id) == ["s2", "s1"])
            #expect(try await storage.deleteDashboardSession(id: "s4", userId: ana.id) == false)
            #expect(try await storage.deleteDashboardSession(id: "s1", userId: ana.id))
            #expect(try await storage.dashboardSession(tokenHash: "hash-s1") == nil)
            #expect(try await storage.deleteDashboardSessions(userId: ana.id) == 2)
            #expect(try await storage.dashboardSessions(userId: ana.id, now: Self.created).isEmpty)
            #expect(try await storage.dashboardSession(tokenHash: "hash-s4") != nil)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func deletingAUserRemovesItsMembershipsAndSessions(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let ana = try await Self.insertUser(storage, email: "ana@example.com")
            try await storage.putDashboardMembership(.init(userId: ana.id, appId: app.id, role: .owner, createdAt: Self.created))
            try await storage.insertDashboardSession(Self.session("s1", userId: ana.id))
            #expect(try await storage.deleteDashboardUser(id: ana.id))
            #expect(try await storage.deleteDashboardUser(id: ana.id) == false)
            #expect(try await storage.dashboardMembers(appId: app.id).isEmpty)
            #expect(try await storage.dashboardSession(tokenHash: "hash-s1") == nil)
        }
    }
}
