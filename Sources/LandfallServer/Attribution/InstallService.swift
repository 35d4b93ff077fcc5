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
    /// Evidence of settled candidate clicks stored before the candidate indexes carried it, with
    /// their link's window, so such a click's row is read once rather than once per install.
    let evidence: ExpiringCache<String, CachedCandidate>
    let populations: PopulationCountCache
    let histories: ClickHistories
    /// Each app's learned models, kept current by `AttributionModelService`.
    var models = AttributionModelCache()

    struct CachedCandidate: Sendable {
        var evidence: ClickEvidence
        var linkWindowHours: Int?
    }

    /// The click an install was credited to.
    struct MatchedClick: Sendable {
        var id: String
        var linkId: String
        var clickedAt: Date
    }

    /// A click's evidence is cached only once its page's beacon can no longer change it.
    static let evidenceSettle: TimeInterval = 300
    let now: @Sendable () -> Date
    /// Nil where nothing is published (services built outside `buildApplication`).
    var webhooks: WebhookPublisher? = nil

    /// Per index key, newest first. The simulator (`ClickIndex`, same limit) finds the same
    /// precision and recall at 50 as at 200 at every density: with more than a few dozen recent
    /// clicks sharing a key, none of the older ones can reach the threshold. Every candidate whose
    /// evidence is not in memory is a row read, so the cap is most of a cold match's cost.
    static let candidateLimit = 50

    struct Outcome: Sendable {
        var install: InstallRecord
        var deepLinkData: DeepLinkData?
    }

    /// - Parameters:
    ///   - statedAt: when a trusted server says the install happened (S2S); nil for now.
    ///   - probabilistic: false when only a click token may attribute the install (a device first
    ///     seen on a later session, whose click, if any, is long past).
    func report(
        _ request: InstallRequest, app: AppRecord, ipAddress: String?, statedAt: Date? = nil, probabilistic: Bool = true, logger: Logger
    ) async throws
        -> Outcome
    {
        let fingerprint = try InstallValidation.fingerprint(request, ipAddress: ipAddress)
        let dedupKey = InstallValidation.dedupKey(request, fingerprint: fingerprint)
        if let existing = try await storage.install(dedupKey: dedupKey, appId: app.id) {
            // A retry after a crash between the install's commit and its webhook's: publishing is idempotent.
            try await webhooks?.installReported(existing)
            return try await outcome(existing, app: app)
        }
        // Clicks of the last moments may still sit in the recorder's buffer.
        try await recorder.flush()
        let reportedAt = statedAt ?? now()
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
            let decided = try await decide(request, evidence: evidence, app: app, excluding: excluded, probabilistic: probabilistic)
            metrics.installMatched(method: InstallMethod(decided.decision.method), duration: clock.now - started)
            let install = InstallRecord(
                id: SecretGenerator.identifier(), appId: app.id, dedupKey: dedupKey, createdAt: reportedAt, fingerprint: stored,
                method: InstallMethod(decided.decision.method), confidence: decided.decision.confidence,
                matchedFactors: decided.decision.matchedFactors, clickId: decided.click?.id, linkId: decided.click?.linkId,
                matchObservation: decided.observation
            )
            do {
                try await storage.insertInstall(install)
                if install.matchObservation != nil { models.noteInstall(appId: app.id) }
                try await webhooks?.installReported(install)
                logger.info(
                    "install attributed",
                    metadata: [
                        "app": "\(app.id)", "install": "\(install.id)", "method": "\(install.method.rawValue)",
                        "confidence": "\(install.confidence)",
                    ])
                return try await outcome(install, app: app, clickedAt: decided.click?.clickedAt)
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
        _ request: InstallRequest, evidence: InstallEvidence, app: AppRecord, excluding excluded: Set<String>, probabilistic: Bool
    ) async throws -> (decision: AttributionDecision, click: MatchedClick?, observation: String?) {
        var tokenClick: ClickRecord?
        if let token = InstallValidation.clickToken(request), let click = try await storage.click(token: token, appId: app.id),
            !excluded.contains(click.id)
        {
            tokenClick = click
        }
        let configuration = Self.configuration(
            self.configuration, for: app.settings, platform: evidence.platform,
            model: models.model(appId: app.id, platform: evidence.platform)
        )
        // Without probabilistic matching no click is even looked at: skipping the candidate search
        // keeps the signals of a device its app promised not to fingerprint out of every query.
        guard probabilistic, configuration.matchesProbabilistically(evidence.platform) else {
            guard let click = tokenClick else { return (.organic, nil, nil) }
            return (.deterministic(clickId: click.id), MatchedClick(id: click.id, linkId: click.linkId, clickedAt: click.clickedAt), nil)
        }
        let gathered = try await gather(request, evidence: evidence, app: app, excluding: excluded)
        var observation = AttributionEngine.observe(
            install: evidence, eligible: gathered.candidates, population: gathered.population, window: gathered.window
        )
        if let click = tokenClick {
            // What the probabilistic path would have made of a labelled install teaches the app's
            // model; the token's click joins the candidates when the indexes did not find it.
            if let position = gathered.candidates.firstIndex(where: { $0.clickId == click.id }) {
                observation.label = position
            } else {
                let delay = evidence.reportedAt.timeIntervalSince(click.clickedAt)
                if delay >= 0, delay <= gathered.window {
                    observation.candidates.append(
                        AttributionEngine.candidate(
                            ClickEvidenceMapping.evidence(click), against: evidence, group: observation.candidates.count, fetched: false
                        ))
                    observation.label = observation.candidates.count - 1
                }
            }
            return (
                .deterministic(clickId: click.id), MatchedClick(id: click.id, linkId: click.linkId, clickedAt: click.clickedAt),
                observation.label == nil ? nil : observation.text
            )
        }
        let decision =
            gathered.candidates.isEmpty
            ? AttributionDecision(method: .organic, clickId: nil, confidence: 0, probability: 0, matchedFactors: [])
            : AttributionEngine(configuration: configuration).decide(observation, clickIds: gathered.candidates.map(\.clickId))
        let click = decision.clickId.flatMap { gathered.refs[$0] }.map {
            MatchedClick(id: $0.id, linkId: $0.linkId, clickedAt: $0.clickedAt)
        }
        return (decision, click, observation.text)
    }

    /// The install's eligible candidate clicks, the population they are weighed against and the window.
    private func gather(
        _ request: InstallRequest, evidence: InstallEvidence, app: AppRecord, excluding excluded: Set<String>
    ) async throws -> (candidates: [ClickEvidence], refs: [String: CandidateRef], population: StoredPopulation, window: TimeInterval) {
        let windowHours = min(app.settings.attributionWindowHours, request.attributionWindowHours ?? Int.max)
        let window = TimeInterval(windowHours) * 3600
        let since = evidence.reportedAt.addingTimeInterval(-window)
        let platform = evidence.platform.rawValue
        var keys: [CandidateIndexKey] = []
        if let prefix = evidence.ipPrefix { keys.append(.ipPrefix(prefix)) }
        if let signature = EvidenceBuilder.signature(evidence) { keys.append(.signature(signature)) }
        // The population and the two index walks depend on nothing but the report, so they are read
        // together: at once on SQLite, in one statement on PostgreSQL.
        var values = Factor.counted.compactMap { factor in factor.value(of: evidence).map { (factor: factor.rawValue, value: $0) } }
        // How many clicks carry each factor the install has a value for, which its share is taken among.
        values += values.map { (factor: $0.factor, value: ClickStatDelta.carriedValue) }
        let scope = PopulationCountCache.Scope(
            appId: app.id, platform: platform, fromDay: ClickStatistics.day(of: since), toDay: ClickStatistics.day(of: evidence.reportedAt)
        )
        let counts = populations.lookup(scope, values: values)
        let reads = try await storage.matchReads(
            MatchReadRequest(
                appId: app.id, platform: platform, keys: keys, since: since, until: evidence.reportedAt, limit: Self.candidateLimit,
                fromDay: scope.fromDay, toDay: scope.toDay, values: counts.missing, countsTotal: !counts.totalKnown
            ))
        // The counts run over whole days: clicks posted with stated times later than the install,
        // up to the end of its day, are in them.
        let endOfCountedDays = Date(timeIntervalSince1970: Double(scope.toDay + 1) * 86_400)
        let history = histories.history(appId: app.id, platform: platform)
        let population = StoredPopulation(
            population: populations.complete(counts, with: reads.population),
            firstClickAt: history.firstClickAt, countedThrough: history.latestPosted.map { min($0, endOfCountedDays) }
        )
        var found: [String: CandidateRef] = [:]
        for ref in reads.candidates { found[ref.id] = ref }
        let refs = found.filter { !excluded.contains($0.key) }
        let candidates = try await candidateEvidence(refs, at: evidence.reportedAt).sorted { $0.clickId < $1.clickId }
        return (AttributionEngine.eligible(candidates, for: evidence, window: window), refs, population, window)
    }

    /// The engine's configuration for an app's install: its learned model for the platform, its
    /// platform policy, and its cut: the one its target precision needs by the model's estimate,
    /// else its own threshold, else the server's.
    static func configuration(
        _ base: AttributionConfiguration, for settings: AppSettings, platform: DevicePlatform, model: AppAttributionModel?
    ) -> AttributionConfiguration {
        var configuration = configuration(base, for: settings)
        guard let model, model.parameters.isUsable else { return configuration }
        configuration = model.parameters.applied(to: configuration, platform: platform)
        if let target = settings.attributionTargetPrecision, let cut = model.threshold(forPrecision: target) {
            configuration.threshold = cut
        }
        return configuration
    }

    /// The engine's configuration with an app's own threshold and platform policy.
    static func configuration(_ base: AttributionConfiguration, for settings: AppSettings) -> AttributionConfiguration {
        var configuration = base
        if let threshold = settings.attributionThreshold { configuration.threshold = threshold }
        if !settings.iosProbabilisticMatching { configuration.deterministicOnlyPlatforms.insert(.ios) }
        return configuration
    }

    /// The evidence of each candidate inside its link's window: from its index entry, else (a click
    /// stored before entries carried it) from memory for settled clicks seen before, else from one
    /// read of the rest.
    private func candidateEvidence(_ refs: [String: CandidateRef], at date: Date) async throws -> [ClickEvidence] {
        var known: [CachedCandidate] = []
        var missing: [String] = []
        for ref in refs.values {
            if let text = ref.matchEvidence,
                let decoded = StoredClickEvidence.decode(text, clickId: ref.id, clickedAt: ref.clickedAt, ipPrefix: ref.ipPrefix)
            {
                known.append(CachedCandidate(evidence: decoded, linkWindowHours: ref.linkWindowHours))
            } else if let cached = evidence.value(for: ref.id) {
                known.append(cached)
            } else {
                missing.append(ref.id)
            }
        }
        if !missing.isEmpty {
            let revision = evidence.revisionBeforeRead()
            for candidate in try await storage.candidateClicks(ids: missing) {
                let derived = CachedCandidate(
                    evidence: ClickEvidenceMapping.evidence(candidate.click), linkWindowHours: candidate.linkWindowHours)
                if date.timeIntervalSince(candidate.click.clickedAt) > Self.evidenceSettle {
                    evidence.store(derived, for: candidate.click.id, readAt: revision)
                }
                known.append(derived)
            }
        }
        return known.filter {
            CandidateClick.isInsideLinkWindow(clickedAt: $0.evidence.clickedAt, linkWindowHours: $0.linkWindowHours, at: date)
        }.map(\.evidence)
    }

    private func outcome(_ install: InstallRecord, app: AppRecord, clickedAt: Date? = nil) async throws -> Outcome {
        guard let linkId = install.linkId, let link = try await storage.link(id: linkId, appId: app.id) else {
            return Outcome(install: install, deepLinkData: nil)
        }
        var clickedAt = clickedAt
        if clickedAt == nil, let clickId = install.clickId {
            clickedAt = try await storage.click(id: clickId, appId: app.id)?.clickedAt
        }
        return Outcome(install: install, deepLinkData: DeepLinkDataBuilder.make(link: link, app: app, clickedAt: clickedAt))
    }
}
