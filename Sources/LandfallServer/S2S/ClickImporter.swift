import Foundation
import LandfallStore
import Logging

/// Imports clicks read from a file through the S2S clicks endpoint's service, so an imported click
/// is validated, parsed, keyed and deduplicated exactly like a posted one.
public struct ClickImporter: Sendable {
    let service: S2SClickService

    /// What an import did, counted per row.
    public struct Outcome: Sendable {
        /// Rows stored by this import.
        public var imported = 0
        /// Of those, rows older than the app's attribution window: stored for history, never a candidate.
        public var history = 0
        /// Rows already stored (an earlier import, or the same click twice in the file).
        public var duplicates = 0
        public var refused: [(line: Int, reason: String)] = []
    }

    public init(storage: any LandfallStorage, now: @escaping @Sendable () -> Date = { Date() }) {
        service = S2SClickService(storage: storage, now: now)
    }

    /// Imports `rows` in batches of the endpoint's size; `progress` is told how many rows are done
    /// after each batch.
    public func importClicks(
        _ rows: [ClickImportRow], app: AppRecord, logger: Logger, progress: (Int) -> Void = { _ in }
    ) async throws -> Outcome {
        var outcome = Outcome()
        // An id stored by an earlier batch of this import is a duplicate when it comes again.
        var counted: Set<String> = []
        var done = 0
        for batch in rows.chunked(into: S2SClickService.batchLimit) {
            let recorded = try await service.recordReportingNew(batch.map { .success($0.item) }, app: app, logger: logger)
            let now = service.now()
            for (row, result) in zip(batch, recorded.results) {
                guard let id = result.clickId else {
                    outcome.refused.append((row.line, result.error?.message ?? "refused"))
                    continue
                }
                if recorded.inserted.contains(id), counted.insert(id).inserted {
                    outcome.imported += 1
                    if let milliseconds = row.item.timestamp,
                        !S2STimeBounds.isInsideWindow(
                            Date(epochMilliseconds: Int64(milliseconds)), now: now, windowHours: app.settings.attributionWindowHours
                        )
                    {
                        outcome.history += 1
                    }
                } else {
                    outcome.duplicates += 1
                }
            }
            done += batch.count
            progress(done)
        }
        return outcome
    }
}
