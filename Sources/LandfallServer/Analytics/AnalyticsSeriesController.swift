import Foundation
import HTTPTypes
import Hummingbird
import LandfallModels
import LandfallStore
import Logging
import NIOCore

/// `GET /api/analytics/series`: clicks, installs by method, events and revenue per hour or day,
/// grouped by link, template, campaign, platform or country; JSON, or CSV streamed part by part.
struct AnalyticsSeriesController: Sendable {
    let storage: any LandfallStorage
    let authenticator: Authenticator
    let now: @Sendable () -> Date

    func register(on router: Router<LandfallRequestContext>) {
        router.get("api/analytics/series", use: series)
    }

    @Sendable func series(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        let query = try SeriesRequest(request, now: now())
        if let linkId = query.linkId, try await storage.link(id: linkId, appId: app.id) == nil {
            throw APIError.notFound("link_not_found", "no link with that id")
        }
        if query.wantsCSV { return try await Self.csv(query, appId: app.id, storage: storage, logger: context.logger) }
        return try JSONResponse.make(try await Self.report(query, appId: app.id, storage: storage))
    }

    /// The JSON answer's report; the dashboard's analytics page draws the same one.
    static func report(_ query: SeriesRequest, appId: String, storage: any LandfallStorage) async throws -> SeriesReport {
        let currencies = try await storage.analyticsCurrencies(appId: appId, linkId: query.linkId, from: query.from, to: query.to)
        let grouper = SeriesGrouper(storage: storage, appId: appId, grouping: query.grouping)
        var labels = SeriesGrouper.LinkLabels()
        let raw = try await storage.analyticsSeries(query.query(appId: appId, from: query.from, to: query.to))
        let rows = try await grouper.rows(raw, labels: &labels)
        return SeriesReport(request: query, currencies: currencies, rows: rows)
    }

    /// Writes the header at once, then each part of the range as soon as it is counted, so a long
    /// export starts downloading immediately and never sits in memory whole.
    /// The dashboard's CSV download is this same answer.
    static func csv(_ query: SeriesRequest, appId: String, storage: any LandfallStorage, logger: Logger) async throws -> Response {
        let currencies = try await storage.analyticsCurrencies(appId: appId, linkId: query.linkId, from: query.from, to: query.to)
        let grouper = SeriesGrouper(storage: storage, appId: appId, grouping: query.grouping)
        let day = { (date: Date) in String(LandfallJSON.formatTimestamp(date).prefix(10)) }
        let filename = "landfall-\(query.grouping.rawValue)-\(query.interval.rawValue)-\(day(query.from))-\(day(query.to)).csv"
        let body = ResponseBody { writer in
            try await writer.write(ByteBuffer(string: SeriesCSV.header(currencies: currencies)))
            var labels = SeriesGrouper.LinkLabels()
            for (start, end) in query.chunks {
                let raw: [AnalyticsSeriesRow]
                do {
                    raw = try await storage.analyticsSeries(query.query(appId: appId, from: start, to: end))
                } catch {
                    // The status line is gone: cutting the stream short is the only way left to say it failed.
                    logger.error("analytics export failed", metadata: ["app": "\(appId)", "error": "\(String(reflecting: error))"])
                    throw error
                }
                let rows = try await grouper.rows(raw, labels: &labels)
                guard !rows.isEmpty else { continue }
                try await writer.write(ByteBuffer(string: rows.map { SeriesCSV.line($0, currencies: currencies) }.joined()))
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/csv; charset=utf-8", .cacheControl: "no-store",
                .contentDisposition: "attachment; filename=\"\(filename)\"",
            ],
            body: body
        )
    }
}
