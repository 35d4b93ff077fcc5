import Foundation
import HTTPTypes
import Hummingbird
import LandfallStore
import Logging

/// `GET /api/v1.0/conversion-value` and `/api/v2.0/conversion-value`: AppsFlyer's SDK-less
/// SKAdNetwork API. The request names the install (`uid`), the app by App Store id (`app_id`) and is
/// signed with the app's dev key; v1 answers `{"value"}`, v2 adds the SKAdNetwork 4 fields.
struct ConversionValueController: Sendable {
    let storage: any LandfallStorage
    let directory: ConversionAppDirectory
    let service: ConversionValueService
    let gate: ConversionLoadGate
    let now: @Sendable () -> Date

    func register(on router: Router<LandfallRequestContext>) {
        router.get("api/v1.0/conversion-value") { request, context in try await answer(request, context: context, version: 1) }
        router.get("api/v2.0/conversion-value") { request, context in try await answer(request, context: context, version: 2) }
    }

    func answer(_ request: Request, context: LandfallRequestContext, version: Int) async throws -> Response {
        let parameters = try ConversionValueRequest(request)
        guard gate.tryEnter() else {
            context.logger.warning("conversion value refused: busy", metadata: ["limit": "\(gate.limit)"])
            throw APIError(
                .serviceUnavailable, code: "server_busy", message: "too many conversion-value requests; retry shortly",
                headers: [.retryAfter: "1"])
        }
        defer { gate.leave() }
        let state = try await value(parameters, context: context)
        let body = version == 1 ? ConversionValueState.v1Body(state) : ConversionValueState.v2Body(state)
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: body))
        )
    }

    private func value(_ parameters: ConversionValueRequest, context: LandfallRequestContext) async throws -> ConversionValueState {
        guard let app = try await directory.app(appStoreId: parameters.appStoreId),
            let devKey = try await storage.conversionDevKey(appId: app.id)
        else {
            // Without the app's dev key the signature cannot be valid; 401 says so without telling
            // which App Store ids this server knows.
            throw Self.rejected("invalid_signature", "the signature does not verify for this app_id")
        }
        let date = now()
        switch ConversionSignature.verify(
            parameters.form, signature: parameters.signature, timestamp: parameters.timestamp, devKey: devKey.devKey,
            appId: parameters.appId, uid: parameters.uid, now: date
        ) {
        case .valid: break
        case .invalidSignature: throw Self.rejected("invalid_signature", "the signature does not verify for this app_id")
        case .staleTimestamp: throw Self.rejected("stale_timestamp", "the timestamp is more than 5 minutes old")
        case .futureTimestamp: throw Self.rejected("future_timestamp", "the timestamp is more than 5 minutes ahead of the server")
        }
        let signedAt = ConversionSignature.date(fromTimestamp: parameters.timestamp) ?? date
        guard
            try await storage.claimConversionSignature(
                appId: app.id, signature: parameters.signature.lowercased(),
                expiresAt: signedAt.addingTimeInterval(ConversionSignature.tolerance + 1), now: date
            )
        else {
            context.logger.info(
                "conversion value refused: replayed signature", metadata: ["appId": "\(app.id)", "form": "\(parameters.form.rawValue)"])
            throw Self.rejected("replayed_signature", "this signature was already used; sign each request with a new timestamp")
        }
        guard let install = try await install(uid: parameters.uid, app: app) else {
            throw APIError.notFound("uid_not_found", "no install with that uid in this app")
        }
        let state = try await service.currentValue(of: install)
        context.logger.debug(
            "conversion value served",
            metadata: [
                "appId": "\(app.id)", "window": "\(state.postbackSequenceIndex)", "value": "\(state.fineValue)",
                "locked": "\(state.locked)",
            ])
        return state
    }

    static func rejected(_ code: String, _ message: String) -> APIError { APIError(.unauthorized, code: code, message: message) }

    /// The install `uid` names: Landfall's install id, or the `deviceId` an SDK reported with the
    /// install, since AppsFlyer's SDK-less client sends the IDFV it has (one install per device and
    /// app: reports with the same deviceId are the same install). Only ever among the app's installs.
    private func install(uid: String, app: AppRecord) async throws -> InstallRecord? {
        if let install = try await storage.install(id: uid, appId: app.id) { return install }
        return try await storage.install(dedupKey: InstallValidation.deviceDedupKey(uid), appId: app.id)
    }
}
