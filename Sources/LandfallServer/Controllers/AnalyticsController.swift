import Foundation
import Hummingbird
import LandfallModels
import LandfallStore

/// `GET /api/analytics/overview` and `/api/analytics/links/:id` over `?from=&to=`; secret key.
struct AnalyticsController: Sendable {
    let storage: any LandfallStorage
    let authenticator: Authenticator
    let now: @Sendable () -> Date

    /// Long enough for a year-over-year look, short enough that one query stays bounded.
    static let maximumRange: TimeInterval = 366 * 86_400

    struct Report: Encodable {
        struct Clicks: Encodable { var human: Int; var bot: Int }
        struct Installs: Encodable { var total: Int; var attributed: Int; var organic: Int; var byMethod: [String: Int] }
        struct Revenue: Encodable { var currency: String; var amount: String }

        var from: Date
        var to: Date
        var linkId: String?
        var clicks: Clicks
        var appOpens: Int
        var installs: Installs
        var events: [String: Int]
        var revenue: [Revenue]
        /// Attributed installs per human click.
        var conversionRate: Double
    }

    func register(on router: Router<LandfallRequestContext>) {
        router.get("api/analytics/overview", use: overview)
        router.get("api/analytics/links/:linkId", use: link)
    }

    @Sendable func overview(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        return try JSONResponse.make(try await report(app: app, linkId: nil, request: request))
    }

    @Sendable func link(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        let linkId = try context.parameters.require("linkId")
        guard try await storage.link(id: linkId, appId: app.id) != nil else {
            throw APIError.notFound("link_not_found", "no link with that id")
        }
        return try JSONResponse.make(try await report(app: app, linkId: linkId, request: request))
    }

    private func report(app: AppRecord, linkId: String?, request: Request) async throws -> Report {
        let (from, to) = try range(request)
        let summary = try await storage.analytics(appId: app.id, linkId: linkId, from: from, to: to)
        let total = summary.installsByMethod.values.reduce(0, +)
        let organic = summary.installsByMethod[InstallMethod.organic.rawValue] ?? 0
        return Report(
            from: from, to: to, linkId: linkId,
            clicks: .init(human: summary.humanClicks, bot: summary.botClicks), appOpens: summary.appOpens,
            installs: .init(total: total, attributed: total - organic, organic: organic, byMethod: summary.installsByMethod),
            events: summary.eventsByName,
            revenue: summary.revenueMicrosByCurrency.sorted { $0.key < $1.key }
                .map { .init(currency: $0.key, amount: EventService.format(micros: $0.value)) },
            conversionRate: summary.humanClicks == 0 ? 0 : Double(total - organic) / Double(summary.humanClicks)
        )
    }

    /// `from`/`to` as ISO 8601 timestamps or `YYYY-MM-DD` days; default: the last 30 days.
    private func range(_ request: Request) throws -> (Date, Date) {
        let parameters = request.uri.queryParameters
        // The range is half-open; by default it ends just after now, so this moment is in it.
        let to = try parameters.get("to").map { try Self.date($0, field: "to") } ?? now().addingTimeInterval(1)
        let from = try parameters.get("from").map { try Self.date($0, field: "from") } ?? to.addingTimeInterval(-30 * 86_400)
        guard from < to else { throw APIError.validation("from", "must be before to") }
        guard to.timeIntervalSince(from) <= Self.maximumRange else {
            throw APIError.validation("to", "the range can span at most 366 days")
        }
        return (from, to)
    }

    static func date(_ text: String, field: String) throws -> Date {
        if let date = LandfallJSON.parseTimestamp(text) { return date }
        if text.count == 10, let day = LandfallJSON.parseTimestamp(text + "T00:00:00Z") { return day }
        throw APIError.validation(field, "must be an ISO 8601 date such as 2026-01-31 or 2026-01-31T12:00:00Z")
    }
}
