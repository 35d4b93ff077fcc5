import Foundation

/// When a failed delivery is tried again: exponential backoff with jitter, inside the retry window.
struct WebhookRetryPolicy: Sendable {
    var initialBackoff: TimeInterval
    var maximumBackoff: TimeInterval

    init(configuration: WebhookConfiguration) {
        initialBackoff = max(0.001, configuration.initialBackoff)
        maximumBackoff = max(initialBackoff, configuration.maximumBackoff)
    }

    /// The delay after the `failures`-th failed attempt (1 for the first): `initial × 2^(failures-1)`,
    /// capped, then scaled by a random factor in [0.5, 1] so receivers that failed together (one
    /// outage) are not all retried in the same instant.
    func delay(afterFailures failures: Int, random: Double = Double.random(in: 0.5...1)) -> TimeInterval {
        let exponent = Double(min(max(failures, 1) - 1, 40))
        let base = min(maximumBackoff, initialBackoff * pow(2, exponent))
        return base * min(1, max(0.5, random))
    }

    /// What a failed attempt at `date` leads to: another attempt, or giving up when the next one
    /// would fall after `deadline`.
    func next(afterFailures failures: Int, at date: Date, deadline: Date) -> WebhookAttemptResultChoice {
        let next = date.addingTimeInterval(delay(afterFailures: failures))
        return next <= deadline ? .retry(next) : .giveUp
    }

    enum WebhookAttemptResultChoice: Equatable {
        case retry(Date)
        case giveUp
    }
}
