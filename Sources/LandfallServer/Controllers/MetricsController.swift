import Hummingbird
import HTTPTypes
import NIOCore

/// `GET /api/metrics`: this process's counters and latencies in Prometheus' text format (admin token).
struct MetricsController: Sendable {
    let authenticator: Authenticator
    let metrics: ServerMetrics
    let recorder: ClickRecorder
    let linkCache: ExpiringCache<LinkLookup.LinkKey, LinkLookup.ResolvedLink>

    func register(on router: Router<LandfallRequestContext>) {
        router.get("api/metrics", use: exposition)
    }

    @Sendable func exposition(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try authenticator.requireAdmin(request)
        let cache = linkCache.counts
        let text = metrics.exposition(
            counters: [
                ("landfall_link_cache_hits_total", "Short URLs resolved from memory.", cache.hits),
                ("landfall_link_cache_misses_total", "Short URLs resolved from the database.", cache.misses),
            ],
            gauges: [
                ("landfall_link_cache_entries", "Resolved links held in memory.", cache.entries),
                ("landfall_clicks_pending", "Clicks buffered and not yet written.", recorder.pendingCount),
            ]
        )
        return Response(
            status: .ok,
            headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text))
        )
    }
}
