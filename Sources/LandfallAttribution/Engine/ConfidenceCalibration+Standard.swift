extension ConfidenceCalibration {
    /// The default curves, fitted by `landfall simulate --grid --as-posted --http-days 4` with the
    /// identity calibration and each world learning its own model, as the server does: at 500
    /// clicks a day the grid's four sparse worlds (12, 50 and 70 % organic, long delays) over seeds
    /// 101-140, at 5,000 its eight worlds over seeds 101-106, at 50,000 its one over seeds 101-106;
    /// deciles with at least 200 installs, pooled, made monotone. The grid scores seed 42, which
    /// none of this saw. Posteriors run low where clicks are sparse, 13-19 points in the middle
    /// deciles at 500 a day, 4-8 at 5,000, in every world: an app's own model, learned from few
    /// installs, puts its clicked share low (0.72 for a true 0.88) and a person's clicks on several
    /// networks split the credit. Busy apps' run 3-8 points high between 10 and 50 (strangers
    /// behind one carrier address, households). The top decile holds as it is.
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
