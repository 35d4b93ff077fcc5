/// Token buckets in front of the JSON API, by route family. Each family has three buckets a request
/// must pass: its client address's, its credential's (one API key, or the admin token) and its app's
/// (every key of one app together).
///
/// The defaults are far above what real traffic sends, so they only stop runaway clients and floods:
/// a leaked publishable key, a retry loop, a script gone wrong. The SDK address bucket is the one to
/// think about: many phones share one carrier-NAT address, and an app's install burst after a
/// campaign or a push reaches the server from a handful of such addresses, so it allows 200 requests
/// a second per address with 12,000 at once. Loopback peers have no address bucket: they are this
/// host's own reverse proxy (whose clients are only told apart with `trustProxy`) or its operator.
public struct APIRateLimits: Sendable, Hashable {
    /// The three buckets of one route family.
    public struct Family: Sendable, Hashable {
        public var perAddress: RateLimiter.Limit
        public var perCredential: RateLimiter.Limit
        public var perApp: RateLimiter.Limit

        public init(perAddress: RateLimiter.Limit, perCredential: RateLimiter.Limit, perApp: RateLimiter.Limit) {
            self.perAddress = perAddress
            self.perCredential = perCredential
            self.perApp = perApp
        }

        /// Every bucket scaled by `factor` (their burst; the period stays), for `--rate-limit-scale`.
        public func scaled(by factor: Double) -> Family {
            func scale(_ limit: RateLimiter.Limit) -> RateLimiter.Limit {
                .init(burst: max(1, Int((Double(limit.burst) * factor).rounded())), per: limit.per)
            }
            return Family(perAddress: scale(perAddress), perCredential: scale(perCredential), perApp: scale(perApp))
        }
    }

    /// Off answers every request without touching a bucket.
    public var enabled: Bool
    /// `/api/sdk/…`: publishable keys inside apps.
    public var sdk: Family
    /// `/api/s2s/…`: ad networks and app backends reporting clicks and installs.
    public var s2s: Family
    /// Every other `/api/…` route: secret keys and the admin token.
    public var management: Family
    /// How many keys each bucket table tracks before it drops the idle ones.
    public var maxTrackedKeys: Int

    public init(
        enabled: Bool = true,
        sdk: Family = Self.defaultSDK,
        s2s: Family = Self.defaultS2S,
        management: Family = Self.defaultManagement,
        maxTrackedKeys: Int = 50_000
    ) {
        self.enabled = enabled
        self.sdk = sdk
        self.s2s = s2s
        self.management = management
        self.maxTrackedKeys = maxTrackedKeys
    }

    /// 200/s per address, 20,000/s per key and per app.
    public static let defaultSDK = Family(
        perAddress: .init(burst: 12_000, per: .seconds(60)),
        perCredential: .init(burst: 1_200_000, per: .seconds(60)),
        perApp: .init(burst: 1_200_000, per: .seconds(60))
    )
    /// 2,000/s per address and per key, 4,000/s per app.
    public static let defaultS2S = Family(
        perAddress: .init(burst: 120_000, per: .seconds(60)),
        perCredential: .init(burst: 120_000, per: .seconds(60)),
        perApp: .init(burst: 240_000, per: .seconds(60))
    )
    /// 500/s per address and per credential, 1,000/s per app.
    public static let defaultManagement = Family(
        perAddress: .init(burst: 30_000, per: .seconds(60)),
        perCredential: .init(burst: 30_000, per: .seconds(60)),
        perApp: .init(burst: 60_000, per: .seconds(60))
    )

    /// Every family scaled by `factor`.
    public func scaled(by factor: Double) -> APIRateLimits {
        var copy = self
        copy.sdk = sdk.scaled(by: factor)
        copy.s2s = s2s.scaled(by: factor)
        copy.management = management.scaled(by: factor)
        return copy
    }
}
