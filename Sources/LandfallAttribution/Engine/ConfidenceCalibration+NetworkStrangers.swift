extension ConfidenceCalibration {
    /// The curves for a model that learns how many strangers a quiet network hides
    /// (``NetworkStrangers``), fitted by the same commands as ``standard`` with the learning on:
    ///
    /// ```sh
    /// landfall simulate --grid --as-posted --http-days 4 --fit-calibration --unkeyed --network-strangers --seed 101 --fit-seeds 40 --cells 500/day
    /// landfall simulate --grid --as-posted --http-days 4 --fit-calibration --unkeyed --network-strangers --seed 101 --fit-seeds 6
    /// ```
    ///
    /// They lift the posterior far less than ``standard`` (at 50,000 clicks a day they are about
    /// the identity): most of what ``standard`` lifts is a lone click on the installer's network
    /// weighed against half a stranger's click where the worlds hold a twentieth. The simulator
    /// uses them with `--network-strangers`; the server keeps ``standard`` and the counts' own
    /// smoothing until the pair is measured better on unseen worlds (docs/accuracy-journal.md, "Strangers
    /// on a quiet network").
    public static let networkStrangers = ConfidenceCalibration(bands: [
        .init(
            clickCount: 500,
            knots: [
                .init(0.025, 0.084), .init(0.143, 0.328), .init(0.246, 0.498), .init(0.349, 0.603), .init(0.450, 0.677),
                .init(0.551, 0.787), .init(0.651, 0.853), .init(0.752, 0.901), .init(0.854, 0.933), .init(0.989, 0.992),
            ]),
        .init(
            clickCount: 5000,
            knots: [
                .init(0.026, 0.048), .init(0.141, 0.206), .init(0.245, 0.329), .init(0.348, 0.440), .init(0.450, 0.561),
                .init(0.550, 0.674), .init(0.651, 0.748), .init(0.754, 0.845), .init(0.852, 0.905), .init(0.992, 0.992),
            ]),
        .init(
            clickCount: 50000,
            knots: [
                .init(0.039, 0.045), .init(0.144, 0.141), .init(0.246, 0.223), .init(0.347, 0.303), .init(0.451, 0.402),
                .init(0.551, 0.510), .init(0.650, 0.653), .init(0.751, 0.752), .init(0.853, 0.837), .init(0.994, 0.987),
            ]),
    ])
}
