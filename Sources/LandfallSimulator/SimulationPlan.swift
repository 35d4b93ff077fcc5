import Foundation
import LandfallAttribution

/// What `landfall simulate` runs: one population per click density, the engine and the baselines
/// over each, and optionally an HTTP replay.
///
/// ```swift
/// var plan = SimulationPlan()
/// plan.densities = [100, 1_000]
/// for report in plan.runDirect() { print(TextReport.render(report)) }
/// ```
public struct SimulationPlan: Sendable {
    public static let defaultThreshold = AttributionConfiguration().threshold
    /// By default each density is measured for at least a week and about this many installs, so
    /// a sparse density is not judged on a handful of installs, and each calibration decile holds
    /// enough answers that its observed precision is not mostly noise.
    public static let defaultMeasuredInstalls = 50_000

    public var seed: UInt64 = 42
    /// Clicks per day for one app.
    public var densities: [Double] = [500, 5_000, 50_000]
    /// Days per density, warm-up included; nil: what `measuredInstalls` needs.
    public var days: Double?
    /// Measured installs to aim for per density (sets the days; at least a week is measured).
    public var measuredInstalls: Int?
    public var windowHours = 168.0
    public var threshold = SimulationPlan.defaultThreshold
    public var organicShare = 0.12
    public var frozenIOSVersion = EvidenceObserver.FrozenIOSVersion.asReported
    /// The world: `.hard` (as hard as real traffic, the default) or `.easy`.
    public var preset = PopulationModel.Preset.hard
    /// Where the hard population's people live (the easy one keeps its national tables).
    public var audience = Geography.Audience.national
    /// The engine's confidence calibration (`.identity` to fit a new one).
    public var calibration = ConfidenceCalibration.standard
    /// Learn each platform's model from the population's own installs as the server does; nil
    /// runs on the defaults throughout.
    public var learning: ModelLearning?

    public init() {}

    /// The population model for one density.
    public func model(clicksPerDay: Double) -> PopulationModel {
        var model = PopulationModel(clicksPerDay: clicksPerDay, windowHours: windowHours, preset: preset)
        if preset == .hard, audience != .national { model.countries = Geography.audience(audience) }
        model.organicShare = organicShare
        if let days {
            model.days = days
        } else {
            let installs = Double(max(1, measuredInstalls ?? Self.defaultMeasuredInstalls))
            let measured = max(7, (installs / max(1e-9, model.expectedInstallsPerDay)).rounded(.up))
            model.days = model.warmUpDays + min(measured, 3_650)
        }
        return model
    }

    /// Problems with the plan, for the command line to report before running.
    public func problems() -> [String] {
        var problems: [String] = []
        if densities.isEmpty { problems.append("give at least one click density") }
        if !(0...100).contains(threshold) { problems.append("the threshold is a confidence from 0 to 100") }
        for density in densities {
            problems += model(clicksPerDay: density).problems().map { "\(Int(density))/day: \($0)" }
        }
        return Array(Set(problems)).sorted()
    }

    /// Runs every density through `DirectSimulation`, handing each report over as it is done.
    public func runDirect(_ each: (DensityReport) -> Void = { _ in }) -> [DensityReport] {
        var configuration = AttributionConfiguration()
        configuration.threshold = threshold
        configuration.calibration = calibration
        var simulation = DirectSimulation(configuration: configuration, frozenIOSVersion: frozenIOSVersion)
        simulation.learning = learning
        return densities.map { density in
            let population = PopulationGenerator(model: model(clicksPerDay: density), seed: seed).generate()
            let report = simulation.run(population)
            each(report)
            return report
        }
    }
}

/// Everything `landfall simulate --json` prints.
public struct SimulationOutput: Sendable, Encodable {
    public var seed: UInt64
    public var windowHours: Double
    public var threshold: Int
    public var densities: [DensityReport]
    public var http: HTTPReplayReport?
    /// The replay through the server-to-server endpoints (`--replay s2s`).
    public var s2s: S2SReplayReport?

    public init(plan: SimulationPlan, densities: [DensityReport], http: HTTPReplayReport? = nil, s2s: S2SReplayReport? = nil) {
        seed = plan.seed
        windowHours = plan.windowHours
        threshold = plan.threshold
        self.densities = densities
        self.http = http
        self.s2s = s2s
    }

    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
