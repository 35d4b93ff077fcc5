import Foundation
import HTTPTypes
import Hummingbird
import LandfallStore

/// `GET /api/users/:userId/referrals`: the people a user invited, in the exact shape of the Carton
/// Caps referral design — a bare array, newest first. Pages through `limit` and `cursor`; the next
/// page's cursor comes in the `X-Next-Cursor` header (and a `Link: <…>; rel="next"`), keeping the
/// body the design's.
///
/// Secret key; the publishable key too when the program allows it (`publishableKeyMayList`),
/// since the answer names the referees.
struct ReferralListController: Sendable {
    let authenticator: Authenticator
    let service: ReferralService

    static let nextCursorHeader = HTTPField.Name("X-Next-Cursor")!
    static let linkHeader = HTTPField.Name("Link")!

    func register(on router: Router<LandfallRequestContext>) {
        router.get("api/users/:userId/referrals", use: list)
    }

    @Sendable func list(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let presented = Authenticator.bearer(request), let keyed = try await authenticator.liveKey(presented) else {
            throw APIError.unauthorized
        }
        let app = keyed.app
        let program = try await service.storage.referralProgram(appId: app.id)
        if keyed.key.kind == .publishable, program?.program.publishableKeyMayList != true {
            throw APIError.forbidden("the referral program does not let the publishable key list referrals; use a secret key")
        }
        // The router hands path parameters over still percent-encoded.
        let userId = try context.parameters.require("userId")
        guard let referrerId = try Validate.text(userId.removingPercentEncoding ?? userId, "userId", max: 256, required: true) else {
            throw APIError.validation("userId", "is required")
        }
        let limit = try Self.limit(request)
        let cursor = try ReferralCursorText.parse(request.uri.queryParameters["cursor"].map(String.init))
        try await service.settle(ReferralScope(appId: app.id, referrerId: referrerId))
        let page = try await service.storage.referrals(appId: app.id, referrerId: referrerId, limit: limit, after: cursor)
        var response = try JSONResponse.make(page.referrals.map { ReferralListItem(referral: $0) })
        if let next = page.nextCursor.map(ReferralCursorText.format) {
            response.headers[Self.nextCursorHeader] = next
            let path = "/api/users/\(userId)/referrals"
            response.headers[Self.linkHeader] = "<\(path)?limit=\(limit)&cursor=\(next)>; rel=\"next\""
        }
        return response
    }

    /// `limit` 1-100, 50 when absent.
    static func limit(_ request: Request) throws -> Int {
        guard let text = request.uri.queryParameters["limit"] else { return 50 }
        guard let limit = Int(String(text)), (1...100).contains(limit) else {
            throw APIError.validation("limit", "must be an integer between 1 and 100")
        }
        return limit
    }
}
