import Foundation
import LandfallStore
import LandfallTestSupport
import SQLKit
import Testing

extension StorageContractTests {
    /// Tables an erasure empties of a person's rows: the seed writes to each of them.
    static let personalTables: Set<String> = [
        "links", "clicks", "installs", "events", "conversion_values", "branch_devices", "branch_device_keys", "branch_sessions",
        "branch_links", "referral_codes", "referral_identities", "referrals", "webhook_messages", "webhook_deliveries", "webhook_attempts",
    ]

    /// Tables that hold no install id or user id: configuration, aggregates (daily click counts per
    /// factor value), and app opens, which carry a link and device signals but no install or user.
    static let impersonalTables: Set<String> = [
        "settings", "apps", "app_domains", "api_keys", "templates", "click_stats", "app_opens", "referral_programs",
        "conversion_schemas", "conversion_dev_keys", "conversion_signatures", "webhook_endpoints", "safety_domains", "landfall_migrations",
        "catalog_revision",
        // Per-app attribution parameters: shares, rates and delays aggregated over many installs.
        "attribution_models",
        // The dashboard's own people (an operator's staff, never an app's installs or users): an
        // account is erased with `DELETE /api/dashboard/users/:id` or `landfall users remove`, which
        // takes its memberships and sessions with it.
        "dashboard_users", "dashboard_memberships", "dashboard_sessions",
        // Clicks and app opens past the retention age, counted per day, link, platform and country.
        "click_daily_counts", "app_open_daily_counts",
        // Each app's clicks per day, human and bot, and per platform and country, the days the counts
        // reach and those to count again.
        "click_day_totals", "click_day_group_totals", "click_day_totals_sealed", "click_day_totals_stale",
    ]

    /// Tables one engine has and the other not: PostgreSQL's ids of posted clicks and its click
    /// tokens (migration 0018), deleted with their clicks, and the parent of months retired from
    /// `clicks` but not yet folded (migration 0021), whose clicks are erased with the others.
    static let engineTables: Set<String> = ["posted_click_ids", "click_tokens", "clicks_retired"]

    struct ErasureWorld: Sendable {
        var app: AppRecord
        var erased: ErasureSeed
        var kept: ErasureSeed
    }

    /// An app with a campaign link and a webhook endpoint, and two people in it.
    static func seedErasureWorld(_ storage: SQLStorage, _ provider: any SQLDatabaseProvider) async throws -> ErasureWorld {
        let app = try await insertApp(storage)
        let campaign = try await insertLink(storage, appId: app.id)
        let endpointId = Fixtures.uniqueId("endpoint")
        try await provider.write { db in
            try await db.raw(
                """
                INSERT INTO webhook_endpoints (id, app_id, url, event_types, is_enabled, secret, created_at, updated_at)
                VALUES (\(bind: endpointId), \(bind: app.id), 'https://hooks.example.com/landfall', '["*"]', \(bind: true), 'whsec_test',
                        \(bind: Fixtures.epoch), \(bind: Fixtures.epoch))
                """
            ).run()
        }
        func person(_ tag: String) async throws -> ErasureSeed {
            try await ErasureSeed.insert(
                tag: tag, appId: app.id, campaignLinkId: campaign.id, endpointId: endpointId, storage: storage, provider: provider)
        }
        return ErasureWorld(app: app, erased: try await person("erased"), kept: try await person("kept"))
    }

    static func rows(_ snapshot: [String: [String]], mentioning ids: Set<String>) -> [String: [String]] {
        snapshot.mapValues { rows in rows.filter { row in ids.contains { row.contains($0) } } }.filter { !$0.value.isEmpty }
    }

    static func rows(_ snapshot: [String: [String]], notMentioning ids: Set<String>) -> [String: [String]] {
        snapshot.mapValues { rows in rows.filter { row in !ids.contains { row.contains($0) } } }
    }

    /// Erased clicks leave their day's count to be done again (migration 0022): the one row an
    /// erasure adds, naming the app and the day, never the person.
    static let staleMarks = "click_day_totals_stale"

    static func withoutStaleMarks(_ snapshot: [String: [String]]) -> [String: [String]] {
        var snapshot = snapshot
        snapshot[staleMarks] = []
        return snapshot
    }

    /// The mark of the seed's click day, `Fixtures.epoch`'s UTC day, at its first version.
    static func staleMark(appId: String) -> String {
        [appId, String(Fixtures.epoch - Fixtures.epoch % 86_400_000), "1"].joined(separator: "\u{1F}")
    }

    @Test(arguments: TestEngine.allCases)
    func everyTableIsClassifiedForErasure(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { _, provider in
            let tables = Set(try await SchemaRows.tables(provider))
            let unclassified = tables.subtracting(Self.personalTables).subtracting(Self.impersonalTables).subtracting(Self.engineTables)
            #expect(unclassified.isEmpty, "new tables: add them to SQLErasure if they can name an install or user, then to a list here")
            #expect(Self.personalTables.isDisjoint(with: Self.impersonalTables))
        }
    }

    @Test(arguments: TestEngine.allCases)
    func erasingAnExternalUserRemovesEveryRowThatNamesThemAndNothingElse(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, provider in
            let world = try await Self.seedErasureWorld(storage, provider)
            let before = try await SchemaRows.snapshot(provider)
            // The seed reaches every personal table for both people, so the checks below cover them all.
            // The seed's click tokens carry its tag, so PostgreSQL's token claims name them too.
            let personal = Self.personalTables.union(engine == .postgres ? ["click_tokens"] : [])
            #expect(Set(Self.rows(before, mentioning: world.erased.ids).keys) == personal)
            #expect(Set(Self.rows(before, mentioning: world.kept.ids).keys) == personal)

            let report = try await storage.erase(.externalUser(world.erased.userId), appId: world.app.id)

            let after = try await SchemaRows.snapshot(provider)
            #expect(Self.rows(after, mentioning: world.erased.ids).isEmpty)
            #expect(Self.withoutStaleMarks(after) == Self.rows(before, notMentioning: world.erased.ids))
            #expect(after[Self.staleMarks] == [Self.staleMark(appId: world.app.id)])
            #expect(Self.rows(after, mentioning: world.kept.ids) == Self.rows(before, mentioning: world.kept.ids))
            #expect(report.installIds == [world.erased.installId])
            #expect(
                report.removedRows == [
                    "links": 1, "clicks": 2, "installs": 1, "events": 1, "conversion_values": 1, "branch_devices": 1,
                    "branch_device_keys": 1,
                    "branch_sessions": 1, "branch_links": 1, "referral_codes": 1, "referral_identities": 2, "referrals": 2,
                    "webhook_messages": 2, "webhook_deliveries": 2, "webhook_attempts": 2,
                ])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func erasingAnInstallRemovesItsRowsAndLeavesTheUsersOwn(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, provider in
            let world = try await Self.seedErasureWorld(storage, provider)
            let before = try await SchemaRows.snapshot(provider)

            let report = try await storage.erase(.install(world.erased.installId), appId: world.app.id)

            let after = try await SchemaRows.snapshot(provider)
            #expect(Self.rows(after, mentioning: world.erased.installScopedIds).isEmpty)
            #expect(Self.withoutStaleMarks(after) == Self.rows(before, notMentioning: world.erased.installScopedIds))
            #expect(after[Self.staleMarks] == [Self.staleMark(appId: world.app.id)])
            // The share link and the referral code belong to the user id, which was not named.
            #expect(try await storage.referralCode(appId: world.app.id, userId: world.erased.userId) != nil)
            #expect(report.installIds == [world.erased.installId])
            #expect(report.removedRows["installs"] == 1)
            #expect(report.removedRows["links"] == 0)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func erasingSomeoneUnknownOrInAnotherAppRemovesNothing(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, provider in
            let world = try await Self.seedErasureWorld(storage, provider)
            let other = try await Self.insertApp(storage)
            let before = try await SchemaRows.snapshot(provider)
            for (subject, appId) in [
                (ErasureSubject.install("install-nobody"), world.app.id), (.externalUser("nobody"), world.app.id),
                (.install(world.erased.installId), other.id), (.externalUser(world.erased.userId), other.id),
            ] {
                let report = try await storage.erase(subject, appId: appId)
                #expect(report.isEmpty, "\(subject) in \(appId)")
            }
            #expect(try await SchemaRows.snapshot(provider) == before)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func aUserIdIsMatchedExactlyNotByCaseOrPrefix(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, provider in
            let world = try await Self.seedErasureWorld(storage, provider)
            let before = try await SchemaRows.snapshot(provider)
            for lookalike in [world.kept.userId.uppercased(), String(world.kept.userId.dropLast()), world.kept.userId + "%"] {
                #expect(try await storage.erase(.externalUser(lookalike), appId: world.app.id).isEmpty)
            }
            #expect(try await SchemaRows.snapshot(provider) == before)
        }
    }
}
