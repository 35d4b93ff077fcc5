import Foundation
import HTTPTypes
import Hummingbird
import LandfallStore
import Logging
import NIOCore

/// Refuses JSON API requests over their family's limits with 429, `Retry-After` and the usual error
/// body. Registered after the redirect routes, so `GET /:code` never runs it.
struct APIRateLimitMiddleware: RouterMiddleware {
    typealias Context = LandfallRequestContext

    let limiters: APIRateLimiters
    let authenticator: Authenticator
    let trustProxy: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let family = APIRateLimiters.Family(path: request.uri.path) else { return try await next(request, context) }
        let caller = await self.caller(of: request, context: context)
        if let (refusal, seconds) = limiters.admit(caller, in: family) {
            context.logger.debug(
                "rate limited", metadata: ["bucket": "\(refusal)", "path": "\(request.uri.path)", "retry_after": "\(seconds)"])
            throw APIError(
                .tooManyRequests, code: "rate_limited",
                message: "too many requests \(Self.describe(refusal)); retry after \(seconds) s",
                headers: [.retryAfter: String(seconds)]
            )
        }
        return try await next(request, context)
    }

    private static func describe(_ refusal: APIRateLimiters.Refusal) -> String {
        switch refusal {
        case .address: "from this address"
        case .credential: "with this key"
        case .app: "for this app"
        }
    }

    /// The buckets a request is counted in. A credential only counts once it is known: a key that
    /// does not exist (or the wrong admin token) is left to the address bucket, so made-up keys cannot
    /// fill the tables.
    private func caller(of request: Request, context: Context) async -> APIRateLimiters.Caller {
        var caller = APIRateLimiters.Caller(address: address(of: request, context: context))
        guard let presented = Authenticator.bearer(request) else { return caller }
        if let keyed = try? await authenticator.liveKey(presented) {
            caller.credential = "key:" + keyed.key.id
            caller.appId = keyed.app.id
        } else if let expected = authenticator.adminTokenHash(), SecretGenerator.sha256Hex(presented) == expected {
            caller.credential = "admin"
        }
        return caller
    }

    /// The client's address; nil for a loopback peer without a trusted forwarded address: that is a
    /// reverse proxy on this host (all its clients would share one bucket) or the operator.
    private func address(of request: Request, context: Context) -> String? {
        if trustProxy, let header = request.headers[ClientAddress.forwardedFor], let first = ClientAddress.firstForwardedEntry(header) {
            return first
        }
        guard let peer = context.remoteAddress, let ip = peer.ipAddress else { return nil }
        return Self.isLoopback(peer) ? nil : ip
    }

    private static func isLoopback(_ address: SocketAddress) -> Bool {
        switch address {
        case .v4(let v4): (UInt32(bigEndian: v4.address.sin_addr.s_addr) >> 24) == 127
        case .v6: address.ipAddress == "::1"
        case .unixDomainSocket: true
        }
    }
}
