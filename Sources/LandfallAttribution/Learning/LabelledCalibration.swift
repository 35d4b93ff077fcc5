import Foundation

/// One app's correction of the confidence the engine states on a platform, read off the installs
/// that carried a click token.
///
/// The standard curves (``ConfidenceCalibration``) were fitted on simulated worlds; on an app
/// unlike them (mostly organic installs, households behind one network, delays of many minutes)
/// the middle confidences can be 10-25 points too high, and no parameter the mixture learns says
/// so, because the same model that states the confidence also fits the share it rests on.
/// Labelled installs are evidence from outside that model: the click token names the click, so
/// each can be scored as if it had carried none, and where that score lands says how many of the
/// token-less installs scored alike followed a click and were credited the right one.
///
/// Tokens are taken to be carried by a random part `c` of the installs that followed a click in
/// the window, whatever their signals (Play Install Referrer on Android reaches every install
/// from the store; a pasteboard or App Clip token every install that opens it). Then among the
/// installs scored into one band of confidence, the labelled ones whose best candidate is their
/// click stand for `(1 − c) / c` token-less ones each, and their number over the band's
/// token-less installs is the precision the band really has. `c` is read where the engine is
/// surest (confidence ≥ ``anchor``), where nearly every install followed a click: the labelled
/// share of that band's clicked installs. Each band's correction weighs its labelled installs
/// against ``pseudoCount`` of the confidence as stated, so a band few tokens reach stays near it.
public struct LabelledCalibration: Sendable, Hashable, Codable {
    /// (stated, corrected) confidences, both in 0...1, non-decreasing; the ends map to themselves.
    public var knots: [Knot]
    /// Labelled installs the correction was read from, and the share of clicked installs they were
    /// taken to be (`c`).
    public var labelled: Int
    public var tokenShare: Double

    public struct Knot: Sendable, Hashable, Codable {
        public var stated: Double
        public var corrected: Double

        public init(stated: Double, corrected: Double) {
            self.stated = stated
            self.corrected = corrected
        }
    }

    public init(knots: [Knot], labelled: Int, tokenShare: Double) {
        self.knots = knots
        self.labelled = labelled
        self.tokenShare = tokenShare
    }

    /// Band edges of the stated confidence; the last band is the anchor.
    static let edges: [Double] = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, anchor, 1.000_001]
    /// Confidences from here up are taken to have followed a click, for reading `c`.
    public static let anchor = 0.97
    /// How many labelled installs the confidence as stated weighs as, in each band. Measured on 36
    /// drawn worlds (seeds 11, 23, 31): with 25 the worlds' mean worst gap was 10.7 points and 12
    /// platforms' middle deciles stayed 10 or more over-confident; with 10, 10.3 and 8 (docs/accuracy-journal.md).
    public static let pseudoCount = 10.0
    /// Labelled installs the anchor band needs before `c` is read from it; with fewer there is no
    /// correction.
    public static let minimumAnchorLabelled = 30

    /// The corrected confidence, interpolated linearly between knots.
    public func corrected(_ stated: Double) -> Double {
        UnitCurve.value(at: stated, through: knots, x: \.stated, y: \.corrected)
    }

    /// Whether every knot is a probability and the curve never falls.
    public var isUsable: Bool {
        knots.allSatisfy { (0...1).contains($0.stated) && (0...1).contains($0.corrected) }
            && zip(knots, knots.dropFirst()).allSatisfy { $0.stated <= $1.stated && $0.corrected <= $1.corrected }
            && tokenShare.isFinite && tokenShare > 0 && tokenShare <= 1
    }

    /// Whether crediting candidate `credited` credits the person whose click the token named: the
    /// token's click or another of its device group, or a click on the install's own network that
    /// nothing contradicts, where no device or locale signal agrees with the install on one of the
    /// two clicks and differs on the other.
    ///
    /// The token's click often carries fewer signals than the person's others (a page whose beacon
    /// never reported, a browser without client hints), which puts it in a group of its own; the
    /// person's click on the install's network is then counted wrong though it is theirs. Checked
    /// against the person who clicked (simulated worlds, seeds 23 and 73, every band of stated
    /// confidence): the token's group alone, or with clicks agreeing on every signal on any
    /// network, counted 84 % right in the 80-90 band where 97 % were the person's, and 39 % in the
    /// band below 10 where 19 % were; this rule 96 % and 19 %, within a point or so in every band.
    /// Look-alike clicks on other networks, which the engine cannot tell from the person's, count
    /// as wrong: most are strangers' (docs/accuracy-journal.md, "The labelled installs judged by who clicked").
    static func creditsTheInstaller(_ credited: Int, label: Int, in observation: MatchObservation) -> Bool {
        let (named, chosen) = (observation.candidates[label], observation.candidates[credited])
        // A token's click the indexes did not fetch has a group of its own.
        if chosen.group == named.group { return true }
        guard chosen.ip == .agrees else { return false }
        func contradicts(_ a: MatchObservation.Agreement, _ b: MatchObservation.Agreement) -> Bool {
            (a == .agrees && b == .differs) || (a == .differs && b == .agrees)
        }
        let contradicted =
            contradicts(chosen.deviceModel, named.deviceModel) || contradicts(chosen.osVersion, named.osVersion)
            || contradicts(chosen.screen, named.screen) || contradicts(chosen.timezone, named.timezone)
            || contradicts(chosen.language, named.language)
        return !contradicted
    }

    /// The correction for `observations` (one platform's) scored with `configuration`, which must
    /// not carry a correction of its own; nil without enough labelled installs in the anchor band.
    public static func fit(_ observations: [MatchObservation], configuration: AttributionConfiguration) -> LabelledCalibration? {
        var probing = configuration
        probing.threshold = 0
        probing.labelledCalibration = nil
        let engine = AttributionEngine(configuration: probing)
        let bandCount = edges.count - 1
        func band(_ p: Double) -> Int {
            min(bandCount - 1, max(0, (edges.lastIndex { $0 <= p } ?? 0)))
        }
        var tokenless = Array(repeating: (count: 0, stated: 0.0, clicked: 0.0), count: bandCount)
        var labelled = Array(repeating: (count: 0, right: 0), count: bandCount)
        var labelledTotal = 0
        for observation in observations {
            if let label = observation.label {
                guard observation.candidates.indices.contains(label) else { continue }
                labelledTotal += 1
                var unlabelled = observation
                unlabelled.label = nil
                let evaluation = engine.evaluate(unlabelled)
                let p = evaluation?.probability ?? 0
                let right = evaluation.map { Self.creditsTheInstaller($0.index, label: label, in: observation) } ?? false
                labelled[band(p)].count += 1
                if right { labelled[band(p)].right += 1 }
            } else {
                let evaluation = engine.evaluate(observation)
                let p = evaluation?.probability ?? 0
                tokenless[band(p)].count += 1
                tokenless[band(p)].stated += p
                tokenless[band(p)].clicked += evaluation?.clicked ?? 0
            }
        }
        let top = bandCount - 1
        guard labelled[top].count >= minimumAnchorLabelled, tokenless[top].clicked > 0 else { return nil }
        let share = Double(labelled[top].count) / (Double(labelled[top].count) + tokenless[top].clicked)
        let perLabelled = (1 - share) / share
        var knots: [(knot: Knot, weight: Double)] = []
        for index in 0..<top where tokenless[index].count > 0 {
            let count = Double(tokenless[index].count)
            let stated = tokenless[index].stated / count
            let observed = min(1, Double(labelled[index].right) * perLabelled / count)
            let weight = Double(labelled[index].count)
            let corrected = (observed * weight + stated * pseudoCount) / (weight + pseudoCount)
            knots.append((Knot(stated: stated, corrected: corrected), count))
        }
        // Neighbours pooled, by their token-less installs, where a band came out below the one
        // before it, so the curve never falls.
        var pooled: [(knot: Knot, weight: Double)] = []
        for var entry in knots {
            while let last = pooled.last, last.knot.corrected > entry.knot.corrected {
                pooled.removeLast()
                let weight = last.weight + entry.weight
                func mean(_ value: KeyPath<Knot, Double>) -> Double {
                    (last.knot[keyPath: value] * last.weight + entry.knot[keyPath: value] * entry.weight) / weight
                }
                entry = (Knot(stated: mean(\.stated), corrected: mean(\.corrected)), weight)
            }
            pooled.append(entry)
        }
        let calibration = LabelledCalibration(knots: pooled.map(\.knot), labelled: labelledTotal, tokenShare: share)
        return calibration.isUsable ? calibration : nil
    }
}
