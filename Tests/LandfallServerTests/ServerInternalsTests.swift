import Foundation
import LandfallModels
import LandfallStore
import LandfallTestSupport
import NIOConcurrencyHelpers
import Testing

@testable import LandfallServer

@Suite("Caches, latency histogram, identifiers and group commit")
struct ServerInternalsTests {
    /// A clock tests move by hand.
    final class ManualClock: Sendable {
        private let offset = NIOLockedValueBox(Duration.zero)
        private let origin = ContinuousClock.now
        var now: ContinuousClock.Instant { origin + offset.withLockedValue { $0 } }
        func advance(by duration: Duration) { offset.withLockedValue { $0 += duration } }
    }

    @Test(
        arguments: [
            ("203.0.113.9", "203.0.113.9"),
            ("  203.0.113.9 , 10.0.0.1", "203.0.113.9"),
            ("\t2001:db8::1\t,198.51.100.2", "2001:db8::1"),
            ("unknown, 203.0.113.9", nil),
            ("", nil),
            (" , 203.0.113.9", nil),
            ("203.0.113.9:443", nil),
        ] as [(String, String?)])
    func theForwardedClientIsTheFirstEntryWhenItIsAnAddress(header: String, expected: String?) {
        #expect(ClientAddress.firstForwardedEntry(header) == expected)
    }

    @Test func theCacheKeepsAtMostItsCapacityAndKeepsWhatIsUsed() {
        let cache = ExpiringCache<Int, String>(capacity: 4, timeToLive: .seconds(60), revision: { 0 })
        for key in 0..<3 { cache.store("v\(key)", for: key, readAt: 0) }
        // 0..<2 filled the young generation; 2 turned it old. Using 0 promotes it back.
        #expect(cache.value(for: 0) == "v0")
        for key in 10..<20 { cache.store("v\(key)", for: key, readAt: 0) }
        #expect(cache.counts.entries <= 4)
        #expect(cache.value(for: 19) == "v19")
        #expect(cache.value(for: 1) == nil)
    }

    @Test func anEntryExpiresAfterItsTimeToLive() {
        let clock = ManualClock()
        let cache = ExpiringCache<String, Int>(capacity: 10, timeToLive: .seconds(5), revision: { 0 }, now: { clock.now })
        cache.store(1, for: "a", readAt: 0)
        clock.advance(by: .seconds(4))
        #expect(cache.value(for: "a") == 1)
        clock.advance(by: .seconds(2))
        #expect(cache.value(for: "a") == nil)
        #expect(cache.counts.hits == 1)
        #expect(cache.counts.misses == 1)
    }

    @Test func aCatalogChangeDuringTheReadLeavesTheEntryStale() {
        let revision = NIOLockedValueBox<UInt64>(7)
        let cache = ExpiringCache<String, Int>(capacity: 10, timeToLive: .seconds(60), revision: { revision.withLockedValue { $0 } })
        let readAt = cache.revisionBeforeRead()
        revision.withLockedValue { $0 += 1 }
        cache.store(1, for: "a", readAt: readAt)
        #expect(cache.value(for: "a") == nil)
        cache.store(2, for: "a", readAt: cache.revisionBeforeRead())
        #expect(cache.value(for: "a") == 2)
    }

    @Test func histogramQuantilesAreWithinTheirBucketWidth() throws {
        var histogram = LatencyHistogram()
        #expect(histogram.quantile(0.5) == nil)
        for microseconds in 1...1000 { histogram.record(.microseconds(microseconds)) }
        #expect(histogram.count == 1000)
        let median = try #require(histogram.quantile(0.5)).seconds * 1e6
        let tail = try #require(histogram.quantile(0.99)).seconds * 1e6
        #expect(abs(median - 500) / 500 < 0.1)
        #expect(abs(tail - 990) / 990 < 0.1)
        #expect(abs(histogram.sum.seconds - 0.5005) < 1e-9)
    }

    @Test func identifiersAreVersion7UUIDsInTimeOrder() {
        let earlier = SecretGenerator.identifier(at: Date(timeIntervalSince1970: 1_767_225_600))
        let later = SecretGenerator.identifier(at: Date(timeIntervalSince1970: 1_767_225_600.002))
        #expect(UUID(uuidString: earlier) != nil)
        #expect(earlier.count == 36 && earlier == earlier.lowercased())
        #expect(Array(earlier)[14] == "7")
        #expect("89ab".contains(Array(earlier)[19]))
        #expect(earlier < later)
        #expect(SecretGenerator.identifier() != SecretGenerator.identifier())
    }

    /// Words of the pool never repeat, across its refills too, and their bits are balanced.
    @Test func theKernelRandomPoolHandsOutFreshBalancedWords() {
        var pool = KernelRandomPool()
        let words = (0..<1_000).map { _ in pool.next() }
        #expect(Set(words).count == words.count)
        let ones = words.reduce(0) { $0 + $1.nonzeroBitCount }
        // 64,000 fair bits: 32,000 ones, standard deviation about 126.
        #expect(abs(ones - 32_000) < 1_000)
    }

    @Test func base62TokensUseTheWholeAlphabetAndTheirLength() {
        let token = SecretGenerator.clickToken()
        #expect(SecretGenerator.isClickToken(token))
        let characters = Set((0..<200).flatMap { _ in SecretGenerator.base62(length: 16) })
        #expect(characters.count > 55)
        #expect(characters.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
    }

    /// Tokens sort by the second they were minted (so the token index grows at its right edge) and
    /// still differ within a second.
    @Test func clickTokensSortByTheirSecondAndDifferWithinIt() {
        let second = Date(timeIntervalSince1970: 1_790_000_000)
        let sameSecond = (0..<100).map { _ in SecretGenerator.clickToken(at: second) }
        #expect(Set(sameSecond).count == 100)
        #expect(Set(sameSecond.map { $0.prefix(SecretGenerator.clickTokenTimeLength) }).count == 1)
        var previous = SecretGenerator.clickToken(at: second)
        for step: TimeInterval in [1, 59, 3_600, 86_400, 157_680_000] {
            let later = SecretGenerator.clickToken(at: second.addingTimeInterval(step))
            #expect(
                later.prefix(SecretGenerator.clickTokenTimeLength) > previous.prefix(SecretGenerator.clickTokenTimeLength),
                "\(step) s later")
            #expect(SecretGenerator.isClickToken(later))
            previous = later
        }
    }

    /// Requests that arrive while a transaction holds the database share the next commit.
    @Test func eventsWaitingForTheDatabaseCommitTogether() async throws {
        try await TestDatabases.withMigratedStorage(.sqlite) { storage, provider in
            let app = AppRecord(
                id: "app-1", slug: "app-one", name: "App", domains: [], settings: AppSettings(), createdAt: Date(), updatedAt: Date())
            try await storage.insertApp(app)
            let install = InstallRecord(
                id: "install-1", appId: app.id, dedupKey: "k", createdAt: Date(),
                fingerprint: InstallFingerprint(userAgent: "test", platform: "ios"),
                method: .organic, confidence: 0, matchedFactors: [], clickId: nil, linkId: nil
            )
            try await storage.insertInstall(install)
            let metrics = ServerMetrics()
            let writer = EventWriter(storage: storage, metrics: metrics)
            let release = AsyncStream<Void>.makeStream()
            let holding = AsyncStream<Void>.makeStream()
            // Another writer holds SQLite's write lock until released.
            async let held: Void = provider.transaction { _ in
                holding.continuation.yield()
                for await _ in release.stream { break }
            }
            for await _ in holding.stream { break }
            let results = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<40 {
                    group.addTask {
                        let event = EventRecord(
                            id: "event-\(index)", appId: app.id, installId: install.id, clientEventId: "client-\(index)", name: "open",
                            data: "{}", occurredAt: Date(), receivedAt: Date(), revenueMicros: nil, revenueCurrency: nil,
                            linkId: nil, clickId: nil, sequence: Int64(index)
                        )
                        return try await writer.store([event]).first?.duplicate == false
                    }
                }
                // The first transaction waits for the lock with whatever had arrived; the rest queue behind it.
                while writer.unansweredRequests < 40 { await Task.yield() }
                release.continuation.finish()
                var stored: [Bool] = []
                for try await result in group { stored.append(result) }
                return stored
            }
            try await held
            #expect(results.count == 40 && results.allSatisfy { $0 })
            #expect(try await storage.events(installId: install.id).count == 40)
            let exposition = CachingAndMetricsTests.samples(metrics.exposition(counters: [], gauges: []))
            #expect((1...2).contains(exposition["landfall_event_commits_total"] ?? 0))
            #expect(exposition["landfall_events_stored_total"] == 40)
        }
    }
}
