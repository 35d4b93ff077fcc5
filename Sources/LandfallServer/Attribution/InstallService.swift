import Foundation
import HTTPTypes
import LandfallAttribution
import LandfallModels
import LandfallStore
import Logging

/// Answers an SDK's install report: the same install for a retry, the click named by a token, or
/// the engine's decision over candidate clicks fetched through indexes.
struct InstallService: Sendable {
    let storage: any LandfallStorage
    let recorder: ClickRecorder
    let configuration: AttributionConfiguration
    let metrics: ServerMetrics
    /// Evidence of settled candidate clicks: the newest clicks of a common device signature are
    /// candidates of many installs in a row, and deriving their evidence is most of a match's work.
    let evidence: ExpiringCache<String, ClickEvidence>

    /// A click's evidence is cached only once its page's beacon can no longer change it.
    static let evidenceSettle: TimeInterval = 300
    let now: @Sendable () -> Date

    /// Per index key; enough for a crowd behind one office network, bounded for a hot prefix.
    static let candidateLimit = 200

    struct Outcome: Sendable {
        var install: InstallRecord
        var deepLinkData: DeepLinkData?
    }

    func report(_ request: InstallRequest, app: AppRecord, ipAddress: String?, logger: Logger) async throws -> Outcome {
        let fingerprint = try InstallValidation.fingerprint(request, ipAddress: ipAddress)
        let dedupKey = InstallValidation.dedupKey(request, fingerprint: fingerprint)
        if let existing = try await storage.install(dedupKey: dedupKey, appId: app.id) {
            return try await outcome(existing, app: app)
        }
        // Clicks of the last moments may still sit in the recorder's buffer.
        try await recorder.flush()
        let reportedAt = now()
        let evidence = EvidenceBuilder.install(
            reportedAt: reportedAt, userAgent: fingerprint.userAgent, ipAddress: ipAddress,
            screenWidth: fingerprint.screenWidth, screenHeight: fingerprint.screenHeight, timezone: fingerprint.timezone,
            language: fingerprint.language, platform: request.platform, platformVersion: request.platformVersion,
            deviceModel: request.deviceModel
        )
        var stored = fingerprint
        stored.platform = evidence.platform.rawValue
        stored.osVersion = evidence.osVersion
        stored.ipPrefix = evidence.ipPrefix
        stored.deviceModel = evidence.deviceModel

        var excluded: Set<String> = []
        // A click consumed by a concurrent install between decision and commit: decide again without it.
        for _ in 0..<3 {
            let clock = ContinuousClock()
            let started = clock.now
            let decided = try await decide(request, evidence: evidence, app: app, excluding: excluded)
            metrics.installMatched(method: decided.decision.method.rawValue, duration: clock.now - started)
            let install = InstallRecord(
                id: SecretGenerator.identifier(), appId: app.id, dedupKey: dedupKey, createdAt: reportedAt, fingerprint: stored,
                method: decided.decision.method.rawValue, confidence: decided.decision.confidence,
                matchedFactors: decided.decision.matchedFactors, clickId: decided.click?.id, linkId: decided.click?.linkId
            )
            do {
                try await storage.insertInstall(install)
                logger.info("install attributed", metadata: [
                    "app": "\(app.id)", "install": "\(install.id)", "method": "\(install.method)", "confidence": "\(install.confidence)",
                ])
                return try await outcome(install, app: app, click: decided.click)
            } catch let error as StoreError where error.conflictingField == "click" {
                if let clickId = decided.click?.id { excluded.insert(clickId) }
            } catch let error as StoreError where error.conflictingField == "dedupKey" {
                // The same install reported twice at once: the first one stored wins.
                if let existing = try await storage.install(dedupKey: dedupKey, appId: app.id) {
                    return try await outcome(existing, app: app)
                }
                throw error
            }
        }
        throw APIError(.serviceUnavailable, code: "attribution_contended", message: "the matching clicks were taken concurrently; retry")
    }

    private func decide(
        _ request: InstallRequest, evidence: InstallEvidence, app: AppRecord, excluding excluded: Set<String>
    ) async throws -> (decision: AttributionDecision, click: ClickRecord?) {
        if let token = InstallValidation.clickToken(request), let click = try await storage.click(token: token, appId: app.id),
           !excluded.contains(click.id) {
            return (.deterministic(clickId: click.id), click)
        }
        let windowHours = min(app.settings.attributionWindowHours, request.attributionWindowHours ?? Int.max)
        let window = TimeInterval(windowHours) * 3600
        let since = evidence.reportedAt.addingTimeInterval(-window)
        let platform = evidence.platform.rawValue
        var fetched: [String: ClickRecord] = [:]
        if let prefix = evidence.ipPrefix {
            for click in try await storage.candidates(appId: app.id, platform: platform, ipPrefix: prefix, since: since, until: evidence.reportedAt, limit: Self.candidateLimit) {
                fetched[click.id] = click
            }
        }
        if let signature = EvidenceBuilder.signature(evidence) {
            for click in try await storage.candidates(appId: app.id, platform: platform, signature: signature, since: since, until: evidence.reportedAt, limit: Self.candidateLimit) {
                fetched[click.id] = click
            }
        }
        // The store leaves out clicks older than their own link's window.
        let candidates = fetched.values.filter { !excluded.contains($0.id) }.sorted { $0.id < $1.id }
        let values = Factor.counted.compactMap { factor in factor.value(of: evidence).map { (factor: factor.rawValue, value: $0) } }
        let population = try await storage.population(
            appId: app.id, platform: platform, fromDay: ClickStatistics.day(of: since), toDay: ClickStatistics.day(of: evidence.reportedAt), values: values
        )
        var configuration = self.configuration
        if let threshold = app.settings.attributionThreshold { configuration.threshold = threshold }
        let decision = AttributionEngine(configuration: configuration).decide(
            install: evidence, candidates: candidates.map { clickEvidence($0, at: evidence.reportedAt) },
            population: StoredPopulation(population: population), window: window
        )
        return (decision, decision.clickId.flatMap { id in candidates.first { $0.id == id } })
    }

    private func clickEvidence(_ click: ClickRecord, at date: Date) -> ClickEvidence {
        if let known = evidence.value(for: click.id) { return known }
        let derived = ClickEvidenceMapping.evidence(click)
        if date.timeIntervalSince(click.clickedAt) > Self.evidenceSettle { evidence.store(derived, for: click.id, readAt: 0) }
        return derived
    }

    private func outcome(_ install: InstallRecord, app: AppRecord, click: ClickRecord? = nil) async throws -> Outcome {
        guard let linkId = install.linkId, let link = try await storage.link(id: linkId, appId: app.id) else {
            return Outcome(install: install, deepLinkData: nil)
        }
        var clickedAt = click?.clickedAt
        if clickedAt == nil, let clickId = install.clickId {
            clickedAt = try await storage.click(id: clickId, appId: app.id)?.clickedAt
        }
        return Outcome(install: install, deepLinkData: DeepLinkDataBuilder.make(link: link, app: app, clickedAt: clickedAt))
    }
}
