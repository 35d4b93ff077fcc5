import Foundation
import LandfallAttribution

/// Replays a population against a running Landfall server, so the live path (redirect, page
/// beacon, click buffer, store indexes, SDK endpoint) is measured and not only the engine.
///
/// A live server stamps clicks and installs with its own clock, so days of click-to-install delay
/// cannot be replayed as they are. The replay keeps the real order of events and divides every
/// time by `compression` (120: a simulated day takes 12 minutes; a 40-second delay becomes a
/// third of a second), and shortens the attribution window by the same factor (rounded up to
/// whole hours, the unit the API takes). The engine's delay model, however, still expects
/// minutes to days, so compressed delays look unusually short to it: the absolute numbers of a
/// replay are not those of `DirectSimulation` on the real timeline. What a replay shows is parity:
/// the same population on the same compressed timeline is also run through `DirectSimulation`,
/// and both answers are reported side by side, install by install.
///
/// The server must run with `--trust-proxy` (each request carries the simulated address in
/// `X-Forwarded-For`) and an admin token. Every replay creates a fresh app, so earlier runs and
/// other apps never mix in. Each person gets their own link, which is how a live answer's
/// `deepLinkData.shortCode` is traced back to the person whose click it credited.
public struct HTTPReplay: Sendable {
    public struct Configuration: Sendable {
        public var target: URL
        public var adminToken: String
        public var compression: Double
        public var threshold: Int
        public var requestTimeout: TimeInterval

        public init(target: URL, adminToken: String, compression: Double = 120, threshold: Int = 80, requestTimeout: TimeInterval = 30) {
            self.target = target
            self.adminToken = adminToken
            self.compression = compression
            self.threshold = threshold
            self.requestTimeout = requestTimeout
        }

        /// The window the server is told: the simulated window divided by the compression,
        /// rounded up to whole hours.
        public func windowHours(for model: PopulationModel) -> Int {
            max(1, Int((model.windowHours / max(1, compression)).rounded(.up)))
        }
    }

    public var configuration: Configuration

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// The population on the replay's timeline: times divided by the compression, the window as
    /// the server is told it, nothing held back as warm-up.
    public func compressed(_ population: SimulatedPopulation) -> SimulatedPopulation {
        let factor = max(1, configuration.compression)
        var result = population
        result.model.windowHours = Double(configuration.windowHours(for: population.model))
        result.model.days = population.model.days / factor
        result.model.warmUpDays = 0
        result.clicks = population.clicks.map { click in
            var click = click
            click.time /= factor
            return click
        }
        result.installs = population.installs.map { install in
            var install = install
            install.time /= factor
            return install
        }
        return result
    }

    /// Replays the population (already compressed) in real time and compares the server's
    /// answers with the engine's on the same timeline.
    public func run(_ population: SimulatedPopulation, log: @Sendable (String) -> Void = { _ in }) async throws -> HTTPReplayReport {
        let started = Date()
        let client = HTTPClient(base: configuration.target, timeout: configuration.requestTimeout)
        let setup = try await client.setUp(
            adminToken: configuration.adminToken, seed: population.seed,
            windowHours: Int(population.model.windowHours), threshold: configuration.threshold
        )
        log("replaying \(population.clicks.count) clicks and \(population.installs.count) installs against app \(setup.appId)")

        var linkOfPerson: [Int: String] = [:]
        var personOfLink: [String: Int] = [:]
        var tokens: [Int: String] = [:]
        var answers: [HTTPClient.InstallAnswer?] = []
        var report = HTTPReplayReport(compression: configuration.compression, windowHoursSent: Int(population.model.windowHours))
        let clock = ContinuousClock()
        let origin = clock.now
        var nextClick = 0
        var nextInstall = 0
        while nextClick < population.clicks.count || nextInstall < population.installs.count {
            let clickFirst =
                nextInstall >= population.installs.count
                || (nextClick < population.clicks.count && population.clicks[nextClick].time <= population.installs[nextInstall].time)
            let time = clickFirst ? population.clicks[nextClick].time : population.installs[nextInstall].time
            let due = origin.advanced(by: .seconds(time))
            if due > clock.now { try await Task.sleep(until: due, clock: clock) }
            report.maximumLag = max(report.maximumLag, Self.seconds(clock.now - due))

            if clickFirst {
                let click = population.clicks[nextClick]
                nextClick += 1
                do {
                    if linkOfPerson[click.personId] == nil {
                        let code = try await client.createLink(secretKey: setup.secretKey, person: click.personId, seed: population.seed)
                        linkOfPerson[click.personId] = code
                        personOfLink[code] = click.personId
                    }
                    guard let code = linkOfPerson[click.personId] else { continue }
                    let token = try await client.click(click, shortCode: code)
                    report.clicksSent += 1
                    if let token {
                        tokens[click.index] = token
                        if let beacon = click.beacon {
                            try await client.beacon(beacon, token: token, from: click)
                            report.beaconsSent += 1
                        }
                    } else {
                        report.clicksWithoutToken += 1
                    }
                } catch {
                    report.errors += 1
                    log("click \(click.index) failed: \(error)")
                }
            } else {
                let install = population.installs[nextInstall]
                nextInstall += 1
                let token = install.carriesToken ? install.causingClick.flatMap { tokens[$0] } : nil
                do {
                    answers.append(
                        try await client.install(
                            install, publishableKey: setup.publishableKey, token: token,
                            windowHours: Int(population.model.windowHours), seed: population.seed
                        ))
                    report.installsSent += 1
                } catch {
                    answers.append(nil)
                    report.errors += 1
                    log("install of person \(install.personId) failed: \(error)")
                }
            }
        }

        // The live answers, scored like the engine's, and compared with its answers one by one.
        var configuration = AttributionConfiguration()
        configuration.threshold = self.configuration.threshold
        let direct = DirectSimulation(configuration: configuration).runDetailed(population)
        var live: [ScoredInstall] = []
        var tokenFlags: [Bool] = []
        for (offset, (install, answer)) in zip(population.installs, answers).enumerated() {
            let fromClick = population.isFromClickInWindow(install)
            tokenFlags.append(install.carriesToken)
            let person = answer.flatMap { $0.attributed ? $0.shortCode.flatMap { personOfLink[$0] } : nil }
            if let answer {
                if person == direct.attributedPerson[offset] {
                    report.sameAnswer += 1
                } else if report.differences.count < 20 {
                    report.differences.append(
                        "install of person \(install.personId) (\(install.platformName), "
                            + "\(install.causingClick == nil ? "organic" : "clicked")): server "
                            + (person.map { "credited person \($0) at \(Int(answer.confidence))" } ?? "organic") + ", engine "
                            + (direct.attributedPerson[offset].map { "credited person \($0)" } ?? "organic")
                    )
                }
            }
            guard let answer, answer.attributed else {
                live.append(ScoredInstall(fromClickInWindow: fromClick, confidence: nil, correct: false))
                continue
            }
            live.append(
                ScoredInstall(
                    fromClickInWindow: fromClick, confidence: answer.confidence, correct: person == install.personId,
                    deterministic: answer.method == AttributionDecision.Method.deterministic.rawValue
                ))
        }
        let threshold = Double(configuration.threshold)
        let tokenless = zip(live, tokenFlags).filter { !$0.1 }.map(\.0)
        report.live = MatcherReport(
            name: "Landfall server (HTTP)", tokenless: Evaluator.metrics(tokenless, threshold: threshold),
            all: Evaluator.metrics(live, threshold: threshold)
        )
        report.direct = direct.report.engine
        report.direct.name = "Landfall engine, same timeline"
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}

/// What a replay measured.
public struct HTTPReplayReport: Sendable, Encodable {
    public var compression: Double
    public var windowHoursSent: Int
    public var clicksSent = 0
    public var clicksWithoutToken = 0
    public var beaconsSent = 0
    public var installsSent = 0
    public var errors = 0
    /// The furthest the replay fell behind its schedule, in seconds.
    public var maximumLag = 0.0
    /// Installs the server and the engine (same population, same timeline) answered alike:
    /// the same person credited, or both organic.
    public var sameAnswer = 0
    /// The first few installs they answered differently.
    public var differences: [String] = []
    public var live = MatcherReport(name: "", tokenless: .empty, all: .empty)
    public var direct = MatcherReport(name: "", tokenless: .empty, all: .empty)
    public var seconds = 0.0

    init(compression: Double, windowHoursSent: Int) {
        self.compression = compression
        self.windowHoursSent = windowHoursSent
    }
}

extension MatchMetrics {
    static let empty = MatchMetrics(threshold: 0, installs: 0, clickedInstalls: 0, attributed: 0, correct: 0)
}
