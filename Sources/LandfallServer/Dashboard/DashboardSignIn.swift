import Foundation
import LandfallStore
import NIOConcurrencyHelpers

/// Checks an email and password from the sign-in form, within the sign-in rate limits.
///
/// A wrong password and an unknown email answer alike and take the same time: for an unknown email
/// the password is checked against a dummy hash made with the same parameters, so timing cannot tell
/// which emails have accounts.
struct DashboardSignIn: Sendable {
    let storage: any LandfallStorage
    let hasher: PasswordHasher
    let perAccount: RateLimiter
    let perAddress: RateLimiter
    /// Made on first use: hashing costs about as much as a sign-in.
    private let dummyHash = NIOLockedValueBox<String?>(nil)

    /// The buckets refill on the monotonic clock: a step of the wall clock neither opens nor closes them.
    init(
        storage: any LandfallStorage, hasher: PasswordHasher, limits: DashboardSignInLimits,
        uptime: @escaping @Sendable () -> ContinuousClock.Instant
    ) {
        self.storage = storage
        self.hasher = hasher
        perAccount = RateLimiter(limit: limits.perAccount, maxKeys: 100_000, now: uptime)
        perAddress = RateLimiter(limit: limits.perAddress, maxKeys: 100_000, now: uptime)
    }

    enum Outcome: Sendable, Equatable {
        case signedIn(userId: String, email: String)
        case refused
        case limited(retryAfter: Int)
    }

    /// Spends a token of the address's bucket; the seconds to wait when there is none.
    func admit(address: String?) -> Int? {
        // Without an address (a loopback peer with no trusted forwarded header) one shared bucket
        // still bounds the total.
        if case .limited(let seconds) = perAddress.take(address ?? "unknown") { return seconds }
        return nil
    }

    func check(email: String, password: String, address: String?) async throws -> Outcome {
        let email = DashboardAccountService.normalizedEmail(email)
        if let seconds = admit(address: address) { return .limited(retryAfter: seconds) }
        if case .limited(let seconds) = perAccount.take(email) { return .limited(retryAfter: seconds) }
        // Made before the lookup, so that the first attempt with an unknown email is not the one
        // slow attempt.
        let dummy = try await dummy()
        guard let user = try await storage.dashboardUser(email: email) else {
            _ = await hasher.verify(password, against: dummy)
            return .refused
        }
        guard await hasher.verify(password, against: user.passwordHash) else { return .refused }
        return .signedIn(userId: user.id, email: user.email)
    }

    private func dummy() async throws -> String {
        if let hash = dummyHash.withLockedValue({ $0 }) { return hash }
        let hash = try await hasher.hash(SecretGenerator.base62(length: 24))
        dummyHash.withLockedValue { $0 = $0 ?? hash }
        return hash
    }
}
