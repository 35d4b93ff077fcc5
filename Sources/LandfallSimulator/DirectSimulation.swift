import Foundation
import LandfallAttribution

/// Runs the attribution engine and the baselines over a population, in time order, the way a
/// server would see it: clicks enter the index and the population statistics as they happen;
/// each install is decided against what was there at that moment; an attributed click is consumed.
///
/// The engine is asked with threshold 0, so every decision names its best candidate and its
/// probability; the operating threshold is applied here (what is consumed follows it), and the
/// precision/recall curve re-thresholds the same answers offline. That curve is therefore exact
/// for the operating threshold and a close approximation elsewhere (at another threshold a few
/// different clicks would have been consumed).
public struct DirectSimulation: Sendable {
    public var configuration: AttributionConfiguration
    /// What to make of iOS versions frozen in user agents (see `EvidenceObserver`).
    public var frozenIOSVersion: EvidenceObserver.FrozenIOSVersion
    public var curveThresholds: [Double]
    /// Called for every measured token-less install with what the engine saw and answered: for
    /// digging into why it missed or erred.
    public var trace: (@Sendable (DecisionTrace) -> Void)?
    /// When set, the engine learns the app's model from its own installs as the server's
    /// background fit does (see `ModelLearning`); nil keeps the defaults throughout.
    public var learning: ModelLearning?

    public init(
        configuration: AttributionConfiguration = AttributionConfiguration(),
        frozenIOSVersion: EvidenceObserver.FrozenIOSVersion = .asReported,
        curveThresholds: [Double] = [30, 50, 60, 70, 80, 85, 90, 95, 99]
    ) {
        self.configuration = configuration
        self.frozenIOSVersion = frozenIOSVersion
        self.curveThresholds = curveThresholds
    }

    public func run(_ population: SimulatedPopulation) -> DensityReport {
        runDetailed(population).report
    }

    /// The report, and for every install (measured or not) the person whose click the engine
    /// attributed it to at the operating threshold and that click's index (nil: organic answer).
    func runDetailed(_ population: SimulatedPopulation) -> (report: DensityReport, attributedPerson: [Int?], attributedClick: [Int?]) {
        let started = Date()
        let model = population.model
        let window = model.window
        let warmUp = model.warmUpDays * 86_400
        let threshold = Double(configuration.threshold)
        var probing = configuration
        probing.threshold = 0
        let engine = AttributionEngine(configuration: probing)

        var observer = EvidenceObserver(frozenIOSVersion: frozenIOSVersion)
        let clickEvidence = population.clicks.map { observer.click($0, in: population) }
        let clickDates = clickEvidence.map(\.clickedAt)

        let published = LinkFortyBaselineScorer()
        let byOSFamily = LinkFortyBaselineScorer(userAgentRule: .sameOSFamily)
        var interner = LinkFortyBaselineScorer.Interner()
        let encodedClicks = zip(population.clicks, clickEvidence).map { click, evidence in
            LinkFortyBaselineScorer.encode(Self.fingerprint(click), osFamily: evidence.platform.rawValue, interner: &interner)
        }

        var index = ClickIndex()
        var statistics = SlidingPopulation(window: window)
        var received = 0
        var engineScores: [ScoredInstall] = []
        var enginePlatforms: [DevicePlatform] = []
        var publishedScores: [ScoredInstall] = []
        var osFamilyScores: [ScoredInstall] = []
        var plainScores: [ScoredInstall] = []
        let plain = LikelihoodRatioBaseline()
        var tokens: [Bool] = []
        var oracle = OracleBound(clickedInstalls: 0, bySignals: 0, withRecency: 0)
        var misses = MissBreakdown()
        var counts = (measured: 0, clicked: 0, token: 0, organic: 0, late: 0)
        var clicksOfPerson: [Int: [Int]] = [:]
        var targetScores: [(scored: ScoredInstall, cut: Double)] = []
        var learner = learning.map { LearningState(schedule: $0, base: probing) }
        var tokenlessTruth: [DevicePlatform: (installs: Int, clicked: Int)] = [:]
        var mixture: [DevicePlatform: [MixtureCheck.Entry]] = [:]
        var attributedPerson: [Int?] = []
        var attributedClick: [Int?] = []
        attributedPerson.reserveCapacity(population.installs.count)
        attributedClick.reserveCapacity(population.installs.count)

        for install in population.installs {
            while received < population.clicks.count, population.clicks[received].time <= install.time {
                index.insert(clickEvidence[received])
                statistics.insert(clickEvidence[received])
                clicksOfPerson[population.clicks[received].personId, default: []].append(received)
                received += 1
            }
            let evidence = observer.install(install, in: population)
            statistics.advance(to: evidence.reportedAt)
            let measured = install.time >= warmUp
            let fromClick = population.isFromClickInWindow(install)

            // The engine, as the server runs it.
            var scored = ScoredInstall(fromClickInWindow: fromClick, confidence: nil, correct: false)
            var candidates: [Int] = []
            var probabilisticObservation: MatchObservation?
            var credited: Int?
            var creditedClick: Int?
            if install.carriesToken, let token = install.causingClick {
                if learner != nil {
                    let found = index.candidates(for: evidence, window: window)
                    let eligible = AttributionEngine.eligible(found.map { index.clicks[$0] }, for: evidence, window: window)
                    let tokenClick = index.clicks[token]
                    var observation = AttributionEngine.observe(
                        install: evidence, eligible: eligible, population: statistics.statistics(for: evidence), window: window
                    )
                    if let position = eligible.firstIndex(where: { $0.clickId == tokenClick.clickId }) {
                        observation.label = position
                    } else if evidence.reportedAt.timeIntervalSince(tokenClick.clickedAt) >= 0 {
                        observation.candidates.append(
                            AttributionEngine.candidate(
                                tokenClick, against: evidence, group: observation.candidates.count, fetched: false
                            ))
                        observation.label = observation.candidates.count - 1
                    }
                    if observation.label != nil { learner?.observe(observation) }
                }
                index.consume(token)
                credited = population.clicks[token].personId
                creditedClick = token
                scored = ScoredInstall(fromClickInWindow: fromClick, confidence: 100, probability: 1, correct: true, deterministic: true)
            } else {
                candidates = index.candidates(for: evidence, window: window)
                let eligible = AttributionEngine.eligible(candidates.map { index.clicks[$0] }, for: evidence, window: window)
                let observation = AttributionEngine.observe(
                    install: evidence, eligible: eligible, population: statistics.statistics(for: evidence), window: window
                )
                learner?.observe(observation)
                tokenlessTruth[install.platform, default: (0, 0)].installs += 1
                if fromClick { tokenlessTruth[install.platform, default: (0, 0)].clicked += 1 }
                probabilisticObservation = observation
                let deciding = learner.map { AttributionEngine(configuration: $0.configuration(for: evidence.platform)) } ?? engine
                if measured, let learner {
                    let own = eligible.indices.filter {
                        index.position(of: eligible[$0].clickId).map { population.clicks[$0].personId == install.personId } ?? false
                    }
                    let ownClick: MixtureCheck.FoundBy? =
                        !fromClick || own.isEmpty ? nil : own.contains { observation.candidates[$0].ip == .agrees } ? .network : .signature
                    // The person's latest click in the window, found or not: the truth the network's
                    // persistence is learned for.
                    let latestOwn =
                        fromClick
                        ? clicksOfPerson[install.personId]?.last {
                            let delay = evidence.reportedAt.timeIntervalSince(clickEvidence[$0].clickedAt)
                            return delay >= 0 && delay <= window
                        }.map { AttributionEngine.candidate(clickEvidence[$0], against: evidence, group: 0, fetched: false) }
                        : nil
                    mixture[install.platform, default: []].append((observation, fromClick, ownClick, latestOwn))
                    if let count = mixture[install.platform]?.count, count > learner.schedule.maximumObservations * 2 {
                        mixture[install.platform]?.removeFirst(count - learner.schedule.maximumObservations)
                    }
                }
                let decision = eligible.isEmpty ? .organic : deciding.decide(observation, clickIds: eligible.map(\.clickId))
                if decision.method == .probabilistic, let clickId = decision.clickId, let position = index.position(of: clickId) {
                    let correct = population.clicks[position].personId == install.personId
                    scored = ScoredInstall(
                        fromClickInWindow: fromClick, confidence: Double(decision.confidence),
                        probability: decision.probability, correct: correct
                    )
                    if Double(decision.confidence) >= threshold {
                        index.consume(position)
                        credited = population.clicks[position].personId
                        creditedClick = position
                    }
                }
            }
            learner?.countInstall()
            attributedPerson.append(credited)
            attributedClick.append(creditedClick)
            guard measured else { continue }

            // The plain likelihood-ratio baseline, on the same candidates and evidence.
            if install.carriesToken { candidates = index.candidates(for: evidence, window: window) }
            let snapshot = statistics.statistics(for: evidence)
            let plainBest = plain.best(
                install: evidence, candidates: candidates.map { index.clicks[$0] }, population: snapshot,
                languageCounts: { statistics.fullLanguageCount(evidence.platform, $0) }, window: window
            )
            plainScores.append(
                ScoredInstall(
                    fromClickInWindow: fromClick, confidence: plainBest.map { ($0.probability * 100).rounded(.down) },
                    probability: plainBest?.probability,
                    correct: plainBest.map { population.clicks[candidates[$0.index]].personId == install.personId } ?? false
                ))

            counts.measured += 1
            if fromClick { counts.clicked += 1 }
            if install.carriesToken { counts.token += 1 }
            if install.causingClick == nil { counts.organic += 1 } else if !fromClick { counts.late += 1 }
            engineScores.append(scored)
            if !install.carriesToken, let learner, learner.schedule.targetPrecision != nil {
                targetScores.append((scored, Double(learner.cuts[install.platform] ?? configuration.threshold)))
            }
            enginePlatforms.append(install.platform)
            tokens.append(install.carriesToken)

            if !install.carriesToken, let trace {
                trace(
                    DecisionTrace(
                        install: install, evidence: evidence, fromClickInWindow: fromClick, scored: scored,
                        candidates: candidates.map { (population.clicks[$0], index.clicks[$0]) },
                        personClicks: population.clicks[..<received].filter { $0.personId == install.personId }.map {
                            ($0, clickEvidence[$0.index])
                        },
                        observation: probabilisticObservation
                    ))
            }
            if fromClick, !install.carriesToken {
                oracle.clickedInstalls += 1
                let identifiable = Self.identifiability(install, evidence, population: population, index: index, window: window)
                if identifiable.bySignals { oracle.bySignals += 1 }
                if identifiable.withRecency { oracle.withRecency += 1 }
                if !(scored.correct && (scored.confidence ?? -1) >= threshold) {
                    if !candidates.contains(where: { population.clicks[$0].personId == install.personId }) {
                        misses.notFetched += 1
                        if let latest = clicksOfPerson[install.personId]?.last {
                            let reason =
                                index.isConsumed(latest)
                                ? "consumed by another install" : Self.difference(index.clicks[latest], evidence)
                            misses.notFetchedBecause[reason, default: 0] += 1
                        }
                    } else if scored.correct {
                        misses.rightButUnsure += 1
                    } else {
                        misses.otherPersonBest += 1
                    }
                }
            }

            // The baselines: the deployment's newest clicks, nothing consumed.
            let fingerprint = LinkFortyBaselineScorer.encode(
                Self.fingerprint(install), osFamily: install.platform.rawValue, interner: &interner
            )
            func baseline(_ scorer: LinkFortyBaselineScorer) -> ScoredInstall {
                let best = scorer.best(
                    fingerprint, at: evidence.reportedAt, window: window, clickDates: clickDates, clicks: encodedClicks, received: received
                )
                return ScoredInstall(
                    fromClickInWindow: fromClick, confidence: best.map { Double($0.score) },
                    correct: best.map { population.clicks[$0.position].personId == install.personId } ?? false
                )
            }
            publishedScores.append(baseline(published))
            osFamilyScores.append(baseline(byOSFamily))
        }

        let tokenless = { (scores: [ScoredInstall]) in zip(scores, tokens).filter { !$0.1 }.map(\.0) }
        func report(_ name: String, _ scores: [ScoredInstall], threshold: Double) -> MatcherReport {
            MatcherReport(
                name: name, tokenless: Evaluator.metrics(tokenless(scores), threshold: threshold),
                all: Evaluator.metrics(scores, threshold: threshold)
            )
        }
        var byPlatform: [String: MatchMetrics] = [:]
        var calibrationByPlatform: [String: [CalibrationBucket]] = [:]
        for platform in [DevicePlatform.ios, .android] {
            let scores = zip(engineScores, zip(enginePlatforms, tokens)).filter { $0.1.0 == platform && !$0.1.1 }.map(\.0)
            byPlatform[platform.rawValue] = Evaluator.metrics(scores, threshold: threshold)
            calibrationByPlatform[platform.rawValue] = Evaluator.calibration(scores)
        }
        let engineTokenless = tokenless(engineScores)
        let report = DensityReport(
            clicksPerDay: model.clicksPerDay, days: model.days, warmUpDays: model.warmUpDays, windowHours: model.windowHours,
            seed: population.seed, threshold: configuration.threshold,
            clicks: population.clicks.count, installs: population.installs.count,
            measuredInstalls: counts.measured, measuredClickedInWindow: counts.clicked, measuredWithToken: counts.token,
            measuredOrganic: counts.organic, measuredLate: counts.late,
            windowClicks: Dictionary(
                uniqueKeysWithValues: [DevicePlatform.ios, .android, .macos].map {
                    ($0.rawValue, statistics.clickCount($0))
                }),
            deterministicShare: counts.clicked == 0 ? 0 : Double(counts.token) / Double(counts.clicked),
            engine: report("Landfall engine", engineScores, threshold: threshold),
            baselines: [
                report("LinkForty Core rule", publishedScores, threshold: Double(published.threshold)),
                report("LinkForty, UA by OS", osFamilyScores, threshold: Double(byOSFamily.threshold)),
                report(LikelihoodRatioBaseline.name, plainScores, threshold: plain.threshold),
            ],
            oracle: oracle, misses: misses, engineByPlatform: byPlatform,
            engineCurve: Evaluator.curve(engineTokenless, thresholds: curveThresholds),
            engineCurveAll: Evaluator.curve(engineScores, thresholds: curveThresholds),
            calibration: Evaluator.calibration(engineTokenless), calibrationByPlatform: calibrationByPlatform,
            baselineCalibration: Evaluator.calibration(tokenless(publishedScores)),
            recallAtPrecision: [
                ("Landfall engine", engineTokenless), ("LinkForty Core rule", tokenless(publishedScores)),
                ("LinkForty, UA by OS", tokenless(osFamilyScores)), (LikelihoodRatioBaseline.name, tokenless(plainScores)),
            ].map { Evaluator.bestOperatingPoint($0.1, name: $0.0, precision: Self.targetPrecision) },
            plainCalibration: Evaluator.calibration(tokenless(plainScores)),
            baselineCurves: [
                "LinkForty Core rule": Evaluator.curve(tokenless(publishedScores), thresholds: Self.baselineThresholds),
                "LinkForty, UA by OS": Evaluator.curve(tokenless(osFamilyScores), thresholds: Self.baselineThresholds),
            ],
            seconds: Date().timeIntervalSince(started)
        )
        var learnedReport = report
        if let learner {
            learnedReport.learned = Dictionary(uniqueKeysWithValues: learner.learned.map { ($0.key.rawValue, $0.value) })
            learnedReport.fitSeconds = learner.fitSeconds
            learnedReport.clickedShareTruth = Dictionary(
                uniqueKeysWithValues: tokenlessTruth.filter { $0.value.installs > 0 }.map {
                    ($0.key.rawValue, Double($0.value.clicked) / Double($0.value.installs))
                })
            learnedReport.mixtureAtTruth = Dictionary(
                uniqueKeysWithValues: mixture.compactMap { platform, installs in
                    // What the platform's last fit read.
                    let recent = installs.suffix(learner.schedule.maximumObservations)
                    let engine = AttributionEngine(configuration: learner.configuration(for: platform))
                    let checked = recent.map {
                        MixtureCheck.install(
                            $0.observation, engine: engine, followedClick: $0.followedClick, ownClick: $0.ownClick, latestOwn: $0.latestOwn)
                    }
                    let reach = MixtureCheck.ModelledReach(engine.configuration, observations: recent.map(\.observation))
                    return MixtureCheck(checked, reach: reach).map { (platform.rawValue, $0) }
                })
            if learner.schedule.targetPrecision != nil {
                var metrics = MatchMetrics(threshold: -1, installs: targetScores.count, clickedInstalls: 0, attributed: 0, correct: 0)
                for (scored, cut) in targetScores {
                    if scored.fromClickInWindow { metrics.clickedInstalls += 1 }
                    if scored.isAttributed(at: cut) {
                        metrics.attributed += 1
                        if scored.correct { metrics.correct += 1 }
                    }
                }
                learnedReport.atTargetPrecision = metrics
            }
        }
        return (learnedReport, attributedPerson, attributedClick)
    }

    static let baselineThresholds: [Double] = [40, 50, 60, 70, 80, 90, 100]
    /// The precision at which matchers' recalls are compared.
    public static let targetPrecision = 0.97

    /// How a click differs from an install on the fetch keys, for the miss breakdown.
    static func difference(_ click: ClickEvidence, _ install: InstallEvidence) -> String {
        var parts: [String] = []
        if click.platform != install.platform { parts.append("platform") }
        if click.ipPrefix == nil || install.ipPrefix == nil {
            parts.append("no network prefix")
        } else if click.ipPrefix != install.ipPrefix {
            parts.append("network changed")
        }
        for (name, a, b) in [
            ("os version", click.osVersion, install.osVersion), ("screen", click.screen?.bucket, install.screen?.bucket),
            ("time zone", click.timezone, install.timezone), ("language", click.language, install.language),
        ] where a != b {
            parts.append(a == nil ? "\(name) unknown" : name)
        }
        return parts.joined(separator: " · ")
    }

    static func fingerprint(_ click: SimulatedClick) -> LinkFortyBaselineScorer.Fingerprint {
        LinkFortyBaselineScorer.Fingerprint(
            ipAddress: click.ipAddress, userAgent: click.userAgent, timezone: click.beacon?.timezone, language: click.beacon?.language
        )
    }

    static func fingerprint(_ install: SimulatedInstall) -> LinkFortyBaselineScorer.Fingerprint {
        LinkFortyBaselineScorer.Fingerprint(
            ipAddress: install.ipAddress, userAgent: install.userAgent, timezone: install.timezone, language: install.language,
            screenWidth: install.screenWidth, screenHeight: install.screenHeight
        )
    }
}

/// What the engine saw and answered for one install (see `DirectSimulation.trace`).
public struct DecisionTrace: Sendable {
    public var install: SimulatedInstall
    public var evidence: InstallEvidence
    public var fromClickInWindow: Bool
    public var scored: ScoredInstall
    public var candidates: [(click: SimulatedClick, evidence: ClickEvidence)]
    /// Every click of the installing person so far.
    public var personClicks: [(click: SimulatedClick, evidence: ClickEvidence)]
    /// What the server stores with the install for its model fit (the lab's fit benchmark replays it).
    public var observation: MatchObservation?
}
