import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallStore
import LandfallTestSupport
import Logging
import NIOConcurrencyHelpers
import Testing

@testable import LandfallLab
@testable import LandfallServer

/// An NTP step of the wall clock, forward or back, under the server: timestamps never run
/// backwards, durations ignore it, and no install is credited to a click stamped after it.
@Suite("Clock steps")
struct ClockStepTests {
    /// A system clock a test steps and a monotonic clock it advances; `WallClock` reads both.
    final class SystemClock: Sendable {
        let date = NIOLockedValueBox(Date(timeIntervalSince1970: 1_767_225_600))
        let elapsed = NIOLockedValueBox(Duration.zero)
        let origin = ContinuousClock.now
        func now() -> Date { date.withLockedValue { $0 } }
        func uptime() -> ContinuousClock.Instant { origin + elapsed.withLockedValue { $0 } }
        /// An NTP step: no time passes.
        func move(by seconds: TimeInterval) { date.withLockedValue { $0 += seconds } }
        /// Time passing.
        func pass(_ seconds: Int64) {
            date.withLockedValue { $0 += TimeInterval(seconds) }
            elapsed.withLockedValue { $0 += .seconds(seconds) }
        }
        func wallClock() -> WallClock { WallClock(system: { self.now() }, uptime: { self.uptime() }) }
    }

    @Test func afterABackwardStepTheWallClockRunsOnAtHalfSpeedUntilCaughtUp() {
        let system = SystemClock()
        let clock = system.wallClock()
        let before = clock.now()
        system.move(by: -3600)
        #expect(clock.now() == before)
        system.pass(10)
        #expect(clock.now() == before.addingTimeInterval(5))
        // The system clock gains half a second a second: 3,600 s behind, caught up after 7,200 s.
        system.pass(7190)
        #expect(clock.now() == before.addingTimeInterval(3600))
        system.pass(2)
        #expect(clock.now() == system.now())
    }

    /// Readers on many threads at once, a system clock that only moves forward: each reading is
    /// taken under the clock's lock, so none can reach it after a later one and pass for a step
    /// back (which logged a warning per occurrence under redirect load and slowed the stamps).
    @Test func concurrentReadersOfAClockThatNeverStepsSeeNoStep() {
        let origin = Date(timeIntervalSince1970: 1_767_225_600)
        let started = ContinuousClock.now
        let logs = CapturedLogs()
        let clock = WallClock(
            system: {
                let (seconds, attoseconds) = (ContinuousClock.now - started).components
                return origin.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
            },
            logger: Logger(label: "clock") { label in CapturingLogHandler(label: label, logs: logs, level: .warning) })
        let readers = 8
        let readings = NIOLockedValueBox([[Date]](repeating: [], count: readers))
        DispatchQueue.concurrentPerform(iterations: readers) { reader in
            var mine: [Date] = []
            mine.reserveCapacity(20_000)
            for _ in 0..<20_000 { mine.append(clock.now()) }
            readings.withLockedValue { $0[reader] = mine }
        }
        #expect(logs.all.isEmpty, "\(logs.all.count) steps logged, the first: \(logs.all.first?.text ?? "")")
        for mine in readings.withLockedValue({ $0 }) {
            #expect(zip(mine, mine.dropFirst()).allSatisfy { $0 <= $1 }, "a reader's stamps never move back")
        }
    }

    @Test func aForwardStepIsTakenAsItComes() {
        let system = SystemClock()
        let clock = system.wallClock()
        let before = clock.now()
        system.move(by: 7200)
        #expect(clock.now() == before.addingTimeInterval(7200))
    }

    @Test func aRestartedClockHoldsAtWhatTheDatabaseAlreadyCounted() {
        let system = SystemClock()
        let clock = system.wallClock()
        let counted = system.now().addingTimeInterval(600)
        clock.holdAtLeast(counted)
        #expect(clock.now() == counted)
    }

    /// The statistics count clicks past a time watermark. Stamped on the raw system clock, a click
    /// after a step back lands below the watermark and is never counted; on the server's wall clock
    /// it is stamped after the latest time given and counted once settled, exactly once.
    @Test func everyClickIsCountedOnceAcrossABackwardStep() async throws {
        try await TestDatabases.withMigratedStorage(.sqlite) { storage, _ in
            let (app, link) = try await IPRetentionSweepTests.app(storage)
            let system = SystemClock()
            let wall = system.wallClock()
            let statistics = ClickStatistics(storage: storage, logger: Logger(label: "test"), now: { wall.now() })
            func click() -> ClickRecord {
                var click = IPRetentionSweepTests.click(app, link, hoursAgo: 0, ip: "203.0.113.9")
                click.clickedAt = wall.now()
                return click
            }
            try await storage.insertClicks([click()])
            system.pass(60)
            #expect(try await statistics.catchUp() == 1)

            system.move(by: -7200)
            try await storage.insertClicks([click(), click()])
            system.pass(10)
            #expect(try await statistics.catchUp() == 0, "at half speed: 5 s on, nothing has settled yet")
            system.pass(30)
            #expect(try await statistics.catchUp() == 2, "settled on the slowed clock, long before the system clock catches up")
            system.pass(60)
            #expect(try await statistics.catchUp() == 0, "nothing counted twice")
        }
    }

    /// The candidate query reads clicks up to the install's time and the engine refuses a negative
    /// delay: after a step back, a click stamped before the step is in the install's future and is
    /// not matched; once the clock is past it again, the same device matches it.
    @Test func aClickStampedAfterTheInstallIsNeverCreditedToIt() async throws {
        try await AttributionFlowTests.withSetup { server, _, publishable, _ in
            let phone = AttributionFlowTests.Phone(address: "198.51.100.23")
            _ = try await AttributionFlowTests.click(server, phone)
            server.clock.step(by: -3600)
            server.clock.advance(by: 15 * 60)
            try await server.landfall.statistics.catchUp()
            let early = try await AttributionFlowTests.install(server, key: publishable, phone, extra: #", "installKey": "first""#)
                .decode(InstallResponse.self)
            #expect(early.method == "organic")
            #expect(early.deepLinkData == nil)

            server.clock.step(by: 3600)
            let later = try await AttributionFlowTests.install(server, key: publishable, phone, extra: #", "installKey": "second""#)
                .decode(InstallResponse.self)
            #expect(later.method == "probabilistic")
            #expect(later.deepLinkData?.shortCode == "pasta")
        }
    }

    /// A bucket refills on the monotonic clock: a wall clock stepped an hour forward gives no token
    /// back, and a step back takes none away.
    @Test func rateLimitBucketsIgnoreWallClockSteps() async throws {
        let clock = TestClock()
        let configure = APIRateLimitTests.limited(management: APIRateLimitTests.family(credential: 2))
        try await TestServer.run(clock: clock, configure: configure) { server in
            for _ in 0..<2 { #expect(try await server.admin(.get, "/api/apps").status == .ok) }
            clock.step(by: 3600)
            APIRateLimitTests.expectLimited(try await server.admin(.get, "/api/apps"), retryAfter: "30", saying: "with this key")
            clock.step(by: -7200)
            clock.advance(by: 30)
            #expect(try await server.admin(.get, "/api/apps").status == .ok)
            APIRateLimitTests.expectLimited(try await server.admin(.get, "/api/apps"), retryAfter: "30", saying: "with this key")
        }
    }
}
