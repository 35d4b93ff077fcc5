import ArgumentParser
import Foundation
import LandfallAttribution
import LandfallSimulator

/// `landfall simulate`: measures attribution accuracy on a seeded, simulated population.
struct Simulate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure attribution accuracy on a seeded, simulated population.",
        discussion: """
            For each click density (clicks a day for one app) it generates real device models, OS versions, \
            time zones, languages, home/office/public Wi-Fi and carrier networks, in-app browsers, repeat clicks, \
            click-to-install delays and organic installs, runs the attribution engine over them in time order, \
            and prints precision, recall and F1 next to LinkForty Core's published rule and a plain likelihood-ratio \
            matcher, each matcher's recall at precision 0.97, the precision/recall curve over the threshold, the \
            oracle bound (the share of installs identifiable at all), the reliability (calibration) table and the \
            deterministic share. The first window's worth of days only warms up. The default population is as hard \
            as real traffic (docs/simulator.md lists every number and its source); --population easy is the kinder one.

            With --target, it also replays a small population against a running server and compares the server's \
            answers with the engine's, install by install. --replay s2s (the default) posts every click and install \
            through /api/s2s/v1/clicks and /installs with the time it happened (clicks in batches of up to 1,000), the \
            whole timeline moved to end just before now, so the real gaps between clicks and installs are kept. \
            --replay redirect sends clicks through the short link and the page beacon and installs through \
            /api/sdk/v1/install (server started with --trust-proxy); a live server stamps those with its own clock, so \
            that replay divides every time by --compress.
            """
    )

    @Option(help: "Seed of the population: the same seed gives the same population")
    var seed: UInt64 = 42

    @Option(help: "Clicks a day for one app, comma-separated")
    var densities = "500,5000,50000"

    @Option(
        help:
            "Days to simulate per density, including a warm-up as long as the window (default: at least 7 measured days and about 50,000 measured installs)"
    )
    var days: Double?

    @Option(help: "Measured installs to aim for per density, instead of --days")
    var installs: Int?

    @Option(help: "Attribution window in hours")
    var windowHours: Double = 168

    @Option(help: "The engine's threshold: the lowest confidence (0-100) it attributes at")
    var threshold: Int = SimulationPlan.defaultThreshold

    @Option(help: "Share of installs that follow no click (0-0.95)")
    var organicShare: Double = 0.12

    @Option(help: "What-if for the iOS 18.6 that in-app browsers and Chrome report on iOS 26: as-reported, unknown or in-app-tokens")
    var frozenIOSVersion: EvidenceObserver.FrozenIOSVersion = .asReported

    @Option(help: "The simulated world: hard (as hard as real traffic, the default) or easy (the first simulator's kinder one)")
    var population: PopulationModel.Preset = .hard

    @Option(help: "Where the hard population's people live: national (largest US metros, rest of the US, abroad) or sunbelt")
    var audience: Geography.Audience = .national

    @Flag(help: "Run the engine uncalibrated and print the confidence calibration these densities fit, as Swift")
    var fitCalibration = false

    @Flag(help: "Print machine-readable JSON instead of tables")
    var json = false

    @Option(help: "Base URL of a running server to replay against over HTTP, e.g. http://127.0.0.1:8080")
    var target: String?

    @Option(help: "Admin token of --target (env LANDFALL_ADMIN_TOKEN)")
    var adminToken: String?

    @Option(name: .customLong("replay"), help: "With --target: s2s (stated times, real gaps) or redirect (live clock, time compressed)")
    var replayMode: ReplayMode = .s2s

    @Option(help: "Redirect replay: divide simulated time by this (120: a simulated day takes 12 minutes)")
    var compress: Double = 120

    @Option(help: "HTTP replay: clicks a day of the replayed population")
    var httpDensity: Double = 300

    @Option(help: "HTTP replay: simulated days to replay")
    var httpDays: Double = 1

    @Flag(help: "Learn each platform's model from the population's own installs as the server does (direct runs)")
    var learn = false

    @Flag(help: "Run the grid of worlds (organic share, density, tokens, audience, delays), each learning its own model")
    var grid = false

    @Flag(
        inversion: .prefixedNo,
        help: "With --grid: each fit learns to weigh look-alikes among the clicks the indexes did not fetch, as the server's do")
    var lookAlikeCounts = true

    @Flag(
        inversion: .prefixedNo,
        help: "With --grid: each fit corrects its stated confidence by where its labelled installs would have scored, as the server's do")
    var labelledCalibration = true

    @Flag(
        help: "With --grid: each fit learns the strangers' clicks a quiet network hides, with its own curves (the server's do not yet)")
    var networkStrangers = false

    @Flag(help: "With --grid --fit-calibration: one curve per density and organic share for both platforms, not one per platform")
    var poolPlatforms = false

    @Flag(help: "With --grid --fit-calibration: one curve per density for every organic share and both platforms, keyed on nothing")
    var unkeyed = false

    @Flag(
        help:
            "With --grid (direct runs): report the engine's posteriors as they are, without the calibration curves, to see what the curves add"
    )
    var uncalibrated = false

    @Option(help: "With --grid: run only the cells whose name contains this")
    var cells: String?

    @Option(
        help:
            "With --grid: instead of the fixed cells, this many worlds drawn from the seed, every parameter at once (organic share, density, tokens, delays, networks, households, in-app browsers)"
    )
    var drawnWorlds: Int?

    @Option(
        help: ArgumentHelp(
            "With --drawn-worlds: put these groups of each drawn world back to the hard preset's values, comma-separated",
            discussion: Simulate.drawnGroupNames))
    var drawnReset: String?

    private var drawnResetNames: [String] {
        (drawnReset ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    var drawnResetGroups: Set<DrawnWorld.Group> { Set(drawnResetNames.compactMap(DrawnWorld.Group.init(rawValue:))) }

    private static let drawnGroupNames = DrawnWorld.Group.allCases.map(\.rawValue).joined(separator: ", ")

    @Flag(help: "With --target, skip the direct runs")
    var httpOnly = false

    @Flag(
        help:
            "With --grid: run each cell directly as the live path sees it: --http-days from the app's first click, reported as S2S senders report it"
    )
    var asPosted = false

    @Option(help: "With --grid --fit-calibration: run this many seeds from --seed and pool them")
    var fitSeeds = 1

    @Option(
        parsing: .upToNextOption,
        help: "With --grid --fit-calibration: pool each world into the nearest of these clicks a day (for --drawn-worlds)")
    var fitDensities: [Double] = []

    var plan: SimulationPlan {
        var plan = SimulationPlan()
        plan.seed = seed
        plan.densities = densities.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        plan.days = days
        plan.measuredInstalls = installs
        plan.windowHours = windowHours
        plan.threshold = threshold
        plan.organicShare = organicShare
        plan.frozenIOSVersion = frozenIOSVersion
        plan.preset = population
        plan.audience = audience
        if fitCalibration { plan.calibration = .identity }
        if learn { plan.learning = ModelLearning() }
        return plan
    }

    func validate() throws {
        let listed = densities.split(separator: ",")
        guard listed.count == plan.densities.count, plan.densities.allSatisfy({ $0 > 0 }) else {
            throw ValidationError("--densities takes positive numbers separated by commas, e.g. 100,1000,10000")
        }
        if let problem = plan.problems().first { throw ValidationError(problem) }
        if days != nil, installs != nil { throw ValidationError("give --days or --installs, not both") }
        if let target {
            guard let url = URL(string: target), url.scheme == "http" || url.scheme == "https", url.host != nil else {
                throw ValidationError("--target must be an http(s) URL")
            }
            guard resolvedAdminToken != nil else { throw ValidationError("--target needs --admin-token or LANDFALL_ADMIN_TOKEN") }
            guard compress >= 1, httpDensity > 0, httpDays > 0 else {
                throw ValidationError("--compress must be at least 1; --http-density and --http-days positive")
            }
            if replayMode == .s2s, httpDays * 24 + windowHours.rounded(.up) + 1 > Double(S2SReplay.maximumAppWindowHours) {
                throw ValidationError(
                    "--replay s2s: --http-days and the window must fit the \(S2SReplay.maximumAppWindowHours)-hour app window")
            }
        } else if httpOnly {
            throw ValidationError("--http-only needs --target")
        }
        if let drawnWorlds {
            guard grid else { throw ValidationError("--drawn-worlds needs --grid") }
            guard (1...100).contains(drawnWorlds) else { throw ValidationError("--drawn-worlds must be 1-100") }
        }
        if uncalibrated {
            guard grid, target == nil, !fitCalibration else {
                throw ValidationError("--uncalibrated needs --grid and direct runs (no --target, no --fit-calibration)")
            }
        }
        if drawnReset != nil {
            guard drawnWorlds != nil else { throw ValidationError("--drawn-reset needs --drawn-worlds") }
            if let unknown = drawnResetNames.first(where: { DrawnWorld.Group(rawValue: $0) == nil }) {
                throw ValidationError("--drawn-reset: no group \"\(unknown)\"; the groups are \(Self.drawnGroupNames)")
            }
        }
    }

    var resolvedAdminToken: String? {
        if let adminToken, !adminToken.isEmpty { return adminToken }
        guard let value = ProcessInfo.processInfo.environment["LANDFALL_ADMIN_TOKEN"], !value.isEmpty else { return nil }
        return value
    }

    func run() async throws {
        if grid {
            try await runGrid()
            return
        }
        let plan = plan
        let json = json
        let reports =
            httpOnly
            ? []
            : plan.runDirect { report in
                if !json { Self.emit(TextReport.render(report) + "\n") }
            }
        var http: HTTPReplayReport?
        var s2s: S2SReplayReport?
        if let target, let url = URL(string: target), let token = resolvedAdminToken {
            switch replayMode {
            case .s2s: s2s = try await replayStatedTimes(url, adminToken: token, plan: plan, quiet: json)
            case .redirect: http = try await replay(url, adminToken: token, plan: plan, quiet: json)
            }
        }
        if json {
            Self.emit(try SimulationOutput(plan: plan, densities: reports, http: http, s2s: s2s).json())
        }
        if fitCalibration {
            Self.emit(CalibrationFit.swiftLiteral(CalibrationFit.fit(reports)))
        }
    }

    private func replay(_ url: URL, adminToken: String, plan: SimulationPlan, quiet: Bool) async throws -> HTTPReplayReport {
        var model = plan.model(clicksPerDay: httpDensity)
        model.days = httpDays
        model.warmUpDays = 0
        let replay = HTTPReplay(configuration: .init(target: url, adminToken: adminToken, compression: compress, threshold: plan.threshold))
        let population = replay.compressed(PopulationGenerator(model: model, seed: plan.seed).generate())
        if !quiet {
            Self.emit(
                "== HTTP replay against \(url.absoluteString): \(Int(httpDensity)) clicks/day for \(httpDays) day(s), "
                    + "time divided by \(compress) (about \(Int((population.model.days * 86_400 / 60).rounded(.up))) minutes) =="
            )
        }
        let report = try await replay.run(population) { line in
            if !quiet { Self.emit("  " + line) }
        }
        if !quiet { Self.emit(TextReport.render(report)) }
        return report
    }

    private func replayStatedTimes(_ url: URL, adminToken: String, plan: SimulationPlan, quiet: Bool) async throws -> S2SReplayReport {
        var model = plan.model(clicksPerDay: httpDensity)
        model.days = httpDays
        model.warmUpDays = 0
        let replay = S2SReplay(configuration: .init(target: url, adminToken: adminToken, threshold: plan.threshold))
        let population = PopulationGenerator(model: model, seed: plan.seed).generate()
        if !quiet {
            Self.emit(
                "== S2S replay against \(url.absoluteString): \(Int(httpDensity)) clicks/day for \(httpDays) day(s), "
                    + "each click and install posted with the time it happened, the timeline ending just before now =="
            )
        }
        let report = try await replay.run(population) { line in
            if !quiet { Self.emit("  " + line) }
        }
        if !quiet { Self.emit(report.rendered) }
        return report
    }

    private func runGrid() async throws {
        var grid = SimulationGrid()
        grid.seed = seed
        grid.windowHours = windowHours
        if asPosted { grid.postedDays = httpDays }
        grid.weighsLookAlikeCounts = lookAlikeCounts
        grid.learnsLabelledCalibration = labelledCalibration
        if networkStrangers {
            grid.learnsNetworkStrangers = true
            grid.calibration = .networkStrangers
        }
        if uncalibrated { grid.calibration = .identity }
        let worlds =
            drawnWorlds.map { SimulationGrid.drawnCells(count: $0, seed: seed, resetting: drawnResetGroups) } ?? SimulationGrid.cells
        let chosen = worlds.filter { cell in cells.map { cell.name.localizedCaseInsensitiveContains($0) } ?? true }
        if fitCalibration {
            try fitGridCalibration(grid, cells: chosen)
            return
        }
        var results: [SimulationGrid.Result] = []
        for cell in chosen where !httpOnly {
            for learning in [false, true] {
                let result = grid.run(cell, learning: learning)
                results.append(result)
                if !json { Self.emit(SimulationGrid.render([result]).split(separator: "\n").last.map(String.init) ?? "") }
            }
        }
        var live: [String: S2SReplayReport] = [:]
        if let target, let url = URL(string: target), let token = resolvedAdminToken {
            // Through the live path: each cell's population posted with its stated times to a fresh
            // app that asks for the grid's target precision, the server learning as it goes.
            for cell in chosen {
                var model = cell.model(windowHours: windowHours, measuredDays: httpDays)
                model.warmUpDays = 0
                model.days = httpDays
                let replay = S2SReplay(
                    configuration: .init(
                        target: url, adminToken: token, threshold: threshold, targetPrecision: grid.targetPrecision
                    ))
                let report = try await replay.run(PopulationGenerator(model: model, seed: seed).generate())
                live[cell.name] = report
                if !json {
                    let metrics = report.live.tokenless
                    let worst = Evaluator.calibrationError(report.liveCalibration).worst
                    Self.emit(
                        "live \(cell.name): \(metrics.installs) installs, precision "
                            + (metrics.precision.map { String(format: "%.3f", $0) } ?? "-")
                            + String(format: ", recall %.3f", metrics.recall)
                            + String(format: ", worst calibration gap over attributed deciles %.1f pts", worst)
                            + (report.liveCalibrationChance.map {
                                String(
                                    format: " (by chance: 95 %% under %.1f, p = %.3f; squared gaps p = %.3f)", $0.percentile95ByChance,
                                    $0.pValue,
                                    $0.squaredGapsPValue)
                            } ?? "")
                            + ", \(Int(report.seconds)) s"
                    )
                }
            }
        }
        if json {
            struct GridOutput: Encodable {
                var direct: [SimulationGrid.Result]
                var live: [String: S2SReplayReport]
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
            Self.emit(String(decoding: try encoder.encode(GridOutput(direct: results, live: live)), as: UTF8.self))
        } else {
            Self.emit("\n" + SimulationGrid.render(results))
        }
    }

    /// The grid's cells on the identity calibration, each learning its own model, over
    /// `--fit-seeds` seeds: the curves they fit, as Swift for `ConfidenceCalibration.standard`.
    private func fitGridCalibration(_ base: SimulationGrid, cells: [SimulationGrid.Cell]) throws {
        guard let postedDays = base.postedDays else { throw ValidationError("--grid --fit-calibration needs --as-posted") }
        guard fitSeeds >= 1 else { throw ValidationError("--fit-seeds must be at least 1") }
        var grid = base
        grid.calibration = .identity
        var results: [SimulationGrid.Result] = []
        for offset in 0..<UInt64(fitSeeds) {
            grid.seed = seed &+ offset
            // Drawn worlds are drawn again from each seed: every seed adds worlds of its own.
            let seedCells =
                drawnWorlds.map { SimulationGrid.drawnCells(count: $0, seed: grid.seed, resetting: drawnResetGroups) } ?? cells
            for cell in seedCells { results.append(grid.run(cell, learning: true)) }
            if !json { Self.emit("seed \(grid.seed): \(seedCells.count) cells") }
        }
        let fitted = CalibrationFit.fit(
            grid: results, postedDays: postedDays, poolingPlatforms: poolPlatforms, unkeyed: unkeyed,
            densities: fitDensities.isEmpty ? nil : fitDensities)
        Self.emit(CalibrationFit.swiftLiteral(fitted))
    }

    /// How `--target` is replayed.
    enum ReplayMode: String, ExpressibleByArgument, CaseIterable {
        case s2s
        case redirect
    }

    /// Unbuffered, so a supervisor reading a pipe sees each table at once.
    static func emit(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}

extension EvidenceObserver.FrozenIOSVersion: ExpressibleByArgument {}
extension PopulationModel.Preset: ExpressibleByArgument {}
extension Geography.Audience: ExpressibleByArgument {}
