import Foundation
import NIOConcurrencyHelpers

/// Token buckets by key (an app, a client address): each key may spend `burst` requests at once and
/// earns them back at `burst / per`. In memory, so each server instance limits on its own; behind a
/// load balancer with N instances a key can reach at most N times the limit.
///
/// Refills are measured on a monotonic clock: a bucket read on the wall clock would fill at once when
/// NTP stepped it forward, and stop refilling for as long as a step back was long.
///
/// Memory is bounded: when more than `maxKeys` keys are tracked, buckets that are full again (keys
/// that have been quiet for a whole period) are dropped, and if that is not enough the table starts over.
public final class RateLimiter: Sendable {
    /// How many requests a key may make: `burst` at once, refilled evenly over `per`.
    public struct Limit: Sendable, Hashable {
        public var burst: Int
        public var per: Duration

        public init(burst: Int, per: Duration) {
            self.burst = burst
            self.per = per
        }

        var seconds: Double { Double(per.components.seconds) + Double(per.components.attoseconds) / 1e18 }
    }

    /// The answer for one request: allowed, or refused with the seconds until a token is back.
    public enum Decision: Sendable, Equatable {
        case allowed
        case limited(retryAfter: Int)
    }

    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    public let limit: Limit
    private let maxKeys: Int
    private let now: @Sendable () -> ContinuousClock.Instant
    private let buckets = NIOLockedValueBox<[String: Bucket]>([:])

    /// - Parameter now: a monotonic clock; tests pass one they advance.
    public init(limit: Limit, maxKeys: Int = 100_000, now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.limit = limit
        self.maxKeys = maxKeys
        self.now = now
    }

    /// Takes one token from `key`'s bucket if it has one.
    public func take(_ key: String) -> Decision {
        let date = now()
        let capacity = Double(max(limit.burst, 1))
        let refillPerSecond = capacity / max(limit.seconds, 0.001)
        return buckets.withLockedValue { buckets in
            var bucket = buckets[key] ?? Bucket(tokens: capacity, updated: date)
            let elapsed = max((date - bucket.updated).seconds, 0)
            bucket.tokens = min(capacity, bucket.tokens + elapsed * refillPerSecond)
            bucket.updated = date
            guard bucket.tokens >= 1 else {
                buckets[key] = bucket
                return .limited(retryAfter: max(1, Int(((1 - bucket.tokens) / refillPerSecond).rounded(.up))))
            }
            bucket.tokens -= 1
            if buckets[key] == nil, buckets.count >= maxKeys {
                Self.evict(&buckets, at: date, refillPerSecond: refillPerSecond, capacity: capacity, maxKeys: maxKeys)
            }
            buckets[key] = bucket
            return .allowed
        }
    }

    private static func evict(
        _ buckets: inout [String: Bucket], at date: ContinuousClock.Instant, refillPerSecond: Double, capacity: Double, maxKeys: Int
    ) {
        // A full bucket is the same as no bucket, so dropping those changes no decision.
        buckets = buckets.filter { $0.value.tokens + (date - $0.value.updated).seconds * refillPerSecond < capacity }
        if buckets.count >= maxKeys { buckets.removeAll(keepingCapacity: true) }
    }
}
