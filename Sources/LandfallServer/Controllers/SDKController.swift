import Foundation
import HTTPTypes
import Hummingbird
import LandfallAttribution
import LandfallModels
import LandfallStore
import Logging

/// The SDK endpoints of the LinkForty SDK specification: install reports, link resolution and events.
struct SDKController: Sendable {
    let storage: any LandfallStorage
    let authenticator: Authenticator
    let installs: InstallService
    let events: EventService
    let lookup: LinkLookup
    let trustProxy: Bool
    let now: @Sendable () -> Date

    func register(on router: Router<LandfallRequestContext>) {
        router.post("api/sdk/v1/install", use: install)
        router.get("api/sdk/v1/resolve/:segment", use: resolve)
        router.get("api/sdk/v1/resolve/:segment/:code", use: resolve)
        router.post("api/sdk/v1/event", use: event)
        router.post("api/sdk/v1/events", use: eventBatch)
    }

    @Sendable func install(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let body = try await RequestDecoding.decode(InstallRequest.self, from: request)
        let app = try await sdkApp(request, appToken: body.appToken)
        let address = ClientAddress.of(request, context: context, trustProxy: trustProxy)
        let outcome = try await installs.report(body, app: app, ipAddress: address, logger: context.logger)
        let install = outcome.install
        let attributed = install.method.isAttributed
        return try JSONResponse.make(
            InstallResponse(
                installId: install.id, attributed: attributed, confidenceScore: Double(attributed ? install.confidence : 0),
                matchedFactors: attributed ? install.matchedFactors : [], deepLinkData: attributed ? outcome.deepLinkData : nil,
                method: install.method.rawValue, clickId: install.clickId
            ))
    }

    @Sendable func resolve(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let segment = try context.parameters.require("segment")
        let code = context.parameters.get("code") ?? segment
        let slug = context.parameters.get("code") == nil ? nil : segment
        let keyed = try await authenticator.optionalAppKey(request)
        let found: (LinkRecord, AppRecord)?
        if let keyed {
            found = try await storage.link(shortCode: code, appId: keyed.id).map { ($0, keyed) }
        } else {
            found = try await lookup.resolve(code: code, slug: nil, host: RedirectController.host(of: request))
        }
        let date = now()
        // A blocked link is as unknown here as on the redirect; a warned one opens the app, which is no risk.
        guard let (link, app) = found, slug == nil || slug == link.templateSlug, link.isActive, link.effectiveSafety != .block,
            link.expiresAt.map({ $0 > date }) ?? true
        else {
            throw APIError.notFound("link_not_found", "no active link with that code")
        }
        let query = request.uri.queryParameters
        try await storage.insertAppOpen(
            AppOpenRecord(
                id: SecretGenerator.identifier(), appId: app.id, linkId: link.id, openedAt: date,
                platform: query.get("fp_platform").map { String($0.prefix(32)) },
                osVersion: EvidenceBuilder.normalizeOSVersion(query.get("fp_pv")),
                screenWidth: query.get("fp_sw").flatMap(Int.init).flatMap { (1...20_000).contains($0) ? $0 : nil },
                screenHeight: query.get("fp_sh").flatMap(Int.init).flatMap { (1...20_000).contains($0) ? $0 : nil },
                timezone: TimeZoneName.normalize(query.get("fp_tz")), language: LanguageTag.normalize(query.get("fp_lang"))
            ))
        return try JSONResponse.make(DeepLinkDataBuilder.make(link: link, app: app, clickedAt: date))
    }

    @Sendable func event(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let data = try await RequestDecoding.body(request)
        let event = try RequestDecoding.event(from: data)
        let keyed = try await authenticator.optionalAppKey(request)
        let result = try await events.record(event, revenue: try EventService.revenue(of: event.eventData), keyedApp: keyed)
        return JSONResponse.make(json: result.json, status: result.duplicate ? .ok : .created)
    }

    /// The SDK's offline queue in one request: every event is validated first, then all are stored
    /// in one transaction, each deduplicated by its client id.
    @Sendable func eventBatch(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let batch = try RequestDecoding.eventBatch(from: try await RequestDecoding.body(request))
        guard (1...100).contains(batch.count) else { throw APIError.validation("events", "must hold 1 to 100 events") }
        let keyed = try await authenticator.optionalAppKey(request)
        let revenues = try batch.enumerated().map { index, event in
            try EventService.revenue(of: event.eventData, prefix: "events[\(index)].eventData")
        }
        let results = try await events.record(batch, revenues: revenues, keyedApp: keyed)
        return JSONResponse.make(json: .object(["events": .array(results.map(\.json))]))
    }

    /// The app an SDK call is for: its key, LinkForty Android's `appToken`, the host's app, or the
    /// deployment's only app.
    private func sdkApp(_ request: Request, appToken: String?) async throws -> AppRecord {
        if let app = try await authenticator.optionalAppKey(request) { return app }
        if let appToken, let keyed = try await authenticator.liveKey(appToken) { return keyed.app }
        if let host = RedirectController.host(of: request), let app = try await storage.app(forHost: host) { return app }
        let apps = try await storage.listApps()
        if apps.count == 1, let only = apps.first { return only }
        throw APIError(.unauthorized, code: "app_key_required", message: "send the app's publishable key as 'Authorization: Bearer <key>'")
    }
}
