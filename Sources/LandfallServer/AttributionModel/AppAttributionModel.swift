import Foundation
import LandfallAttribution

/// One app and platform's learned model as the server stores it: the parameters, whether they
/// have moved off the defaults, and the engine's own estimate of its precision and recall at
/// every cut on the installs the fit read.
struct AppAttributionModel: Codable, Sendable, Hashable {
    var parameters: LearnedParameters
    /// Expected precision and recall at each whole-number cut from 1 to 99.
    var curve: [CurvePoint]

    struct CurvePoint: Codable, Sendable, Hashable {
        var threshold: Int
        var precision: Double?
        var recall: Double?
    }

    /// Token-less installs a platform needs before its estimate picks a cut for a target
    /// precision: below it the estimate is mostly noise.
    static let minimumTokenlessForCut = 100

    init(parameters: LearnedParameters, estimate: OperatingEstimate) {
        self.parameters = parameters
        curve = (1...99).map { cut in
            let point = estimate.at(threshold: cut)
            return CurvePoint(threshold: cut, precision: point.precision, recall: point.recall)
        }
    }

    /// The lowest cut expected to deliver `precision`; nil without enough installs to say.
    func threshold(forPrecision precision: Double) -> Int? {
        guard parameters.evidence.tokenless >= Self.minimumTokenlessForCut else { return nil }
        // The lowest cut at or above which every higher cut also delivers (a cut that dips below
        // the target further up is not one that delivers it): one walk down from the top, since
        // this runs on every install of an app with a target.
        var lowest = 100
        for point in curve.reversed() {
            guard (point.precision ?? 1) >= precision else { break }
            lowest = point.threshold
        }
        return lowest
    }

    func estimate(at threshold: Int) -> CurvePoint? {
        curve.first { $0.threshold == threshold }
    }

    /// Whether the app's own installs have moved the parameters: false while every estimate still
    /// rests mostly on the defaults.
    var learnedFromData: Bool {
        parameters.evidence.tokenless >= 30 || parameters.evidence.labelled >= 30
    }
}
