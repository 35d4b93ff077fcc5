import Foundation
import LandfallServer
@_spi(Synthetic) import LandfallStore
import LandfallSynthetic
import Logging

/// Fills a benchmark database in-process, before a server is started on it.
struct BenchSeeding: Sendable {
    let location: DatabaseLocation
    let logger: Logger

    /// The app every workload uses, with a publishable key for the SDK requests.
    struct Seeded: Sendable {
        var appId: String
        var publishableKey: String
        /// For the analytics the long-history point reads.
        var secretKey: String
    }

    /// Migrates, creates the app and its key, and inserts `links` links.
    func prepare(links: Int) async throws -> Seeded {
        try await StorageFactory.withStorage(at: location, logger: logger) { storage, provider in
            try await Migrator(provider: provider).migrate()
            let apps = AppService(storage: storage)
            let app = try await apps.createApp(name: "Benchmark", slug: "bench", domains: [], uriScheme: nil, webFallbackUrl: nil)
            let key = try await apps.createKey(appId: app.id, kind: .publishable, name: "bench")
            let secret = try await apps.createKey(appId: app.id, kind: .secret, name: "bench-analytics")
            let synthetic = SyntheticData(storage: storage)
            try await synthetic.insertLinks(appId: app.id, range: 1..<(links + 1), createdAt: Date())
            try await synthetic.checkpoint()
            return Seeded(appId: app.id, publishableKey: key.key, secretKey: secret.key)
        }
    }

    /// Adds clicks `range` over the last six days (inside the default seven-day window) and recounts
    /// the population statistics as the server would have.
    func addClicks(_ range: Range<Int>, app: Seeded, links: Int, networks: Int) async throws {
        guard !range.isEmpty else { return }
        let profiles = BenchDevices.profiles
        try await StorageFactory.withStorage(at: location, logger: logger) { storage, _ in
            let now = Date()
            let synthetic = SyntheticData(storage: storage)
            try await synthetic.insertClicks(
                appId: app.appId, range: range, linkCount: links, period: now.addingTimeInterval(-6 * 86_400)...now,
                networks: networks, profiles: profiles
            )
            try await SyntheticClicks.countStatistics(storage: storage, appId: app.appId, clicks: range, through: now)
            try await synthetic.vacuumAnalyzeIfPostgres()
            try await synthetic.checkpoint()
        }
    }

    /// Adds history: clicks numbered `range`, spread over the `months` whole months before the
    /// previous one, behind the window `addClicks` fills and inside the server's retention age.
    func addHistory(_ range: Range<Int>, months: Int, app: Seeded, links: Int, networks: Int, now: Date) async throws {
        guard !range.isEmpty else { return }
        try await StorageFactory.withStorage(at: location, logger: logger) { storage, _ in
            let synthetic = SyntheticData(storage: storage)
            try await synthetic.insertHistory(
                appId: app.appId, months: SyntheticData.HistoryMonth.spread(range, months: months, endingBefore: Self.historyEnd(now: now)),
                linkCount: links, networks: networks, profiles: BenchDevices.profiles)
            try await synthetic.checkpoint()
        }
    }

    /// Counts each app's days that are over for the overview, as the server's retention sweeper
    /// does every interval, so a phase meets the days a running deployment would have counted.
    func countDays(now: Date) async throws -> ClickDayTotalsPass {
        try await StorageFactory.withStorage(at: location, logger: logger) { storage, _ in
            try await storage.totalClickDays(before: ClickDayTotalsRule.horizon(now: now))
        }
    }

    /// Runs `body` with the app's counted days set aside, so the server reads every day raw as it
    /// did before migrations 0022 and 0023, then puts them back.
    func withDaysUncounted<Result: Sendable>(appId: String, _ body: () async throws -> Result) async throws -> Result {
        let sealedBefore = try await StorageFactory.withStorage(at: location, logger: logger) { storage, _ in
            let sealedBefore = try await storage.clickDaysSealedBefore(appId: appId)
            try await storage.setClickDaysSealedBefore(appId: appId, nil)
            return sealedBefore
        }
        let restore = {
            try await StorageFactory.withStorage(at: location, logger: logger) { storage, _ in
                try await storage.setClickDaysSealedBefore(appId: appId, sealedBefore)
            }
        }
        do {
            let result = try await body()
            try await restore()
            return result
        } catch {
            try? await restore()
            throw error
        }
    }

    /// Deletes the app's clicks made at or after `date`: what a phase's redirect load added. Each
    /// long-history phase then meets the window the first one met; the sweep's load alone adds
    /// about half a million clicks, which would make "after retention" a window five times larger.
    func removeClicks(appId: String, since date: Date) async throws {
        try await StorageFactory.withStorage(at: location, logger: logger) { storage, _ in
            try await SyntheticData(storage: storage).deleteClicks(appId: appId, madeSince: date)
        }
    }

    /// History clicks retention has still to fold.
    func historyRemaining(appId: String, now: Date) async throws -> Int {
        try await StorageFactory.withStorage(at: location, logger: logger) { storage, _ in
            try await SyntheticData(storage: storage).countClicks(appId: appId, madeBefore: Self.historyEnd(now: now))
        }
    }

    /// Vacuums and checkpoints PostgreSQL after a bulk change, as its autovacuum and checkpointer
    /// would have long before a server met that data in production (a year of history arrives over a
    /// year): a phase measured right after loading a million rows pays for that upkeep instead.
    func settle() async throws {
        try await StorageFactory.withStorage(at: location, logger: logger) { storage, _ in
            let synthetic = SyntheticData(storage: storage)
            try await synthetic.vacuumAnalyzeIfPostgres()
            try await synthetic.checkpoint()
        }
    }

    /// The history ends where the month before `now`'s begins: that month and this one hold the window.
    static func historyEnd(now: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let thisMonth = calendar.date(from: calendar.dateComponents([.year, .month], from: now)) ?? now
        return calendar.date(byAdding: .month, value: -1, to: thisMonth) ?? thisMonth
    }

    /// Runs one retention sweep in this process, as the server's sweeper would, with the retention
    /// age that makes every history month due (partitions dropped on PostgreSQL, rows folded in
    /// batches on SQLite) and nothing of the window.
    ///
    /// Detaching a month waits at most 250 ms for `clicks`' lock and otherwise gives up (the
    /// sweeper's design: the next sweep tries again, folding first any month already detached).
    /// The server's next sweep is an hour later; here the sweep is repeated a second later, up to
    /// `attempts` times, and the failures are counted.
    func sweepHistory(now: Date, attempts: Int) async throws -> (sweep: ClickRetentionSweeper.Sweep?, failures: [String]) {
        let days = Int(now.timeIntervalSince(Self.historyEnd(now: now)) / 86_400)
        return try await StorageFactory.withStorage(at: location, logger: logger) { storage, _ in
            let sweeper = ClickRetentionSweeper(
                storage: storage, configuration: ClickRetentionConfiguration(days: days), logger: logger, now: { now })
            var total = ClickRetentionSweeper.Sweep()
            var failures: [String] = []
            for _ in 0..<attempts {
                do {
                    let sweep = try await sweeper.sweep()
                    total.clicks += sweep.clicks
                    total.clicksInDroppedPartitions += sweep.clicksInDroppedPartitions
                    total.largestBatch = max(total.largestBatch, sweep.largestBatch)
                    return (total, failures)
                } catch {
                    failures.append(String(reflecting: error))
                    try await Task.sleep(for: .seconds(1))
                }
            }
            return (nil, failures)
        }
    }

    /// Rows of `table` not generated by ``SyntheticData`` (written by the server under test).
    func count(_ table: BenchTable) async throws -> Int {
        try await StorageFactory.withStorage(at: location, logger: logger) { storage, _ in
            try await SyntheticData(storage: storage).countRows(table.rawValue, excludingSynthetic: true)
        }
    }

    /// Install ids the install workload created, for the event workload.
    func installIds(limit: Int) async throws -> [String] {
        try await StorageFactory.withStorage(at: location, logger: logger) { storage, _ in
            try await SyntheticData(storage: storage).installIds(limit: limit)
        }
    }
}

enum BenchTable: String, Sendable {
    case clicks, events
}
