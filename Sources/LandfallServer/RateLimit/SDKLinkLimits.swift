/// Limits on link creation with a publishable key. That key ships inside apps, so anyone can lift it
/// from a binary: these limits bound what it can do to a share per user per minute, and a whole app's
/// burst, while real sharing (a person taps "share" now and then) never meets them.
public struct SDKLinkLimits: Sendable, Hashable {
    public var perApp: RateLimiter.Limit
    public var perAddress: RateLimiter.Limit

    public init(
        perApp: RateLimiter.Limit = .init(burst: 600, per: .seconds(60)),
        perAddress: RateLimiter.Limit = .init(burst: 20, per: .seconds(60))
    ) {
        self.perApp = perApp
        self.perAddress = perAddress
    }
}
