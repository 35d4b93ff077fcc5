/// Which part of an analytics range the day totals answer (migration 0022), and which part is read
/// from raw and folded clicks as before: whole days inside the range that the app has counted and
/// that are not stale come from the totals; the range's partial first and last days and the stale
/// days are read raw. Every click is in exactly one of the two.
struct ClickDayCoverage: Sendable, Hashable {
    /// Whole days `[from, to)` answered by the totals, less `staleDays`; empty when `from >= to`.
    var from: Int64
    var to: Int64
    /// Stale days inside `[from, to)`, read raw instead.
    var staleDays: [Int64]

    /// `start`/`end` in epoch milliseconds (half-open), `sealedBefore` the app's counted horizon.
    init(start: Int64, end: Int64, sealedBefore: Int64, staleDays: [Int64]) {
        let firstWholeDay = RetentionDay.start(of: start) == start ? start : RetentionDay.start(of: start) + RetentionDay.milliseconds
        from = firstWholeDay
        to = max(firstWholeDay, min(RetentionDay.start(of: end), sealedBefore))
        let (from, to) = (from, to)
        self.staleDays = staleDays.filter { $0 >= from && $0 < to }.sorted()
    }

    var isEmpty: Bool { from >= to }

    /// The half-open intervals of `[start, end)` read raw: the edges around the counted days and
    /// each stale day, in order, empty ones left out.
    func rawIntervals(start: Int64, end: Int64) -> [Range<Int64>] {
        guard !isEmpty else { return start < end ? [start..<end] : [] }
        var intervals: [Range<Int64>] = []
        if start < from { intervals.append(start..<from) }
        intervals += staleDays.map { $0..<($0 + RetentionDay.milliseconds) }
        if to < end { intervals.append(to..<end) }
        return intervals
    }
}
