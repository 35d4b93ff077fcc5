import Foundation
import HTTPTypes
import Hummingbird
import LandfallStore

/// `/api/referrals`: the app's program, invite links, registrations, completion, reversal and the
/// flagged report. Secret key throughout, except invites, which the SDK creates with the
/// publishable key (rate limited).
struct ReferralsController: Sendable {
    let authenticator: Authenticator
    let service: ReferralService
    let inviteLimits: SDKLinkRateLimiters
    let trustProxy: Bool

    func register(on router: Router<LandfallRequestContext>) {
        let referrals = router.group("api/referrals")
        referrals.get("program", use: showProgram)
        referrals.put("program", use: saveProgram)
        referrals.post("invites", use: invite)
        referrals.post(use: registration)
        referrals.get("flagged", use: flagged)
        referrals.get(":referralId", use: show)
        referrals.post(":referralId/complete", use: complete)
        referrals.post(":referralId/reverse", use: reverse)
    }

    @Sendable func showProgram(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        return try JSONResponse.make(ReferralProgramView(try await service.program(for: app)))
    }

    @Sendable func saveProgram(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        let program = try await RequestDecoding.decode(ReferralProgramInput.self, from: request).validated()
        return try JSONResponse.make(ReferralProgramView(try await service.saveProgram(program, app: app)))
    }

    @Sendable func invite(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let presented = Authenticator.bearer(request), let keyed = try await authenticator.liveKey(presented) else {
            throw APIError.unauthorized
        }
        if keyed.key.kind == .publishable {
            try inviteLimits.admit(appId: keyed.app.id, address: ClientAddress.of(request, context: context, trustProxy: trustProxy))
        }
        let input = try await RequestDecoding.decode(InviteInput.self, from: request)
        let invite = try await service.invite(input, app: keyed.app)
        return try JSONResponse.make(invite, status: invite.deduplicated ? .ok : .created)
    }

    @Sendable func registration(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        let input = try await RequestDecoding.decode(RegistrationInput.self, from: request)
        return try JSONResponse.make(ReferralDetail(referral: try await service.register(input, app: app)), status: .created)
    }

    @Sendable func show(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        return try JSONResponse.make(ReferralDetail(referral: try await service.referral(id: try Self.id(context), app: app)))
    }

    @Sendable func complete(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        let id = try Self.id(context)
        let referral = try await service.complete(id: id, input: try await Self.optionalReview(request), app: app)
        return try JSONResponse.make(ReferralDetail(referral: referral))
    }

    @Sendable func reverse(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        let id = try Self.id(context)
        let referral = try await service.reverse(id: id, input: try await Self.optionalReview(request), app: app)
        return try JSONResponse.make(ReferralDetail(referral: referral))
    }

    /// Flagged referrals with their reasons, newest first: the review queue.
    @Sendable func flagged(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        let limit = try ReferralListController.limit(request)
        let cursor = try ReferralCursorText.parse(request.uri.queryParameters["cursor"].map(String.init))
        let page = try await service.storage.referrals(appId: app.id, status: .flagged, limit: limit, after: cursor)
        return try JSONResponse.make(
            ReferralReport(
                data: page.referrals.map { ReferralDetail(referral: $0) }, nextCursor: page.nextCursor.map(ReferralCursorText.format)
            ))
    }

    static func id(_ context: LandfallRequestContext) throws -> Int64 {
        let text = try context.parameters.require("referralId")
        guard let id = Int64(text), id > 0 else { throw APIError.notFound("referral_not_found", "no referral \(text)") }
        return id
    }

    /// These bodies are optional: an empty body means no options.
    static func optionalReview(_ request: Request) async throws -> ReviewInput? {
        let body = try await RequestDecoding.body(request)
        return body.isEmpty ? nil : try RequestDecoding.decode(ReviewInput.self, from: body)
    }
}
