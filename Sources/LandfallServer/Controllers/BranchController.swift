import Foundation
import HTTPTypes
import Hummingbird
import LandfallModels
import LandfallStore
import Logging

/// Branch's server-to-server API: `POST /v1/open`, `POST`/`GET /v1/url` and
/// `POST /v2/event/standard|custom`, answered in Branch's shapes, errors included.
struct BranchController: Sendable {
    let authenticator: Authenticator
    let opens: BranchOpenService
    let urls: BranchURLService
    let events: BranchEventService
    let trustProxy: Bool

    static let ipOverride = HTTPField.Name("X-IP-Override")!

    func register(on router: Router<LandfallRequestContext>) {
        let v1 = router.group("v1").add(middleware: BranchErrorMiddleware())
        v1.post("open") { request, context in try await session(request, context: context, install: false) }
        v1.post("install") { request, context in try await session(request, context: context, install: true) }
        v1.post("url", use: createURL)
        v1.get("url", use: readURL)
        let v2 = router.group("v2/event").add(middleware: BranchErrorMiddleware())
        v2.post("standard") { request, context in try await event(request, context: context, standard: true) }
        v2.post("custom") { request, context in try await event(request, context: context, standard: false) }
    }

    /// `/v1/install` is always a session from a Branch SDK; `/v1/open` is one when it carries the
    /// Branch key alone, and otherwise the server-to-server form.
    func session(_ request: Request, context: LandfallRequestContext, install: Bool) async throws -> Response {
        let (body, _) = try await BranchBody.decode(BranchOpenRequest.self, from: request)
        guard !install, !body.isSDKSession else {
            let valid = try body.validatedSDK(install: install, headerUserAgent: request.headers[.userAgent])
            let app = try await app(branchKey: valid.branchKey, secret: nil)
            // A publishable key is in every copy of the app: the device's address is the connection's.
            let address = ClientAddress.of(request, context: context, trustProxy: trustProxy)
            return try JSONResponse.make(try await opens.open(valid, app: app, ipAddress: address, logger: context.logger))
        }
        let valid = try body.validated()
        let app = try await app(branchKey: valid.branchKey, secret: valid.branchSecret)
        // The secret has been checked: only now may the caller name the device's address.
        var address = ClientAddress.of(request, context: context, trustProxy: trustProxy)
        if let override = request.headers[Self.ipOverride]?.trimmingCharacters(in: .whitespaces) {
            guard ClientAddress.isIPAddress(override) else { throw APIError.validation("X-IP-Override", "must be an IPv4 or IPv6 address") }
            address = override
        }
        return try JSONResponse.make(try await opens.open(valid, app: app, ipAddress: address, logger: context.logger))
    }

    @Sendable func createURL(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let (body, data) = try await BranchBody.decode(BranchURLRequest.self, from: request)
        let app = try await app(branchKey: body.branchKey, secret: nil)
        let url = try await urls.create(body, data: try BranchURLRequest.data(in: data), app: app)
        return try JSONResponse.make(["url": url])
    }

    @Sendable func readURL(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let app = try await app(branchKey: query.get("branch_key"), secret: nil)
        guard let url = query.get("url"), !url.isEmpty else { throw APIError.validation("url", "is required") }
        let answer = try await urls.read(url: url, app: app)
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: try BranchLinkData.text(answer)))
        )
    }

    func event(_ request: Request, context: LandfallRequestContext, standard: Bool) async throws -> Response {
        let (body, data) = try await BranchBody.decode(BranchEventRequest.self, from: request)
        let app = try await app(branchKey: body.branchKey, secret: nil)
        let stored = try await events.record(body, body: data, standard: standard, app: app)
        context.logger.debug(
            "branch event", metadata: ["app": "\(app.id)", "event": "\(stored.eventId)", "duplicate": "\(stored.duplicate)"])
        return try JSONResponse.make(["branch_view_enabled": false])
    }

    /// The app whose Branch key (a publishable key) is `branchKey`; with `secret`, that must be a
    /// live secret key of the same app.
    private func app(branchKey: String?, secret: String?) async throws -> AppRecord {
        let failure = APIError.branchCredentials("Invalid or missing app id, Branch key, or secret")
        guard let branchKey = try Validate.text(branchKey, "branch_key", max: 256),
            let keyed = try await authenticator.liveKey(branchKey)
        else { throw failure }
        guard keyed.key.kind == .publishable else {
            throw APIError.branchCredentials("branch_key must be the app's Branch (publishable) key, never its secret")
        }
        if let secret {
            guard let secretKey = try await authenticator.liveKey(secret), secretKey.key.kind == .secret, secretKey.app.id == keyed.app.id
            else {
                throw failure
            }
        }
        return keyed.app
    }
}
