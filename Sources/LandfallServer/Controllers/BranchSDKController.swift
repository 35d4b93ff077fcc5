import Foundation
import HTTPTypes
import Hummingbird
import LandfallModels
import LandfallStore

/// The calls only Branch's mobile SDKs make, beyond the sessions, links and events
/// ``BranchController`` answers: identity and logout of Android 5.0-5.8, last-attributed-touch
/// data, and two calls of Android 5.0-5.6 that Landfall has no meaning for (a session closing, the
/// retired `v1/event`), answered so the SDK's queue moves on. Referral credits (`v1/credits`,
/// `v1/redeem`, deprecated in 5.5 and gone in 5.7) are not offered.
struct BranchSDKController: Sendable {
    let authenticator: Authenticator
    let accounts: BranchAccountService
    let events: BranchEventService
    let opens: BranchOpenService

    /// A body read for its `branch_key` only.
    struct Keyed: Decodable, Sendable {
        var branchKey: String?
        enum CodingKeys: String, CodingKey { case branchKey = "branch_key" }
    }

    /// `POST /v1/cpid/latd`: the SDK's `user_data` and the window it asks for, in days.
    struct LATDRequest: Decodable, Sendable {
        var branchKey: String?
        var userData: BranchEventRequest.UserData?
        var attributionWindow: BranchInteger?
        enum CodingKeys: String, CodingKey {
            case branchKey = "branch_key", userData = "user_data", attributionWindow = "attribution_window"
        }
    }

    func register(on router: Router<LandfallRequestContext>) {
        let v1 = router.group("v1").add(middleware: BranchErrorMiddleware())
        v1.post("profile") { request, context in
            let (body, _) = try await BranchBody.decode(BranchAccountService.Request.self, from: request)
            return try JSONResponse.make(try await accounts.identify(body, app: try await app(body.branchKey)))
        }
        v1.post("logout") { request, context in
            let (body, _) = try await BranchBody.decode(BranchAccountService.Request.self, from: request)
            return try JSONResponse.make(try await accounts.logout(body, app: try await app(body.branchKey)))
        }
        v1.post("cpid/latd", use: lastAttributedTouch)
        // Nothing to store or answer for these: an empty object is what the SDKs read as success.
        for path in ["close", "event"] {
            v1.post(RouterPath(stringLiteral: path)) { request, _ in
                let (body, _) = try await BranchBody.decode(Keyed.self, from: request)
                _ = try await app(body.branchKey)
                return try JSONResponse.make([String: String]())
            }
        }
    }

    /// The deep link data of the link the device's install was attributed to (`{}` when none).
    @Sendable func lastAttributedTouch(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let (body, _) = try await BranchBody.decode(LATDRequest.self, from: request)
        let app = try await app(body.branchKey)
        var touch: [String: Any] = [:]
        if let user = body.userData, let device = try await events.device(user, app: app),
            let referral = try await opens.installReferral(device, app: app)
        {
            let url = opens.resolver.links.url(for: referral.link, app: app)
            touch = BranchLinkData.dictionary(
                link: referral.link, branch: try await opens.storage.branchLink(linkId: referral.link.id, appId: app.id), app: app, url: url
            )
        }
        let answer: [String: Any] = ["last_attributed_touch_data": touch, "attribution_window": body.attributionWindow?.value ?? 30]
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: try BranchLinkData.text(answer)))
        )
    }

    /// The app of a Branch key (publishable); anything else is Branch's 401.
    private func app(_ branchKey: String?) async throws -> AppRecord {
        guard let branchKey = try Validate.text(branchKey, "branch_key", max: 256), let keyed = try await authenticator.liveKey(branchKey)
        else { throw APIError.branchCredentials("Invalid or missing app id, Branch key, or secret") }
        guard keyed.key.kind == .publishable else {
            throw APIError.branchCredentials("branch_key must be the app's Branch (publishable) key, never its secret")
        }
        return keyed.app
    }
}
