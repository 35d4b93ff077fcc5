import Foundation
import HTTPTypes
import Hummingbird
import LandfallAttribution
import LandfallModels
import LandfallStore
import NIOCore

/// `POST /api/s2s/v1/clicks` and `/installs`: clicks and installs posted by a server (an ad
/// network, the customer's backend) with the time they happened. Secret keys only: a stated time
/// is trusted, so it is only taken from the app's own servers.
struct S2SController: Sendable {
    let authenticator: Authenticator
    let clicks: S2SClickService
    let installs: InstallService
    let now: @Sendable () -> Date

    /// A full batch of 1,000 clicks with long user agents.
    static let maximumBodySize = 2 * 1024 * 1024

    func register(on router: Router<LandfallRequestContext>) {
        router.post("api/s2s/v1/clicks", use: postClicks)
        router.post("api/s2s/v1/installs", use: postInstall)
    }

    @Sendable func postClicks(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        let body = try RequestDecoding.decode(S2SClickBody.self, from: try await Self.body(request))
        guard (1...S2SClickService.batchLimit).contains(body.slots.count) else {
            throw APIError.validation("clicks", "must hold 1 to \(S2SClickService.batchLimit) clicks")
        }
        let results = try await clicks.record(body.slots.map(\.item), app: app, logger: context.logger)
        return try JSONResponse.make(["results": results])
    }

    @Sendable func postInstall(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        struct Stated: Decodable {
            var ip: String?
            var timestamp: S2STimestamp?
        }
        let app = try await authenticator.requireSecretKey(request)
        let data = try await Self.body(request)
        let body = try RequestDecoding.decode(InstallRequest.self, from: data)
        let stated = try RequestDecoding.decode(Stated.self, from: data)
        guard let ip = stated.ip, ClientAddress.isIPAddress(ip) else {
            throw APIError.validation("ip", "must be the device's IPv4 or IPv6 address")
        }
        guard let installedAt = stated.timestamp?.date else {
            throw APIError.validation("timestamp", "is required (ISO 8601 or Unix time)")
        }
        let date = now()
        try S2STimeBounds.checkNotFuture(installedAt, now: date)
        guard S2STimeBounds.isInsideWindow(installedAt, now: date, windowHours: app.settings.attributionWindowHours) else {
            throw APIError(.badRequest, code: "timestamp_too_old", message: "timestamp: is older than the app's attribution window")
        }
        let outcome = try await installs.report(body, app: app, ipAddress: ip, statedAt: installedAt, logger: context.logger)
        let install = outcome.install
        let attributed = install.method.isAttributed
        return try JSONResponse.make(
            InstallResponse(
                installId: install.id, attributed: attributed, confidenceScore: Double(attributed ? install.confidence : 0),
                matchedFactors: attributed ? install.matchedFactors : [], deepLinkData: attributed ? outcome.deepLinkData : nil,
                method: install.method.rawValue, clickId: install.clickId
            ))
    }

    private static func body(_ request: Request) async throws -> Data {
        if let type = request.headers[.contentType], !type.lowercased().contains("json") {
            throw APIError(.unsupportedMediaType, code: "unsupported_media_type", message: "send the body as application/json")
        }
        do {
            return Data(try await request.body.collect(upTo: maximumBodySize).readableBytesView)
        } catch is NIOTooManyBytesError {
            throw RequestDecoding.tooLarge(maximumBodySize)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw RequestDecoding.tooLarge(maximumBodySize)
        }
    }
}
