import Foundation
import HTTPTypes
import NIOConcurrencyHelpers

/// Limits invite creation with a publishable key, which anyone can lift from an app binary: per
/// client address and per app, in fixed one-minute windows, in memory (so per server instance).
/// Real sharing (a person taps "invite" now and then) never meets these limits.
final class InviteRateLimiter: Sendable {
    let perAddress: Int
    let perApp: Int
    private let now: @Sendable () -> Date
    private let windows = NIOLockedValueBox<(minute: Int64, counts: [String: Int])>((0, [:]))

    init(perAddress: Int = 20, perApp: Int = 600, now: @escaping @Sendable () -> Date) {
        self.perAddress = perAddress
        self.perApp = perApp
        self.now = now
    }

    /// Counts one invite; throws a 429 with `Retry-After` when the address or the app is over its limit.
    func admit(appId: String, address: String?) throws {
        let seconds = now().timeIntervalSince1970
        let minute = Int64(seconds / 60)
        let refused: Bool = windows.withLockedValue { state in
            // A new minute starts every count over, which also bounds the table to one minute's keys.
            if state.minute != minute { state = (minute, [:]) }
            let appKey = "app:\(appId)"
            let addressKey = "address:\(appId):\(address ?? "unknown")"
            guard state.counts[appKey, default: 0] < perApp, state.counts[addressKey, default: 0] < perAddress else { return true }
            state.counts[appKey, default: 0] += 1
            state.counts[addressKey, default: 0] += 1
            return false
        }
        if refused {
            let retryAfter = max(1, Int((Double(minute + 1) * 60 - seconds).rounded(.up)))
            throw APIError(
                .tooManyRequests, code: "rate_limited", message: "too many invites from this app or address; retry in \(retryAfter) s",
                headers: [.retryAfter: "\(retryAfter)"]
            )
        }
    }
}
