/// A non-decreasing map of 0...1 onto itself through knots, read linearly between them; (0, 0)
/// and (1, 1) are its ends whatever the knots say. Both the standard confidence curves and an
/// app's labelled correction are such maps, and the engine reads one per install, so this walks
/// the knots in place rather than building the closed list.
enum UnitCurve {
    static func value<Knots: Collection>(
        at input: Double,
        through knots: Knots,
        x: (Knots.Element) -> Double,
        y: (Knots.Element) -> Double
    ) -> Double {
        guard input.isFinite else { return 0 }
        let p = min(1, max(0, input))
        var lower = (x: 0.0, y: 0.0)
        for knot in knots {
            let upper = (x: x(knot), y: y(knot))
            if p <= upper.x { return between(lower, upper, at: p) }
            lower = upper
        }
        return between(lower, (x: 1, y: 1), at: p)
    }

    private static func between(_ lower: (x: Double, y: Double), _ upper: (x: Double, y: Double), at p: Double) -> Double {
        let span = upper.x - lower.x
        guard span > 0 else { return upper.y }
        return lower.y + (upper.y - lower.y) * (p - lower.x) / span
    }
}
