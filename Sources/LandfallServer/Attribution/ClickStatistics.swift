import Foundation
import LandfallAttribution
import LandfallStore
import Logging
import ServiceLifecycle

/// Keeps the daily counts of click signal values that the engine weighs agreements against.
///
/// Every `interval` it counts the human clicks written since its watermark, up to `settle` ago (so
/// the page's beacon has had time to add screen, time zone and language), and adds them to
/// `click_stats` while advancing the watermark in the same transaction. Several servers on one
/// database take turns: the watermark only moves by compare-and-set.
public final class ClickStatistics: Service, Sendable {
    private let storage: any LandfallStorage
    private let interval: Duration
    private let settle: TimeInterval
    private let logger: Logger
    private let now: @Sendable () -> Date
    private let schemaReady: SchemaGate?
    /// Moved after every count changed, so counts kept in memory (``PopulationCountCache``) are read again.
    let revision: StatisticsRevision

    /// Clicks read and counted per transaction.
    let pageSize: Int

    init(
        storage: any LandfallStorage, interval: Duration = .seconds(5), settle: TimeInterval = 10, pageSize: Int = 5000,
        logger: Logger, now: @escaping @Sendable () -> Date, schemaReady: SchemaGate? = nil,
        revision: StatisticsRevision = StatisticsRevision()
    ) {
        self.revision = revision
        self.schemaReady = schemaReady
        self.pageSize = pageSize
        self.storage = storage
        self.interval = interval
        self.settle = settle
        self.logger = logger
        self.now = now
    }

    static func day(of date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    /// Counts every settled click not counted yet, page by page; returns how many it counted.
    ///
    /// A graceful shutdown stops it after the page in progress: a server that starts behind by
    /// millions of clicks (a restore, an import) would otherwise not stop until it caught up.
    @discardableResult
    public func catchUp() async throws -> Int {
        var counted = 0
        let upTo = now().addingTimeInterval(-settle)
        while true {
            let watermark = try await storage.statisticsWatermark() ?? 0
            let after = Date(epochMilliseconds: watermark)
            guard after < upTo else { return counted }
            var clicks = try await storage.clicks(after: after, upTo: upTo, limit: pageSize)
            var next = upTo.epochMilliseconds
            if clicks.count == pageSize, let last = clicks.last {
                // Stop short of the last millisecond of a full page: its other clicks come next time
                // (unless the whole page is one millisecond, which only a synthetic load produces).
                let lastMillisecond = last.clickedAt.epochMilliseconds
                if clicks.first?.clickedAt.epochMilliseconds != lastMillisecond {
                    next = lastMillisecond - 1
                    clicks.removeAll { $0.clickedAt.epochMilliseconds > next }
                } else {
                    next = lastMillisecond
                }
            }
            let deltas = Self.deltas(clicks)
            guard try await storage.recordStatistics(deltas, watermarkFrom: watermark, to: next) else {
                // Another server counted this range.
                continue
            }
            // A pass that only moved the watermark (no new clicks) changed no count: the
            // counts kept in memory stay valid, where every 5-second pass used to drop them.
            if !deltas.isEmpty { revision.advance() }
            counted += clicks.count
            if next >= upTo.epochMilliseconds || Task.isShuttingDownGracefully { return counted }
        }
    }

    static func deltas(_ clicks: [ClickRecord]) -> [ClickStatDelta] {
        deltas(clicks.map { ($0, 1) })
    }

    /// Counts each click `weight` times: a group of identical clicks is counted at once.
    @_spi(Synthetic) public static func deltas(_ clicks: [(click: ClickRecord, weight: Int)]) -> [ClickStatDelta] {
        struct Key: Hashable { var app: String; var platform: String; var day: Int64; var factor: String?; var value: String? }
        var counts: [Key: Int] = [:]
        for (click, weight) in clicks {
            let evidence = ClickEvidenceMapping.evidence(click)
            let base = Key(app: click.appId, platform: evidence.platform.rawValue, day: day(of: click.clickedAt), factor: nil, value: nil)
            counts[base, default: 0] += weight
            for factor in Factor.counted {
                guard let value = factor.value(of: evidence) else { continue }
                var key = base
                key.factor = factor.rawValue
                key.value = value
                counts[key, default: 0] += weight
                // The clicks carrying the factor at all, under the empty value: a share is taken
                // among them (a click from carrier-grade NAT space has no network prefix).
                key.value = ClickStatDelta.carriedValue
                counts[key, default: 0] += weight
            }
        }
        return counts.map {
            ClickStatDelta(
                appId: $0.key.app, platform: $0.key.platform, day: $0.key.day, factor: $0.key.factor, value: $0.key.value, clicks: $0.value)
        }
        .sorted {
            ($0.appId, $0.platform, $0.day, $0.factor ?? "", $0.value ?? "") < (
                $1.appId, $1.platform, $1.day, $1.factor ?? "", $1.value ?? ""
            )
        }
    }

    public func run() async throws {
        if let schemaReady, await !cancelWhenGracefulShutdown({ await schemaReady.wait() }) { return }
        // Only the wait between rounds is cut short by a graceful shutdown: a round in progress
        // finishes its transaction instead of being cancelled halfway through it.
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                try await catchUp()
            } catch {
                logger.error("click statistics update failed; will retry", metadata: ["error": "\(String(reflecting: error))"])
            }
            let interval = self.interval
            guard (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }) != nil else { return }
        }
    }
}
