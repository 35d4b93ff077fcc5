extension ConfidenceCalibration {
    /// The default curves, fitted by `landfall simulate --fit-calibration` on the hard population
    /// (national audience; at 500 and 5,000 clicks a day seeds 101-106 averaged, at 50,000 seeds
    /// 101-102) and checked on populations they were not fitted on (hard national seed 42, hard
    /// sunbelt seed 7, easy seed 3): see the README's "Accuracy, measured". Sparse apps' posteriors run a little low (a
    /// person's clicks on several networks split the credit), busy apps' a little high in the middle
    /// (strangers behind one carrier address, households); the top decile holds as it is.
    public static let standard = ConfidenceCalibration(bands: [
        .init(
            clickCount: 1760,
            knots: [
                .init(0.046, 0.057), .init(0.146, 0.151), .init(0.248, 0.266), .init(0.349, 0.375), .init(0.449, 0.468),
                .init(0.550, 0.623), .init(0.651, 0.728), .init(0.753, 0.821), .init(0.854, 0.898), .init(0.990, 0.994),
            ]),
        .init(
            clickCount: 17561,
            knots: [
                .init(0.050, 0.047), .init(0.145, 0.125), .init(0.246, 0.214), .init(0.348, 0.321), .init(0.448, 0.459),
                .init(0.550, 0.577), .init(0.651, 0.691), .init(0.753, 0.780), .init(0.854, 0.869), .init(0.990, 0.992),
            ]),
        .init(
            clickCount: 173382,
            knots: [
                .init(0.051, 0.036), .init(0.145, 0.111), .init(0.248, 0.196), .init(0.347, 0.285), .init(0.449, 0.393),
                .init(0.548, 0.539), .init(0.651, 0.656), .init(0.751, 0.748), .init(0.853, 0.874), .init(0.992, 0.992),
            ]),
    ])
}
