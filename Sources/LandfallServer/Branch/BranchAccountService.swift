import Foundation
import HTTPTypes
import LandfallModels
import LandfallStore

/// `POST /v1/profile` and `POST /v1/logout`: what Branch's Android SDK 5.0 to 5.8 sends for
/// `setIdentity` and `logout` (later Android SDKs and every iOS 3.x keep the identity on the device
/// and send it with each open as `identity`).
struct BranchAccountService: Sendable {
    let storage: any LandfallStorage
    let opens: BranchOpenService
    let now: @Sendable () -> Date

    /// The body both calls send: the tokens of the session, and for `/v1/profile` the identity.
    struct Request: Decodable, Sendable {
        var branchKey: String?
        var identity: String?
        var randomizedBundleToken: BranchText?
        var randomizedDeviceToken: BranchText?

        enum CodingKeys: String, CodingKey {
            case branchKey = "branch_key", identity, randomizedBundleToken = "randomized_bundle_token"
            case randomizedDeviceToken = "randomized_device_token"
        }
    }

    /// What the SDK reads back: `randomized_bundle_token` and `link` always (it calls `getString`
    /// on both), a new `session_id` after a logout.
    struct Answer: Encodable, Sendable {
        var sessionId: String
        var randomizedBundleToken: String
        var identityId: String
        var randomizedDeviceToken: String
        var identity: String?
        var link: String

        enum CodingKeys: String, CodingKey {
            case sessionId = "session_id", randomizedBundleToken = "randomized_bundle_token", identityId = "identity_id"
            case randomizedDeviceToken = "randomized_device_token", identity, link
        }
    }

    /// Names the device's user: stored on the device, where events' `developer_identity` finds it.
    func identify(_ request: Request, app: AppRecord) async throws -> Answer {
        guard let identity = try Validate.text(request.identity, "identity", max: 256, required: true) else {
            throw APIError.validation("identity", "is required")
        }
        return try await setIdentity(identity, request: request, app: app)
    }

    /// Forgets the device's user; the device keeps its tokens and starts a new session.
    func logout(_ request: Request, app: AppRecord) async throws -> Answer {
        try await setIdentity(nil, request: request, app: app)
    }

    private func setIdentity(_ identity: String?, request: Request, app: AppRecord) async throws -> Answer {
        let device = try await device(request, app: app)
        let date = now()
        guard try await storage.setBranchIdentity(deviceId: device.id, appId: app.id, identity: identity, at: date) else {
            throw APIError.notFound("device_not_found", "no device of this app has these tokens; open the app first")
        }
        return Answer(
            sessionId: BranchIdentifiers.make(at: date), randomizedBundleToken: device.bundleToken, identityId: device.bundleToken,
            randomizedDeviceToken: device.id, identity: identity, link: opens.userURL(bundleToken: device.bundleToken)
        )
    }

    /// Only ever one of the key's own app's devices, by its bundle token or its device token.
    private func device(_ request: Request, app: AppRecord) async throws -> BranchDeviceRecord {
        let bundle = try Validate.text(request.randomizedBundleToken?.text, "randomized_bundle_token", max: 128)
        let token = try Validate.text(request.randomizedDeviceToken?.text, "randomized_device_token", max: 128)
        if let bundle, let device = try await storage.branchDevice(appId: app.id, bundleToken: bundle) { return device }
        if let token, let device = try await storage.branchDevice(id: token, appId: app.id) { return device }
        guard bundle != nil || token != nil else { throw APIError.validation("randomized_bundle_token", "is required") }
        throw APIError.notFound("device_not_found", "no device of this app has these tokens; open the app first")
    }
}
