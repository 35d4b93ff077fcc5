import Foundation
import LandfallAttribution
import LandfallStore

/// `GET /api/apps/:id/attribution-model`: what the engine uses for the app, how much of it the
/// app's own installs taught, and what it expects of its answers at the app's cut.
struct AttributionModelView: Encodable, Sendable {
    var appId: String
    var attributionTargetPrecision: Double?
    var attributionThreshold: Int?
    var platforms: [Platform]

    struct Platform: Encodable, Sendable {
        var platform: String
        /// `learned` once the app's installs moved the model, else `defaults`.
        var status: String
        var statusText: String
        var fittedAt: Date?
        var installs: Int
        var labelledInstalls: Int
        var tokenlessInstalls: Int
        var iterations: Int?
        var converged: Bool?
        /// The cut in force and where it comes from: `attributionTargetPrecision`, `attributionThreshold` or `default`.
        var threshold: Int
        var thresholdSource: String
        /// The engine's own estimate on the installs the fit read; nil before the first fit.
        var estimatedPrecision: Double?
        var estimatedRecall: Double?
        var parameters: Parameters
    }

    struct Parameters: Encodable, Sendable {
        var clickedInstallShare: Estimate
        var delay: Delay
        var persistence: [String: Estimate]
        var ipPersistenceShort: Estimate
        /// How much each window click the indexes did not fetch weighs as the install's own (one
        /// less the chance that its own click is found), from the candidates on its network.
        var unfetchedLikelihoodRatio: Estimate
        /// Of that weight, the part on clicks that share the install's screen, time zone and
        /// language; nil until learned, and then the count of such look-alikes is not weighed.
        var unfetchedLookAlikeShare: Double?
        /// By count of such look-alikes (the last standing for every larger count), how much
        /// likelier it is with the installer's own click among them; nil until learned.
        var unfetchedLookAlikeCountRatios: [Double]?
        /// The strangers' clicks expected on the install's network when the window's counts show
        /// 0, 1, 2 or 3 there (beyond, a count is taken as it stands); nil until learned, and then
        /// the counts' own smoothing (0.5, 1.5, 2.5, 3.5) stands.
        var networkStrangers: [Double]?
        /// How the confidence the engine states is corrected from where the app's labelled
        /// installs would have scored; nil until enough labelled installs were scored sure.
        var confidenceCorrection: ConfidenceCorrection?
    }

    /// ``LabelledCalibration`` as the API shows it.
    struct ConfidenceCorrection: Encodable, Sendable {
        /// (stated, corrected) pairs; between them the correction is linear, and 0 and 1 stay.
        var points: [Point]
        var labelledInstalls: Int
        /// The share of clicked installs taken to carry a click token.
        var tokenShare: Double

        struct Point: Encodable, Sendable {
            var stated: Double
            var corrected: Double
        }

        init(_ calibration: LabelledCalibration) {
            points = calibration.knots.map { Point(stated: $0.stated, corrected: $0.corrected) }
            labelledInstalls = calibration.labelled
            tokenShare = calibration.tokenShare
        }
    }

    /// One learned number, its default, and the weight of the app's own evidence behind it
    /// (installs, or click-install pairs where an unlabelled pair counts its probability).
    struct Estimate: Encodable, Sendable {
        var value: Double
        var defaultValue: Double
        var learnedFrom: Double

        enum CodingKeys: String, CodingKey {
            case value
            case defaultValue = "default"
            case learnedFrom
        }
    }

    struct Delay: Encodable, Sendable {
        var quickShare: Double
        var quickMedianSeconds: Double
        var quickLogSigma: Double
        var slowMedianSeconds: Double
        var slowLogSigma: Double
        var learnedFrom: Double
        var defaultValue: DelayModel

        enum CodingKeys: String, CodingKey {
            case quickShare, quickMedianSeconds, quickLogSigma, slowMedianSeconds, slowLogSigma, learnedFrom
            case defaultValue = "default"
        }
    }

    init(app: AppRecord, base: AttributionConfiguration, stored: [StoredAttributionModel]) {
        appId = app.id
        attributionTargetPrecision = app.settings.attributionTargetPrecision
        attributionThreshold = app.settings.attributionThreshold
        var byPlatform: [DevicePlatform: (model: AppAttributionModel, fittedAt: Date)] = [:]
        for entry in stored {
            if let platform = DevicePlatform(rawValue: entry.platform), let model = AttributionModelCache.decode(entry.parameters) {
                byPlatform[platform] = (model, entry.fittedAt)
            }
        }
        let shown = DevicePlatform.allCases.filter { [.ios, .android].contains($0) || byPlatform[$0] != nil }
        platforms = shown.map { platform in
            Self.platform(platform, app: app, base: base, fitted: byPlatform[platform])
        }
    }

    private static func platform(
        _ platform: DevicePlatform, app: AppRecord, base: AttributionConfiguration, fitted: (model: AppAttributionModel, fittedAt: Date)?
    ) -> Platform {
        let defaults = LearnedParameters(defaults: base, platform: platform)
        let parameters = fitted?.model.parameters ?? defaults
        let configuration = InstallService.configuration(base, for: app.settings, platform: platform, model: fitted?.model)
        let source: String
        if let target = app.settings.attributionTargetPrecision, fitted?.model.threshold(forPrecision: target) != nil {
            source = "attributionTargetPrecision"
        } else if app.settings.attributionThreshold != nil {
            source = "attributionThreshold"
        } else {
            source = "default"
        }
        let evidence = parameters.evidence
        let learned = fitted?.model.learnedFromData ?? false
        let point = fitted?.model.estimate(at: configuration.threshold)
        return Platform(
            platform: platform.rawValue, status: learned ? "learned" : "defaults",
            statusText: statusText(
                platform, fitted: fitted?.model, targetPrecision: app.settings.attributionTargetPrecision, source: source),
            fittedAt: fitted?.fittedAt, installs: evidence.installs, labelledInstalls: evidence.labelled,
            tokenlessInstalls: evidence.tokenless,
            iterations: fitted.map { _ in evidence.iterations }, converged: fitted.map { _ in evidence.converged },
            threshold: configuration.threshold, thresholdSource: source,
            estimatedPrecision: point?.precision, estimatedRecall: point?.recall,
            parameters: Parameters(
                clickedInstallShare: Estimate(
                    value: parameters.clickedInstallShare, defaultValue: defaults.clickedInstallShare,
                    learnedFrom: Double(evidence.tokenless)
                ),
                delay: Delay(
                    quickShare: parameters.delay.quickShare, quickMedianSeconds: parameters.delay.quickMedian,
                    quickLogSigma: parameters.delay.quickLogSigma, slowMedianSeconds: parameters.delay.slowMedian,
                    slowLogSigma: parameters.delay.slowLogSigma, learnedFrom: evidence.delayPairs, defaultValue: defaults.delay
                ),
                persistence: Dictionary(
                    uniqueKeysWithValues: parameters.persistence.map { name, value in
                        (
                            name,
                            Estimate(
                                value: value, defaultValue: defaults.persistence[name] ?? value,
                                learnedFrom: evidence.persistencePairs[name] ?? 0)
                        )
                    }),
                ipPersistenceShort: Estimate(
                    value: parameters.ipPersistenceShort, defaultValue: defaults.ipPersistenceShort,
                    learnedFrom: evidence.persistencePairs["ip_short"] ?? 0
                ),
                unfetchedLikelihoodRatio: Estimate(
                    value: parameters.unfetchedLikelihoodRatio ?? configuration.unfetchedLikelihoodRatio,
                    defaultValue: defaults.unfetchedLikelihoodRatio ?? configuration.unfetchedLikelihoodRatio,
                    learnedFrom: Double(evidence.networkCandidates ?? 0)
                ),
                unfetchedLookAlikeShare: parameters.unfetchedLookAlikeShare,
                unfetchedLookAlikeCountRatios: parameters.unfetchedLookAlikeCountRatios,
                networkStrangers: parameters.networkStrangers,
                confidenceCorrection: parameters.labelledCalibration.map(ConfidenceCorrection.init)
            )
        )
    }

    private static func statusText(_ platform: DevicePlatform, fitted: AppAttributionModel?, targetPrecision: Double?, source: String)
        -> String
    {
        var text: String
        if let fitted {
            let evidence = fitted.parameters.evidence
            text =
                fitted.learnedFromData
                ? "Learned from the app's \(evidence.installs) most recent \(platform.rawValue) installs "
                    + "(\(evidence.labelled) with a click token, \(evidence.tokenless) without)."
                : "Still mostly on the defaults: only \(evidence.installs) \(platform.rawValue) installs so far; "
                    + "each estimate moves toward the app's own as installs accrue."
        } else {
            text =
                "No fit yet for \(platform.rawValue): the engine uses the server's defaults until the app has reported at least "
                + "30 installs on it."
        }
        if targetPrecision != nil, source != "attributionTargetPrecision" {
            text +=
                " The target precision takes effect once \(AppAttributionModel.minimumTokenlessForCut) installs without a click "
                + "token have been fitted; until then the cut is the app's threshold or the default."
        }
        return text
    }
}
