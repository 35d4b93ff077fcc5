import Foundation

/// The bucket tables of ``APIRateLimits``, one set per route family, and the rule for which of
/// them a request passes.
struct APIRateLimiters: Sendable {
    /// The route families the JSON API is limited by.
    enum Family: Sendable {
        case sdk, s2s, management

        /// The family of a request path, or nil for everything that is not limited here: the
        /// redirect path, pages, the dashboard, the Branch-compatible routes (limited by Branch's
        /// own rules and answering Branch's error body).
        init?(path: String) {
            guard path.hasPrefix("/api/") else { return nil }
            if path.hasPrefix("/api/sdk/") {
                self = .sdk
            } else if path.hasPrefix("/api/s2s/") {
                self = .s2s
            } else {
                self = .management
            }
        }
    }

    /// Who is asking, as far as the buckets care: each part is nil when the request does not have it.
    struct Caller: Sendable {
        var address: String?
        var credential: String?
        var appId: String?
    }

    /// Which bucket refused a request, for the message.
    enum Refusal: Sendable, Equatable {
        case address, credential, app
    }

    private struct Tables: Sendable {
        let perAddress: RateLimiter
        let perCredential: RateLimiter
        let perApp: RateLimiter

        init(_ family: APIRateLimits.Family, maxKeys: Int, now: @escaping @Sendable () -> ContinuousClock.Instant) {
            perAddress = RateLimiter(limit: family.perAddress, maxKeys: maxKeys, now: now)
            perCredential = RateLimiter(limit: family.perCredential, maxKeys: maxKeys, now: now)
            perApp = RateLimiter(limit: family.perApp, maxKeys: maxKeys, now: now)
        }
    }

    private let sdk: Tables
    private let s2s: Tables
    private let management: Tables

    init(limits: APIRateLimits, now: @escaping @Sendable () -> ContinuousClock.Instant) {
        sdk = Tables(limits.sdk, maxKeys: limits.maxTrackedKeys, now: now)
        s2s = Tables(limits.s2s, maxKeys: limits.maxTrackedKeys, now: now)
        management = Tables(limits.management, maxKeys: limits.maxTrackedKeys, now: now)
    }

    /// Takes a token from each of the caller's buckets, the address first so that one noisy client
    /// is refused before it can drain the budget its key or app shares with everyone else; returns
    /// the first refusal with its seconds to wait.
    func admit(_ caller: Caller, in family: Family) -> (Refusal, retryAfter: Int)? {
        let tables =
            switch family {
            case .sdk: sdk
            case .s2s: s2s
            case .management: management
            }
        if let address = caller.address, case .limited(let seconds) = tables.perAddress.take(address) {
            return (.address, seconds)
        }
        if let credential = caller.credential, case .limited(let seconds) = tables.perCredential.take(credential) {
            return (.credential, seconds)
        }
        if let appId = caller.appId, case .limited(let seconds) = tables.perApp.take(appId) {
            return (.app, seconds)
        }
        return nil
    }
}
