extension ConfidenceCalibration {
    /// The default curves, fitted on the grid's worlds as the server runs them (the identity
    /// calibration, each world learning its own model), deciles of at least 200 installs pooled and
    /// made monotone:
    ///
    /// ```sh
    /// landfall simulate --grid --as-posted --http-days 4 --fit-calibration --unkeyed --seed 101 --fit-seeds 40 --cells 500/day
    /// landfall simulate --grid --as-posted --http-days 4 --fit-calibration --unkeyed --seed 101 --fit-seeds 6   # 5,000 and 50,000
    /// ```
    ///
    /// Refitted (2026-12-07) once a value's share is taken among the clicks that carry its factor
    /// (``InstallShares``): agreements weigh less than they did when every click stood in, so the
    /// posteriors run lower and the curves lift them further. The drawn worlds and the grid's
    /// seeds 42 and 7, which score the engine, are none of these. Each band is keyed on the clicks
    /// of a platform an install of those runs found in its window on average (four days posted,
    /// two platforms: about one day's clicks), so a mature app's full window sits between bands as
    /// its count says.
    /// Posteriors run low in the middle, most where clicks are sparse (0.14 is right 46 % of the
    /// time at 500 a day, 26 % at 5,000): an app's own model learned from few installs, a person's
    /// clicks on several networks splitting the credit, and the candidate click taken out of a
    /// value's count among every click rather than among those carrying it. Busy apps' run a few
    /// points high below 50 (strangers behind one carrier address, households).
    public static let standard = ConfidenceCalibration(bands: [
        .init(
            clickCount: 500,
            knots: [
                .init(0.024, 0.110), .init(0.144, 0.435), .init(0.246, 0.599), .init(0.348, 0.701), .init(0.450, 0.757),
                .init(0.551, 0.860), .init(0.652, 0.886), .init(0.752, 0.931), .init(0.855, 0.954), .init(0.986, 0.994),
            ]),
        .init(
            clickCount: 5000,
            knots: [
                .init(0.026, 0.062), .init(0.142, 0.258), .init(0.246, 0.418), .init(0.347, 0.564), .init(0.450, 0.668),
                .init(0.550, 0.779), .init(0.651, 0.842), .init(0.753, 0.906), .init(0.852, 0.942), .init(0.989, 0.996),
            ]),
        .init(
            clickCount: 50000,
            knots: [
                .init(0.045, 0.036), .init(0.145, 0.105), .init(0.243, 0.178), .init(0.347, 0.301), .init(0.448, 0.419),
                .init(0.548, 0.549), .init(0.650, 0.725), .init(0.749, 0.844), .init(0.851, 0.922), .init(0.991, 0.993),
            ]),
    ])
}
