/// How often the dashboard's sign-in form may be tried: per account (the email typed, known or not,
/// so the limit tells nothing about which emails exist) and per client address. Every attempt
/// spends a token, right or wrong. Someone who knows an email can use up that account's budget and
/// keep its owner out for a while; the bucket refills on its own, so that lasts only as long as
/// they keep trying, while guessing a password at five tries in 15 minutes is hopeless.
public struct DashboardSignInLimits: Sendable, Hashable {
    public var perAccount: RateLimiter.Limit
    public var perAddress: RateLimiter.Limit

    public init(
        perAccount: RateLimiter.Limit = .init(burst: 5, per: .seconds(15 * 60)),
        perAddress: RateLimiter.Limit = .init(burst: 20, per: .seconds(15 * 60))
    ) {
        self.perAccount = perAccount
        self.perAddress = perAddress
    }
}
