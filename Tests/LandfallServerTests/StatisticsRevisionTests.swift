import Foundation
@testable import LandfallServer
import LandfallStore
import LandfallTestSupport
import Logging
import NIOConcurrencyHelpers
import Testing

/// The population counts a server keeps in memory are dropped when the statistics change, and only then.
@Suite("Statistics revision")
struct StatisticsRevisionTests {
    @Test func onlyAPassThatCountsClicksMovesTheRevision() async throws {
        try await TestDatabases.withMigratedStorage(.sqlite) { storage, _ in
            let (app, link) = try await IPRetentionSweepTests.app(storage)
            let clock = NIOLockedValueBox(IPRetentionSweepTests.now)
            let revision = StatisticsRevision()
            let statistics = ClickStatistics(
                storage: storage, logger: Logger(label: "test"), now: { clock.withLockedValue { $0 } }, revision: revision
            )
            // No click yet: the pass moves the watermark and no count.
            #expect(try await statistics.catchUp() == 0)
            #expect(revision.current == 0)

            // A click after that watermark, counted once it has settled.
            try await storage.insertClicks([IPRetentionSweepTests.click(app, link, hoursAgo: 0, ip: "203.0.113.9")])
            clock.withLockedValue { $0 = $0.addingTimeInterval(60) }
            #expect(try await statistics.catchUp() == 1)
            #expect(revision.current == 1)

            // A minute later with nothing new, as every five seconds on a quiet server.
            clock.withLockedValue { $0 = $0.addingTimeInterval(60) }
            #expect(try await statistics.catchUp() == 0)
            #expect(revision.current == 1)
        }
    }
}
