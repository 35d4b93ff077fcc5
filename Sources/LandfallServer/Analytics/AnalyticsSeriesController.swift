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
        let currencies = try await storage.analyticsCurrencies(appId: app.id, linkId: query.linkId, from: query.from, to: query.to)
        let grouper = SeriesGrouper(storage: storage, appId: app.id, grouping: query.grouping)
        if query.wantsCSV {
            return csv(query, appId: app.id, currencies: currencies, grouper: grouper, logger: context.logger)
        }
        var labels = SeriesGrouper.LinkLabels()
        let raw = try await storage.analyticsSeries(query.query(appId: app.id, from: query.from, to: query.to))
        let rows = try await grouper.rows(raw, labels: &labels)
        return try JSONResponse.make(SeriesReport(request: query, currencies: currencies, rows: rows))
    }

    /// Writes the header at once, then each part of the range as soon as it is counted, so a long
    /// export starts downloading immediately and never sits in memory whole.
    private func csv(_ query: SeriesRequest, appId: String, currencies: [String], grouper: SeriesGrouper, logger: Logger) -> Response {
        let storage = self.storage
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
