/// How big and how long one benchmark run is.
struct BenchPlan: Sendable {
    /// Links seeded, requested along a Zipf distribution.
    var links: Int
    /// Clicks stored (inside the attribution window) at each install-matching point.
    var installPoints: [Int]
    /// Clicks stored when startup time, RSS and the redirect workload are measured.
    var clicksForStartup: Int
    /// Distinct /24 networks the seeded clicks come from.
    var networks: Int
    /// wrk's duration for every throughput measurement.
    var duration: Duration
    var connections: Int
    var threads: Int
    /// Distinct redirect paths drawn from the Zipf distribution (wrk cycles through them).
    var redirectPaths: Int
    /// Install reports prepared per point (each is a new install; hits and misses alternate).
    var installReports: Int
    /// Event requests prepared per run; more than the server can take in `duration`, so none repeats.
    var eventRequests: Int
    /// How often each measurement is repeated; the table shows the median of the rounds.
    var rounds: Int
    /// Statements of each kind timed per round of the PostgreSQL round trip.
    var roundTrips: Int
    /// Clicks in the attribution window at the long-history point.
    var historyWindowClicks: Int
    /// Old clicks behind the window at the long-history point unless `--history-clicks` says.
    var historyClicks: Int
    /// Whole months the history spreads over unless `--history-months` says: fewer months make
    /// each one a larger fold for the same seeding time.
    var historyMonths = 11
    /// Analytics reads timed per phase of the long-history point.
    var analyticsReads: Int

    static let full = BenchPlan(
        links: 1_000_000, installPoints: [100_000, 1_000_000, 10_000_000], clicksForStartup: 5_000_000, networks: 2_000_000,
        duration: .seconds(10), connections: 64, threads: 2, redirectPaths: 200_000, installReports: 40_000, eventRequests: 300_000,
        rounds: 3, roundTrips: 2_000, historyWindowClicks: 1_000_000, historyClicks: 50_000_000, analyticsReads: 10
    )

    static let quick = BenchPlan(
        links: 200_000, installPoints: [10_000, 100_000], clicksForStartup: 100_000, networks: 200_000,
        duration: .seconds(4), connections: 64, threads: 2, redirectPaths: 50_000, installReports: 10_000, eventRequests: 100_000,
        rounds: 1, roundTrips: 1_000, historyWindowClicks: 100_000, historyClicks: 1_000_000, analyticsReads: 5
    )

    /// Every point at which clicks are added, in order, and what is measured there.
    var stages: [Stage] {
        var counts = Set(installPoints)
        counts.insert(clicksForStartup)
        return counts.sorted().map { count in
            Stage(clicks: count, measuresInstalls: installPoints.contains(count), measuresRedirects: count == clicksForStartup)
        }
    }

    struct Stage: Sendable {
        var clicks: Int
        var measuresInstalls: Bool
        var measuresRedirects: Bool
    }
}
