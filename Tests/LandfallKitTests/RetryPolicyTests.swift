import Foundation
import Testing
@testable import LandfallKit

@Suite("Retry policy: backoff, jitter, Retry-After")
struct RetryPolicyTests {
    @Test func delaysGrowExponentiallyUpToTheCap() {
        let policy = RetryPolicy(baseDelay: 1, multiplier: 2, maxDelay: 5, jitter: 0)
        #expect((1...5).map { policy.delay(beforeRetry: $0, unitRandom: 0.5) } == [1, 2, 4, 5, 5])
    }

    @Test(arguments: [0.0, 0.25, 0.999])
    func jitterTakesOffAtMostItsShareOfTheDelay(random: Double) {
        let policy = RetryPolicy(baseDelay: 4, multiplier: 2, maxDelay: 60, jitter: 0.5)
        let delay = policy.delay(beforeRetry: 1, unitRandom: random)
        #expect(delay <= 4)
        #expect(delay >= 2)
    }

    @Test func retryAfterInSecondsIsRead() {
        #expect(RetryPolicy.retryAfter("120", now: Date()) == 120)
    }

    @Test func retryAfterAsAnHTTPDateIsReadRelativeToNow() {
        let now = Date(timeIntervalSince1970: 1_790_000_000)  // 2026-09-21T14:13:20Z
        #expect(RetryPolicy.retryAfter("Mon, 21 Sep 2026 14:14:00 GMT", now: now) == 40)
    }

    @Test func anUnreadableRetryAfterIsIgnored() {
        #expect(RetryPolicy.retryAfter("soon", now: Date()) == nil)
        #expect(RetryPolicy.retryAfter(nil, now: Date()) == nil)
    }

    @Test func aRetryAfterLongerThanThePolicyAllowsStopsRetrying() async throws {
        let harness = Harness()
        let client = try await harness.startedClient(configuration: Harness.configuration { $0.retryPolicy.maxRetryAfter = 60 })
        await harness.transport.on("POST", "/api/sdk/v1/events", .error(503, code: "maintenance", headers: ["Retry-After": "3600"]))
        try await client.track("signup")
        let error = await landfallError { try await client.flush() }
        #expect(error?.statusCode == 503)
        #expect(harness.clock.sleeps.isEmpty)
    }
}
