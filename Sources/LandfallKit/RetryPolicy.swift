import Foundation

/// How failed requests are retried: exponential backoff with jitter after network errors and
/// 408/429/5xx answers, honouring the server's `Retry-After`.
///
/// The delay before retry `n` (1-based) is `min(maxDelay, baseDelay × multiplier^(n-1))`, of which
/// a random share up to `jitter` is taken off, so many devices coming back online do not retry in
/// step. A `Retry-After` answer replaces the computed delay (capped at ``maxRetryAfter``).
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in total, the first one included (1 means no retry).
    public var maxAttempts: Int
    /// The delay before the first retry, in seconds.
    public var baseDelay: TimeInterval
    /// The growth factor between retries.
    public var multiplier: Double
    /// The longest computed delay, in seconds.
    public var maxDelay: TimeInterval
    /// The share (0…1) of each delay that may be taken off at random.
    public var jitter: Double
    /// The longest `Retry-After` the SDK waits for, in seconds; longer requests stop the retries.
    public var maxRetryAfter: TimeInterval

    /// Creates a policy; the defaults make 4 attempts over about 7 seconds.
    ///
    /// - Parameters:
    ///   - maxAttempts: attempts in total, at least 1 (no retry).
    ///   - baseDelay: seconds before the first retry.
    ///   - multiplier: the growth factor between retries, at least 1.
    ///   - maxDelay: the cap on a computed delay, in seconds.
    ///   - jitter: the share (0…1) of each delay taken off at random.
    ///   - maxRetryAfter: the longest `Retry-After` worth waiting for, in seconds.
    public init(
        maxAttempts: Int = 4, baseDelay: TimeInterval = 1, multiplier: Double = 2, maxDelay: TimeInterval = 30,
        jitter: Double = 0.5, maxRetryAfter: TimeInterval = 120
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.multiplier = multiplier
        self.maxDelay = maxDelay
        self.jitter = jitter
        self.maxRetryAfter = maxRetryAfter
    }

    /// A policy that never retries.
    public static let none = RetryPolicy(maxAttempts: 1)

    func validate() throws {
        guard maxAttempts >= 1, baseDelay >= 0, multiplier >= 1, maxDelay >= 0, (0...1).contains(jitter), maxRetryAfter >= 0 else {
            throw LandfallError(
                .invalidConfiguration, "retryPolicy needs maxAttempts ≥ 1, multiplier ≥ 1, jitter in 0…1 and non-negative delays")
        }
    }

    /// The delay before retry number `retry` (1 for the first retry).
    ///
    /// - Parameters:
    ///   - retry: the retry about to be made, 1-based.
    ///   - unitRandom: a random number in `0..<1` (injected so tests are exact).
    /// - Returns: the wait in seconds, jitter applied.
    public func delay(beforeRetry retry: Int, unitRandom: Double) -> TimeInterval {
        let exponential = baseDelay * pow(multiplier, Double(max(0, retry - 1)))
        let capped = min(maxDelay, exponential)
        return capped * (1 - jitter * min(max(unitRandom, 0), 1))
    }

    /// The wait a `Retry-After` header asks for: delta-seconds (`120`) or an HTTP date.
    ///
    /// - Parameters:
    ///   - header: the header's value, e.g. `120` or `Wed, 21 Oct 2026 07:28:00 GMT`.
    ///   - now: the current date, which an HTTP date is measured from.
    /// - Returns: the wait in seconds; nil when the header is absent or unreadable; never negative.
    public static func retryAfter(_ header: String?, now: Date) -> TimeInterval? {
        guard let header = header?.trimmingCharacters(in: .whitespaces), !header.isEmpty else { return nil }
        if let seconds = Int(header) { return TimeInterval(max(0, seconds)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: header) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
