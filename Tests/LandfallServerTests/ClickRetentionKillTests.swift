import Foundation
import LandfallBench
import LandfallServer
import LandfallStore
import LandfallSynthetic
import LandfallTestSupport
import Logging
import SQLKit
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real `landfall serve` killed with SIGKILL while its own sweeper folds months of old clicks:
/// every click is counted once, as a raw row or in the daily counts, right after the kill and
/// after a restarted server finishes the fold (issue 38). The fold's steps stopped one by one are
/// covered by the storage tests; this is the process dying wherever the kernel stops it. On SQLite
/// the kill comes a few 250-row batches in; on PostgreSQL it usually finds a month taken out of
/// `clicks` and not yet folded, which the restarted server must fold first, once.
@Suite("Click retention survives kill -9", .serialized)
struct ClickRetentionKillTests {
    static let adminToken = "retention-kill-admin-token-0123456789"
    /// Enough rows that the fold (250 a transaction on SQLite, a month at a time on PostgreSQL)
    /// has many steps to be killed between.
    static let historyClicks = 200_000
    static let recentClicks = 500

    /// What analytics shows for the app over all time: the totals, and the daily series by country.
    struct Totals: Equatable {
        var summary: AnalyticsSummary
        var series: [AnalyticsSeriesRow]
    }

    /// Where the fold stands: old clicks still raw (in `clicks`, or in a retired month on
    /// PostgreSQL) and clicks in the daily counts.
    struct Progress: Equatable {
        var raw: Int
        var folded: Int
        /// Of `raw`, those in months out of `clicks` and not yet folded (PostgreSQL).
        var retired = 0

        /// A batch has been folded, or (PostgreSQL) a month taken out of `clicks` to be folded.
        var isUnderWay: Bool { raw < ClickRetentionKillTests.historyClicks || folded > 0 || retired > 0 }
    }

    @Test(arguments: TestEngine.allCases)
    func aFoldKilledMidwayCountsEveryClickOnceBeforeAndAfterTheRestart(engine: TestEngine) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-retention-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url =
            engine == .sqlite ? "sqlite:\(directory.appendingPathComponent("landfall.sqlite").path)" : try await ScaleOutTests.postgresURL()
        let location = try DatabaseLocation(parsing: url)
        let now = Date()
        let cutoff = Self.cutoff(now: now)

        let (appId, before) = try await StorageFactory.withStorage(at: location, logger: Logger(label: "test")) { storage, provider in
            try await Migrator(provider: provider).migrate()
            let appId = try await Self.seed(storage, now: now)
            #expect(try await Self.progress(provider, appId: appId, cutoff: cutoff) == Progress(raw: Self.historyClicks, folded: 0))
            return (appId, try await Self.totals(storage, appId: appId, now: now))
        }
        #expect(before.summary.humanClicks + before.summary.botClicks == Self.historyClicks + Self.recentClicks)

        // The first sweep comes a second after start; the kill follows the first batch seen. The
        // killed server pauses 100 ms between batches, so its fold lasts over a minute and a poll
        // from a test process starved by the rest of the suite still finds it under way (without
        // the pause, CI once saw the whole fold finish between two polls).
        let arguments = [
            "--database", url, "--admin-token", Self.adminToken, "--click-retention-days", "20", "--click-retention-interval", "1",
        ]
        let first = try await ServerProcess.start(arguments + ["--click-retention-batch-pause", "100"])
        let atKill: Progress
        do {
            atKill = try await StorageFactory.withStorage(at: location, logger: Logger(label: "test")) { _, provider in
                try await Self.waitFor(provider, appId: appId, cutoff: cutoff) { $0.isUnderWay }
            }
        } catch {
            await first.stop()
            throw error
        }
        kill(first.processIdentifier, SIGKILL)
        #expect(await first.stop() == .signalled(SIGKILL))
        #expect(atKill.raw > 0, "the fold ended before the kill: \(atKill)")

        try await StorageFactory.withStorage(at: location, logger: Logger(label: "test")) { storage, provider async throws -> Void in
            let killed = try await Self.progress(provider, appId: appId, cutoff: cutoff)
            #expect(killed.raw > 0 && killed.raw + killed.folded == Self.historyClicks, "after the kill: \(killed)")
            #expect(try await Self.totals(storage, appId: appId, now: now) == before)
        }

        // A restarted server takes the fold up where the dead one left it, and finishes it.
        let second = try await ServerProcess.start(arguments)
        let finished: Progress
        do {
            finished = try await StorageFactory.withStorage(at: location, logger: Logger(label: "test")) { _, provider in
                try await Self.waitFor(provider, appId: appId, cutoff: cutoff) { $0.raw == 0 }
            }
        } catch {
            await second.stop()
            throw error
        }
        #expect(await second.stop() == .exited(0))
        #expect(finished == Progress(raw: 0, folded: Self.historyClicks))
        try await StorageFactory.withStorage(at: location, logger: Logger(label: "test")) { storage, _ async throws -> Void in
            #expect(try await storage.clickCount(appId: appId) == Self.recentClicks)
            #expect(try await Self.totals(storage, appId: appId, now: now) == before)
        }
    }

    /// An app whose history fills the four months ending two months before this one (all past a
    /// 20-day retention age), and whose last hour of clicks must stay raw.
    static func seed(_ storage: SQLStorage, now: Date) async throws -> String {
        let app = try await AppService(storage: storage).createApp(
            name: "Retention kill", slug: nil, domains: [], uriScheme: nil, webFallbackUrl: "https://retention.test")
        let synthetic = SyntheticData(storage: storage)
        try await synthetic.insertLinks(appId: app.id, range: 1..<21, createdAt: now.addingTimeInterval(-200 * 86_400))
        let profiles = [Self.pixelInLisbon, Self.iPhoneInToronto]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let thisMonth = try #require(calendar.date(from: calendar.dateComponents([.year, .month], from: now)))
        let end = try #require(calendar.date(byAdding: .month, value: -1, to: thisMonth))
        let months = SyntheticData.HistoryMonth.spread(0..<historyClicks, months: 4, endingBefore: end)
        try await synthetic.insertHistory(appId: app.id, months: months, linkCount: 20, networks: 5_000, profiles: profiles)
        try await synthetic.insertClicks(
            appId: app.id, range: historyClicks..<(historyClicks + recentClicks), linkCount: 20,
            period: now.addingTimeInterval(-3_600)...now, networks: 5_000, profiles: profiles)
        return app.id
    }

    /// The server's cutoff with `--click-retention-days 20` and the app's default window.
    static func cutoff(now: Date) -> Date {
        ClickRetentionConfiguration(days: 20).cutoff(windowHours: AppSettings.defaultAttributionWindowHours, now: now)
    }

    static func progress(_ provider: any SQLDatabaseProvider, appId: String, cutoff: Date) async throws -> Progress {
        try await provider.read { database in
            let retired =
                provider.engine == .postgres
                ? "(SELECT count(*) FROM clicks_retired WHERE app_id = \(bind: appId))" as SQLQueryString : "0"
            let row = try await database.raw(
                """
                SELECT (SELECT count(*) FROM clicks WHERE app_id = \(bind: appId) AND clicked_at < \(bind: cutoff.epochMilliseconds))
                    + \(retired) AS raw, \(retired) AS retired,
                    (SELECT CAST(coalesce(sum(clicks), 0) AS BIGINT) FROM click_daily_counts WHERE app_id = \(bind: appId)) AS folded
                """
            ).first()
            return Progress(
                raw: Int(try row?.decode(column: "raw", as: Int64.self) ?? -1),
                folded: Int(try row?.decode(column: "folded", as: Int64.self) ?? -1),
                retired: Int(try row?.decode(column: "retired", as: Int64.self) ?? -1))
        }
    }

    /// Polls the database the server writes until `done` holds, for at most two minutes.
    static func waitFor(
        _ provider: any SQLDatabaseProvider, appId: String, cutoff: Date, until done: (Progress) -> Bool
    ) async throws -> Progress {
        let deadline = ContinuousClock.now + .seconds(120)
        while true {
            let progress = try await Self.progress(provider, appId: appId, cutoff: cutoff)
            if done(progress) { return progress }
            guard ContinuousClock.now < deadline else {
                throw ServerProcessError("the fold did not get there within two minutes: \(progress)")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    static func totals(_ storage: SQLStorage, appId: String, now: Date) async throws -> Totals {
        let (from, to) = (Date(epochMilliseconds: 0), now.addingTimeInterval(86_400))
        return Totals(
            summary: try await storage.analytics(appId: appId, linkId: nil, from: from, to: to),
            series: try await storage.analyticsSeries(
                AnalyticsSeriesQuery(
                    appId: appId, linkId: nil, from: from, to: to, origin: from, bucketMilliseconds: 86_400_000, dimension: .country))
        )
    }

    static let pixelInLisbon = SyntheticData.DeviceProfile(
        platform: "android", userAgent: "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36",
        osVersion: "15", deviceClass: "phone", screenWidth: 1080, screenHeight: 2424, timezone: "Europe/Lisbon", language: "pt-PT",
        acceptLanguage: "pt-PT,pt;q=0.9", signature: "android|15|1080x2424|Europe/Lisbon|pt-PT"
    )

    static let iPhoneInToronto = SyntheticData.DeviceProfile(
        platform: "ios", userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X)", osVersion: "18.1", deviceClass: "phone",
        screenWidth: 1179, screenHeight: 2556, timezone: "America/Toronto", language: "en-CA", acceptLanguage: "en-CA,en;q=0.9",
        signature: "ios|18.1|1184x2560|America/Toronto|en-CA"
    )
}
