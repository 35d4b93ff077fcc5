extension ConfidenceCalibration {
    /// The default curves, fitted on the grid's worlds as the server runs them (the identity
    /// calibration, each world learning its own model), deciles of at least 200 installs pooled and
    /// made monotone:
    ///
    /// ```sh
    /// landfall simulate --grid --as-posted --http-days 4 --fit-calibration --seed 101 --fit-seeds 40 --cells 500/day
    /// landfall simulate --grid --as-posted --http-days 4 --fit-calibration --seed 101 --fit-seeds 6   # 5,000 and 50,000
    /// ```
    ///
    /// Refitted (2026-12-01) once the fits weigh the look-alikes among the clicks the indexes did
    /// not fetch (``AttributionModelFit/weighsLookAlikeCounts``); the knots moved by 2.2 points at
    /// most. The grid scores seeds 42 and 7, which none of this saw. Each band is keyed on the clicks of
    /// a platform an install of those runs found in its window on average (four days posted, two
    /// platforms: about one day's clicks), so a mature app's full window sits between bands as its
    /// count says.
    /// Posteriors run low where clicks are sparse, 13-19 points in the middle deciles at 500 a day
    /// and 4-8 at 5,000, in every world: an app's own model, learned from few installs, puts its
    /// clicked share low (0.72 for a true 0.88) and a person's clicks on several networks split the
    /// credit. Busy apps' run 3-8 points high between 10 and 50 (strangers behind one carrier
    /// address, households). The top decile holds as it is.
    public static let standard = ConfidenceCalibration(bands: [
        .init(
            clickCount: 500,
            knots: [
                .init(0.033, 0.076), .init(0.144, 0.269), .init(0.247, 0.403), .init(0.348, 0.544), .init(0.450, 0.616),
                .init(0.550, 0.736), .init(0.650, 0.809), .init(0.752, 0.871), .init(0.854, 0.915), .init(0.986, 0.990),
            ]),
        .init(
            clickCount: 5000,
            knots: [
                .init(0.032, 0.049), .init(0.143, 0.181), .init(0.246, 0.291), .init(0.348, 0.401), .init(0.449, 0.520),
                .init(0.550, 0.639), .init(0.651, 0.731), .init(0.752, 0.814), .init(0.855, 0.895), .init(0.989, 0.992),
            ]),
        .init(
            clickCount: 50000,
            knots: [
                .init(0.048, 0.044), .init(0.145, 0.108), .init(0.247, 0.184), .init(0.347, 0.277), .init(0.448, 0.388),
                .init(0.549, 0.527), .init(0.651, 0.637), .init(0.751, 0.733), .init(0.854, 0.864), .init(0.990, 0.988),
            ]),
    ])
}
