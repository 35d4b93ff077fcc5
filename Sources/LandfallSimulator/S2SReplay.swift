import Foundation
import LandfallAttribution

/// Replays a population against a running Landfall server through the server-to-server endpoints,
/// each click and install with the time it happened: the real gaps (minutes to days between a
/// click and its install) are kept, where the redirect replay (`HTTPReplay`) must compress them.
///
/// Stated times may not lie in the server's future, so the whole timeline is moved to end just
/// before the server's now (read from its `Date` header), gaps unchanged. The population is the one an ad network and a customer's backend
/// would report (``asReported(_:endingAt:)``), and the engine is run on that same population
/// (`DirectSimulation`) and compared install by install: the same click credited, or both organic.
///
/// Clicks are posted in batches of up to 1,000, each batch just before the next install that could
/// be credited to them, so that no install is decided against clicks that happened after it. Every
/// replay creates a fresh app (secret key from the admin API) whose window covers the whole timeline,
/// so that no stated time is refused as too old; each install still asks for the population's own
/// window (`attributionWindowHours` of the SDK body), which the engine is given too.
public struct S2SReplay: Sendable {
    public struct Configuration: Sendable {
        public var target: URL
        public var adminToken: String
        public var threshold: Int
        public var batchSize: Int
        public var requestTimeout: TimeInterval
        /// The replay app's `attributionTargetPrecision`; nil leaves the cut at `threshold`.
        public var targetPrecision: Double?

        public init(
            target: URL, adminToken: String, threshold: Int = 80, batchSize: Int = 1000, requestTimeout: TimeInterval = 30,
            targetPrecision: Double? = nil
        ) {
            self.targetPrecision = targetPrecision
            self.target = target
            self.adminToken = adminToken
            self.threshold = threshold
            self.batchSize = batchSize
            self.requestTimeout = requestTimeout
        }
    }

    /// The largest window an app may have: the span of a replayed timeline plus its window.
    public static let maximumAppWindowHours = 2160
    /// How long before now the last event is placed: the replay's requests take a moment, and a
    /// stated time must never be ahead of the server's clock by more than its skew allowance.
    public static let margin: TimeInterval = 5

    public var configuration: Configuration

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// The population as server-to-server senders report it, its last event `margin` before `now`:
    /// - times moved as a whole (gaps unchanged) and rounded to the millisecond the API carries;
    /// - clicks carry what an ad network posts (address, user agent, screen, time zone, language)
    ///   and not the page's Chromium client hints or touch points, which only a browser reports;
    /// - an install carries its click's token where the population says one reached the app: the
    ///   sender got it in the click's answer and sent the device to the store with it;
    /// - the window in whole hours, as the API takes it; nothing held back as warm-up.
    public static func asReported(_ population: SimulatedPopulation, endingAt now: Date) -> SimulatedPopulation {
        var result = population
        result.model.windowHours = population.model.windowHours.rounded(.up)
        result.model.warmUpDays = 0
        func millisecond(_ time: TimeInterval) -> TimeInterval { (time * 1000).rounded() / 1000 }
        result.clicks = population.clicks.map { click in
            var click = click
            click.time = millisecond(click.time)
            if var beacon = click.beacon {
                beacon.platformVersion = nil
                beacon.model = nil
                beacon.touchPoints = 0
                click.beacon = beacon
            }
            return click
        }
        result.installs = population.installs.map { install in
            var install = install
            install.time = millisecond(install.time)
            return install
        }
        let last = max(result.clicks.last?.time ?? 0, result.installs.last?.time ?? 0)
        result.start = Date(timeIntervalSince1970: (now.timeIntervalSince1970 - margin - last).rounded(.down))
        return result
    }

    /// The app window that keeps every stated time of `population` inside it at the end of the replay.
    public static func appWindowHours(for population: SimulatedPopulation) -> Int {
        let first = min(population.clicks.first?.time ?? 0, population.installs.first?.time ?? 0)
        let last = max(population.clicks.last?.time ?? 0, population.installs.last?.time ?? 0)
        return Int(((last - first) / 3600).rounded(.up)) + Int(population.model.windowHours.rounded(.up)) + 1
    }

    /// Replays `population` (as generated: it is reported with ``asReported(_:endingAt:)`` here) and
    /// compares the server's answers with the engine's.
    ///
    /// - Parameter now: where the timeline ends; by default the server's clock (its `Date` header),
    ///   else this machine's.
    public func run(_ population: SimulatedPopulation, now: Date? = nil, log: @Sendable (String) -> Void = { _ in }) async throws
        -> S2SReplayReport
    {
        let started = Date()
        let client = HTTPClient(base: configuration.target, timeout: configuration.requestTimeout)
        let end: Date
        if let now { end = now } else { end = try await client.serverDate() ?? Date() }
        let reported = Self.asReported(population, endingAt: end)
        let appWindow = Self.appWindowHours(for: reported)
        guard appWindow <= Self.maximumAppWindowHours else {
            throw S2SReplayError(
                "the timeline and its window span \(appWindow) hours; an app's window is at most \(Self.maximumAppWindowHours)")
        }
        let setup = try await client.setUp(
            adminToken: configuration.adminToken, seed: reported.seed, windowHours: appWindow, threshold: configuration.threshold,
            targetPrecision: configuration.targetPrecision
        )
        let link = try await client.createLink(secretKey: setup.secretKey, person: 0, seed: reported.seed)
        var report = S2SReplayReport(
            windowHoursSent: Int(reported.model.windowHours), appWindowHours: appWindow,
            statedFrom: Self.iso(reported.date(min(reported.clicks.first?.time ?? 0, reported.installs.first?.time ?? 0))),
            statedTo: Self.iso(reported.date(max(reported.clicks.last?.time ?? 0, reported.installs.last?.time ?? 0)))
        )
        log(
            "replaying \(reported.clicks.count) clicks and \(reported.installs.count) installs with their own times "
                + "(\(report.statedFrom) to \(report.statedTo)) against app \(setup.appId)")
        var clickOfStoredId: [String: Int] = [:]
        var tokenOfClick: [Int: String] = [:]
        var answers: [S2SInstallAnswer?] = []
        var nextClick = 0
        func postClicks(through time: TimeInterval) async {
            while nextClick < reported.clicks.count, reported.clicks[nextClick].time <= time {
                var batch: [SimulatedClick] = []
                while nextClick < reported.clicks.count, reported.clicks[nextClick].time <= time, batch.count < configuration.batchSize {
                    batch.append(reported.clicks[nextClick])
                    nextClick += 1
                }
                do {
                    let results = try await client.postClicks(batch, shortCode: link, in: reported, secretKey: setup.secretKey)
                    report.clickBatches += 1
                    report.clicksSent += batch.count
                    for result in results {
                        if let id = result.clickId, batch.indices.contains(result.index) {
                            clickOfStoredId[id] = batch[result.index].index
                            tokenOfClick[batch[result.index].index] = result.clickToken
                        } else {
                            report.clicksRefused += 1
                            if report.differences.count < 20, let error = result.error {
                                report.differences.append("click refused: \(error.code): \(error.message)")
                            }
                        }
                    }
                } catch {
                    report.errors += 1
                    log("a batch of \(batch.count) clicks failed: \(error)")
                }
            }
        }
        for install in reported.installs {
            await postClicks(through: install.time)
            do {
                let token = install.carriesToken ? install.causingClick.flatMap { tokenOfClick[$0] } : nil
                answers.append(try await client.postInstall(install, in: reported, clickToken: token, secretKey: setup.secretKey))
                report.installsSent += 1
            } catch {
                answers.append(nil)
                report.errors += 1
                log("install of person \(install.personId) failed: \(error)")
            }
        }
        // Clicks after the last install credit nothing, but belong to the replayed history.
        await postClicks(through: .infinity)

        var engineConfiguration = AttributionConfiguration()
        engineConfiguration.threshold = configuration.threshold
        let direct = DirectSimulation(configuration: engineConfiguration).runDetailed(reported)
        var live: [ScoredInstall] = []
        for (offset, (install, answer)) in zip(reported.installs, answers).enumerated() {
            let fromClick = reported.isFromClickInWindow(install)
            let click = answer.flatMap { $0.attributed ? $0.clickId.flatMap { clickOfStoredId[$0] } : nil }
            if let answer {
                if click == direct.attributedClick[offset] {
                    report.sameClick += 1
                } else if report.differences.count < 20 {
                    report.differences.append(
                        "install of person \(install.personId) (\(install.platformName), \(install.causingClick == nil ? "organic" : "clicked")): "
                            + "server " + (click.map { "credited click \($0) at \(Int(answer.confidence))" } ?? "organic")
                            + ", engine " + (direct.attributedClick[offset].map { "credited click \($0)" } ?? "organic")
                    )
                }
                if click.map({ reported.clicks[$0].personId }) == direct.attributedPerson[offset] { report.samePerson += 1 }
            }
            guard let answer, answer.attributed else {
                live.append(ScoredInstall(fromClickInWindow: fromClick, confidence: nil, correct: false))
                continue
            }
            live.append(
                ScoredInstall(
                    fromClickInWindow: fromClick, confidence: answer.confidence,
                    correct: click.map { reported.clicks[$0].personId == install.personId } ?? false
                ))
        }
        let threshold = Double(configuration.threshold)
        let tokenless = zip(live, reported.installs).filter { !$0.1.carriesToken }.map(\.0)
        report.live = MatcherReport(
            name: "Landfall server (S2S)", tokenless: Evaluator.metrics(tokenless, threshold: threshold),
            all: Evaluator.metrics(live, threshold: threshold)
        )
        report.liveCalibration = Evaluator.calibration(tokenless.filter { $0.confidence != nil })
        report.liveCalibrationChance = CalibrationChance.of(report.liveCalibration)
        report.direct = direct.report.engine
        report.direct.name = "Landfall engine, same times"
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    static func iso(_ date: Date) -> String { date.formatted(.iso8601) }
}

/// What an S2S replay measured.
public struct S2SReplayReport: Sendable, Encodable {
    /// The window each install asked for (the population's), in hours.
    public var windowHoursSent: Int
    /// The window of the replay's app: the timeline's span plus that window.
    public var appWindowHours: Int
    /// The stated times of the first and the last event (ISO 8601).
    public var statedFrom: String
    public var statedTo: String
    public var clicksSent = 0
    public var clickBatches = 0
    /// Clicks the server answered with their own error.
    public var clicksRefused = 0
    public var installsSent = 0
    public var errors = 0
    /// Installs the server and the engine credited to the same click, or both answered organic.
    public var sameClick = 0
    /// Installs they credited to the same person (or both organic): differs from `sameClick` only
    /// where one person's two clicks were nearly alike.
    public var samePerson = 0
    /// The first few installs they answered differently, and refused clicks.
    public var differences: [String] = []
    public var live = MatcherReport(name: "", tokenless: .empty, all: .empty)
    public var direct = MatcherReport(name: "", tokenless: .empty, all: .empty)
    /// The server's confidence against the truth, over the installs it attributed (an organic
    /// answer names no click, so deciles under the cut stay empty).
    public var liveCalibration: [CalibrationBucket] = []
    /// The worst of those deciles' gaps beside what calibrated runs of the same shape give.
    public var liveCalibrationChance: CalibrationChance?
    public var seconds = 0.0

    init(windowHoursSent: Int, appWindowHours: Int, statedFrom: String, statedTo: String) {
        self.windowHoursSent = windowHoursSent
        self.appWindowHours = appWindowHours
        self.statedFrom = statedFrom
        self.statedTo = statedTo
    }

    public var rendered: String {
        var lines: [String] = []
        lines.append(
            "sent \(TextReport.number(clicksSent)) clicks in \(TextReport.number(clickBatches)) batches (\(TextReport.number(clicksRefused)) refused), "
                + "\(TextReport.number(installsSent)) installs; \(TextReport.number(errors)) errors; stated times \(statedFrom) to \(statedTo); "
                + "window \(windowHoursSent) h (app \(appWindowHours) h); took \(String(format: "%.0f", seconds)) s"
        )
        lines.append(TextReport.pad("matcher", 32) + "| " + TextReport.metricHeader())
        for matcher in [live, direct] {
            lines.append(TextReport.pad(matcher.name, 32) + "| " + TextReport.metricRow(matcher.all))
        }
        lines.append(
            "server and engine credited the same click in \(TextReport.number(sameClick)) of \(TextReport.number(installsSent)) installs "
                + "(both organic counts as the same); the same person in \(TextReport.number(samePerson))"
        )
        for difference in differences { lines.append("  differs: " + difference) }
        return lines.joined(separator: "\n")
    }
}

/// A replay that cannot run as asked.
public struct S2SReplayError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
