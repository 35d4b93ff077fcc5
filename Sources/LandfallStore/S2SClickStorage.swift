import Foundation

/// Clicks posted server to server: written idempotently, because networks retry their postbacks.
public protocol S2SClickStorage: Sendable {
    /// Inserts the clicks whose id is not stored yet, each with `received_at`, and returns the ids it
    /// inserted; a click whose id exists (a replayed postback) is left as it is. In the same
    /// transaction it adds `statistics(inserted clicks)` to the daily click statistics: a posted click's
    /// stated time may lie behind the statistics watermark, so the watermark's pass never sees it.
    func insertNewClicks(_ clicks: [ClickRecord], statistics: @escaping @Sendable ([ClickRecord]) -> [ClickStatDelta]) async throws -> Set<
        String
    >
}

extension S2SClickStorage {
    /// Inserts without counting statistics (callers that keep none).
    public func insertNewClicks(_ clicks: [ClickRecord]) async throws -> Set<String> {
        try await insertNewClicks(clicks, statistics: { _ in [] })
    }
}
