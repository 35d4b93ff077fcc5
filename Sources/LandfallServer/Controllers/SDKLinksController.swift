import Foundation
import HTTPTypes
import Hummingbird
import LandfallModels
import LandfallStore

/// `POST /api/sdk/v1/links`: the LinkForty SDK specification's simplified link creation; applies the app's newest template.
///
/// Apps call it with the publishable key they ship (as Branch's SDKs create links with the public key),
/// so that key must never be able to do more than a share needs: it cannot pick a short code (which
/// could take a campaign's code), and it is rate limited per app and per client address. It only
/// creates: no listing, no edits. A secret key (a backend) is not limited.
struct SDKLinksController: Sendable {
    let authenticator: Authenticator
    let service: LinkService
    let limits: SDKLinkRateLimiters
    let trustProxy: Bool

    func register(on router: Router<LandfallRequestContext>) {
        router.post("api/sdk/v1/links", use: create)
    }

    @Sendable func create(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let keyed = try await authenticator.requireAppKey(request)
        let app = keyed.app
        let isPublishable = keyed.key.kind == .publishable
        if isPublishable {
            try limits.admit(appId: app.id, address: ClientAddress.of(request, context: context, trustProxy: trustProxy))
        }
        let options = try await RequestDecoding.decode(CreateLinkOptions.self, from: request)
        if isPublishable, options.customCode != nil { throw ShareLinkPolicy.customCodeNotAllowed }
        let template = try await service.template(id: options.templateId, slug: options.templateSlug, app: app, newestByDefault: true)
        let input = LinkInput(
            content: LinkContent(
                deepLinkParameters: options.deepLinkParameters, utmParameters: options.utmParameters,
                title: options.title, description: options.description
            ),
            customCode: options.customCode,
            externalUserId: options.externalUserId
        )
        let created = try await service.create(input, app: app, template: template)
        let result = CreateLinkResult(
            url: service.url(for: created.link, app: app), shortCode: created.link.shortCode,
            linkId: created.link.id, deduplicated: created.deduplicated
        )
        return try JSONResponse.make(result, status: created.deduplicated ? .ok : .created)
    }
}

/// The two buckets a publishable-key link creation must pass: its app's and its client address's.
struct SDKLinkRateLimiters: Sendable {
    let perApp: RateLimiter
    let perAddress: RateLimiter

    init(limits: SDKLinkLimits, now: @escaping @Sendable () -> ContinuousClock.Instant) {
        perApp = RateLimiter(limit: limits.perApp, now: now)
        perAddress = RateLimiter(limit: limits.perAddress, now: now)
    }

    /// Throws a 429 with `Retry-After` when either bucket is empty. The address bucket is checked
    /// first so one noisy client does not drain its app's budget for everyone else.
    func admit(appId: String, address: String?) throws {
        try Self.require(perAddress.take("\(appId) \(address ?? "-")"))
        try Self.require(perApp.take(appId))
    }

    private static func require(_ decision: RateLimiter.Decision) throws {
        guard case .limited(let seconds) = decision else { return }
        throw APIError(
            .tooManyRequests, code: "rate_limited",
            message: "too many links created with this app's publishable key; retry after \(seconds) s",
            headers: [.retryAfter: String(seconds)]
        )
    }
}
