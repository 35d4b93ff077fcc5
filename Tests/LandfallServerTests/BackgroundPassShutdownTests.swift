import Foundation
@testable import LandfallServer
import LandfallStore
import LandfallTestSupport
import Logging
import ServiceLifecycleTestKit
import Testing

/// Background passes that can run for minutes (a statistics catch-up after a restore, a first
/// retention sweep over a year of clicks) stop at the next page once a graceful shutdown begins, so
/// the server stops within its grace period; the next start takes up the rest.
@Suite("Background passes stop at a graceful shutdown")
struct BackgroundPassShutdownTests {
    @Test func theStatisticsCatchUpStopsAfterThePageInProgress() async throws {
        try await TestDatabases.withMigratedStorage(.sqlite) { storage, _ in
            let (app, link) = try await IPRetentionSweepTests.app(storage)
            // Five clicks in distinct milliseconds, all settled and none counted yet.
            try await storage.insertClicks(
                (1...5).map { IPRetentionSweepTests.click(app, link, hoursAgo: Double($0), ip: "203.0.113.\($0)") })
            let statistics = ClickStatistics(
                storage: storage, pageSize: 3, logger: Logger(label: "test"), now: { IPRetentionSweepTests.now }
            )
            let countedWhileStopping = try await testGracefulShutdown { trigger in
                trigger.triggerGracefulShutdown()
                return try await statistics.catchUp()
            }
            // A full page stops short of its last click's millisecond, so the first page counts two.
            #expect(countedWhileStopping == 2)
            #expect(try await statistics.catchUp() == 3)
            let population = try await storage.population(appId: app.id, platform: "ios", fromDay: 0, toDay: 1_000_000, values: [])
            #expect(population.clickCount == 5)
        }
    }

    @Test func theRetentionSweepStopsAfterTheBatchInProgress() async throws {
        try await TestDatabases.withMigratedStorage(.sqlite) { storage, _ in
            let (app, link) = try await IPRetentionSweepTests.app(storage)
            try await storage.insertClicks(
                (1...5).map { IPRetentionSweepTests.click(app, link, hoursAgo: 50 + Double($0), ip: "203.0.113.\($0)") })
            let sweeper = IPRetentionSweepTests.sweeper(storage, batchSize: 2)
            let stopping = try await testGracefulShutdown { trigger in
                trigger.triggerGracefulShutdown()
                return try await sweeper.sweep()
            }
            #expect(stopping.redirectClicks == 0)
            // A sweep begun during a shutdown changes nothing; the next one takes every batch.
            let sweep = try await sweeper.sweep()
            #expect(sweep.redirectClicks == 5 && sweep.largestBatch == 2)
        }
    }
}
