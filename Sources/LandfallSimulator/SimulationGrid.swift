import Foundation
import LandfallAttribution

/// `landfall simulate --grid`: worlds unlike each other and unlike the simulator's defaults, each
/// run with the engine learning its model from the world's own installs, as a server does.
///
/// The cells vary one thing at a time around a base world (20 % organic installs, 5,000 clicks a
/// day, 10 % of clicked installs carrying a click token, the national audience, the hard
/// preset's delays), plus the 12 %-organic worlds the targets name: organic share 5-70 %,
/// 500-50,000 clicks a day, tokens 0-40 %, a sun-belt audience, delays of hours and of seconds.
/// Nothing is fitted offline: the engine's defaults and calibration curves are the ones fitted
/// on seeds 101-106, and the grid runs on its own seed.
public struct SimulationGrid: Sendable {
    public struct Cell: Sendable, Hashable, Encodable {
        public var name: String
        public var organicShare: Double
        public var clicksPerDay: Double
        public var tokenShare: Double
        public var audience: Geography.Audience
        public var delays: Delays
        /// Set on a drawn world's cell: every parameter it draws, applied over the rest.
        public var drawn: DrawnWorld?

        public enum Delays: String, Sendable, Hashable, Encodable {
            case hard
            /// Most people come back hours later (median 20 h).
            case long
            /// Most install within a minute or two; the rest within an hour or so.
            case short
        }

        public init(
            name: String, organicShare: Double = 0.2, clicksPerDay: Double = 5_000, tokenShare: Double = 0.1,
            audience: Geography.Audience = .national, delays: Delays = .hard
        ) {
            self.name = name
            self.organicShare = organicShare
            self.clicksPerDay = clicksPerDay
            self.tokenShare = tokenShare
            self.audience = audience
            self.delays = delays
        }

        /// The population model of this cell.
        public func model(windowHours: Double, measuredDays: Double) -> PopulationModel {
            var model = PopulationModel(clicksPerDay: clicksPerDay, windowHours: windowHours, preset: .hard)
            if audience != .national { model.countries = Geography.audience(audience) }
            model.organicShare = organicShare
            model.androidReferrerShare = tokenShare
            model.iOSClipboardShare = tokenShare
            switch delays {
            case .hard: break
            case .long:
                model.quickInstallShare = 0.15
                model.slowDelayMedian = 20 * 3600
                model.slowDelaySigma = 1.2
            case .short:
                model.quickInstallShare = 0.9
                model.quickDelayMedian = 70
                model.quickDelaySigma = 0.5
                model.slowDelayMedian = 3600
                model.slowDelaySigma = 1.0
            }
            drawn?.apply(to: &model)
            model.days = model.warmUpDays + measuredDays
            return model
        }
    }

    public static let cells: [Cell] = [
        Cell(name: "base"),
        Cell(name: "organic 5%", organicShare: 0.05),
        Cell(name: "organic 50%", organicShare: 0.5),
        Cell(name: "organic 70%", organicShare: 0.7),
        Cell(name: "organic 12%, 500/day", organicShare: 0.12, clicksPerDay: 500),
        Cell(name: "organic 50%, 500/day", organicShare: 0.5, clicksPerDay: 500),
        Cell(name: "organic 70%, 500/day", organicShare: 0.7, clicksPerDay: 500),
        Cell(name: "long delays, 500/day", clicksPerDay: 500, delays: .long),
        Cell(name: "organic 12%, 5,000/day", organicShare: 0.12),
        Cell(name: "50,000/day", clicksPerDay: 50_000),
        Cell(name: "no tokens", tokenShare: 0),
        Cell(name: "tokens 40%", tokenShare: 0.4),
        Cell(name: "sun belt", audience: .sunbelt),
        Cell(name: "long delays", delays: .long),
        Cell(name: "short delays", delays: .short),
    ]

    public var seed: UInt64 = 42
    public var windowHours = 168.0
    /// Measured days per cell after the window's warm-up; sparse cells get more so their deciles fill.
    public var measuredDays: @Sendable (Double) -> Double = { clicksPerDay in clicksPerDay <= 500 ? 60 : clicksPerDay >= 50_000 ? 5 : 14 }
    public var targetPrecision = 0.95
    /// When set, each cell is run as the live path sees it: this many days from the app's first
    /// click (no warm-up), reported as S2S senders report it (`S2SReplay.asReported`), so a direct
    /// run measures what `--target` measures, without the server.
    public var postedDays: Double?
    /// The engine's calibration in every cell; `.identity` to fit new curves from the grid.
    public var calibration = ConfidenceCalibration.standard
    /// Whether each cell's fits weigh look-alikes among the unfetched clicks (``ModelLearning``).
    public var weighsLookAlikeCounts = true
    /// Whether each cell's fits correct the stated confidence from the labelled installs (``ModelLearning``).
    public var learnsLabelledCalibration = true
    /// Whether each cell's fits learn the strangers a quiet network hides (``ModelLearning``).
    public var learnsNetworkStrangers = false

    public init() {}

    /// One cell's figures.
    public struct Result: Sendable, Encodable {
        public var cell: Cell
        public var learning: Bool
        public var measuredInstalls: Int
        public var precisionAtDefault: Double?
        public var recallAtDefault: Double
        /// Best recall at precision ≥ 0.97, the engine's and the plain likelihood-ratio baseline's.
        public var recallAtPrecision97: Double
        public var baselineRecallAtPrecision97: Double
        /// Token-less installs answered at the cut the engine chose for `targetPrecision`.
        public var precisionAtTarget: Double?
        public var recallAtTarget: Double?
        /// The largest |observed − predicted| over deciles holding at least 50 installs, in points.
        public var worstCalibrationGap: Double
        /// That gap beside the worst gaps calibrated runs of the same deciles give.
        public var calibrationChance: CalibrationChance?
        public var learnedClickedShare: [String: Double]
        /// Each platform's learned click-to-install delays, to set beside the cell's.
        public var learnedDelay: [String: DelayModel] = [:]
        /// Each platform's last correction of the stated confidence from its labelled installs;
        /// its `tokenShare` estimates the cell's share of clicked installs carrying a token.
        public var labelledCalibration: [String: LabelledCalibration] = [:]
        /// What the learned shares estimate: each platform's share of token-less installs that
        /// followed a click in the window.
        public var trueClickedShare: [String: Double]
        /// Whether the learned model, held at the true share, says it back: where `implied` exceeds
        /// the truth, the fit's rounds carry the share above it.
        public var mixtureAtTruth: [String: MixtureCheck] = [:]
        /// Token-less installs with a candidate by confidence decile: stated against right.
        public var calibration: [CalibrationBucket]
        /// The same deciles for each platform's installs, which the platform's learned share keys.
        public var calibrationByPlatform: [String: [CalibrationBucket]] = [:]
        public var seconds: Double
    }

    /// One cell, learning its model (or, with `learning` false, on the defaults throughout: the
    /// engine before per-app models, for comparison in the same run).
    public func run(_ cell: Cell, learning: Bool = true) -> Result {
        var simulation = DirectSimulation()
        simulation.configuration.calibration = calibration
        if learning {
            var schedule = ModelLearning(targetPrecision: targetPrecision)
            schedule.weighsLookAlikeCounts = weighsLookAlikeCounts
            schedule.learnsLabelledCalibration = learnsLabelledCalibration
            schedule.learnsNetworkStrangers = learnsNetworkStrangers
            simulation.learning = schedule
        }
        let report = simulation.run(population(of: cell))
        let engine = report.recallAtPrecision.first { $0.name == "Landfall engine" }
        let plain = report.recallAtPrecision.first { $0.name == LikelihoodRatioBaseline.name }
        return Result(
            cell: cell, learning: learning, measuredInstalls: report.measuredInstalls,
            precisionAtDefault: report.engine.tokenless.precision,
            recallAtDefault: report.engine.tokenless.recall, recallAtPrecision97: engine?.recall ?? 0,
            baselineRecallAtPrecision97: plain?.recall ?? 0, precisionAtTarget: report.atTargetPrecision?.precision,
            recallAtTarget: report.atTargetPrecision?.recall, worstCalibrationGap: Evaluator.calibrationError(report.calibration).worst,
            calibrationChance: CalibrationChance.of(report.calibration),
            learnedClickedShare: report.learned.mapValues(\.clickedInstallShare), learnedDelay: report.learned.mapValues(\.delay),
            labelledCalibration: report.learned.compactMapValues(\.labelledCalibration), trueClickedShare: report.clickedShareTruth,
            mixtureAtTruth: report.mixtureAtTruth,
            calibration: report.calibration, calibrationByPlatform: report.calibrationByPlatform, seconds: report.seconds
        )
    }

    /// The cell's population: measured after a window's warm-up, or as posted (`postedDays`).
    public func population(of cell: Cell) -> SimulatedPopulation {
        guard let postedDays else {
            let model = cell.model(windowHours: windowHours, measuredDays: measuredDays(cell.clicksPerDay))
            return PopulationGenerator(model: model, seed: seed).generate()
        }
        var model = cell.model(windowHours: windowHours, measuredDays: postedDays)
        model.warmUpDays = 0
        model.days = postedDays
        return S2SReplay.asReported(PopulationGenerator(model: model, seed: seed).generate(), endingAt: Self.postedEnd)
    }

    /// Where a posted population's timeline ends: any fixed date gives the same figures.
    static let postedEnd = Date(timeIntervalSince1970: 1_800_000_000)

    /// The table `landfall simulate --grid` prints.
    public static func render(_ results: [Result]) -> String {
        func percent(_ value: Double?) -> String { value.map { String(format: "%5.1f", $0 * 100) } ?? "    -" }
        var lines = [
            "cell                      | model    | installs | P@80  | R@80  | R@P.97 | LR R@P.97 | P@target | R@target | worst gap | by chance (95 %) | p     | p (squares) | learned clicked share"
        ]
        for result in results {
            let learned = result.learnedClickedShare.sorted { $0.key < $1.key }.map { platform, share in
                "\(platform) \(percent(share)) (truth \(percent(result.trueClickedShare[platform]))"
                    + (result.mixtureAtTruth[platform].map { ", implied at truth \(percent($0.implied))" } ?? "") + ")"
            }.joined(separator: ", ")
            lines.append(
                TextReport.pad(result.cell.name, 26) + "| " + (result.learning ? "learned  " : "defaults ") + "| "
                    + TextReport.pad(TextReport.number(result.measuredInstalls), 9) + "| "
                    + percent(result.precisionAtDefault) + " | " + percent(result.recallAtDefault) + " | "
                    + percent(result.recallAtPrecision97)
                    + "  | " + percent(result.baselineRecallAtPrecision97) + "     | " + percent(result.precisionAtTarget) + "    | "
                    + percent(result.recallAtTarget) + "    | " + String(format: "%5.1f", result.worstCalibrationGap) + "     | "
                    + (result.calibrationChance.map { String(format: "%5.1f", $0.percentile95ByChance) } ?? "    -") + "           | "
                    + (result.calibrationChance.map { String(format: "%.3f", $0.pValue) } ?? "    -") + " | "
                    + (result.calibrationChance.map { String(format: "%.3f", $0.squaredGapsPValue) } ?? "    -") + "       | " + learned
            )
        }
        return lines.joined(separator: "\n")
    }
}
