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
    /// These were fitted while posted worlds carried no click tokens; since the S2S replay carries
    /// them (0e251b8) the same commands give curves within 2 points of these at every knot.
    /// The grid scores seeds 42 and 7, which none of this saw. Each band is keyed on the clicks of
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
                .init(0.034, 0.082), .init(0.144, 0.271), .init(0.247, 0.413), .init(0.347, 0.540), .init(0.449, 0.630),
                .init(0.549, 0.734), .init(0.650, 0.815), .init(0.751, 0.869), .init(0.854, 0.919), .init(0.986, 0.991),
            ]),
        .init(
            clickCount: 5000,
            knots: [
                .init(0.032, 0.050), .init(0.143, 0.182), .init(0.246, 0.283), .init(0.348, 0.388), .init(0.449, 0.512),
                .init(0.550, 0.629), .init(0.651, 0.718), .init(0.752, 0.815), .init(0.855, 0.892), .init(0.989, 0.992),
            ]),
        .init(
            clickCount: 50000,
            knots: [
                .init(0.047, 0.051), .init(0.145, 0.114), .init(0.248, 0.181), .init(0.347, 0.264), .init(0.448, 0.366),
                .init(0.548, 0.510), .init(0.650, 0.634), .init(0.752, 0.731), .init(0.854, 0.847), .init(0.989, 0.988),
            ]),
    ])
}
