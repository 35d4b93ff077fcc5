/// How one metric's values from repeated rounds of a workload become the one figure in the table.
public enum RoundAggregate: Sendable, Hashable {
    /// The middle value (the mean of the two middle values for an even count): what the targets are stated in.
    case median
    /// The worst round of a figure where only the worst matters (a stall, errors are summed instead).
    case maximum
    case minimum
    /// Counts that accumulate over the rounds (requests acknowledged, rows stored, errors).
    case sum
    /// The value of the round in which `metric` was highest, so a figure stays with the one it explains
    /// (when the longest stall began belongs to the round of the longest stall).
    case fromRoundWithHighest(String)
}

/// Repeated rounds of one workload against one target, summarised into one row.
///
/// A single 10-second run on a shared machine moves by tens of percent from one minute to the next,
/// so every figure in the table is the median of its rounds unless a rule says otherwise, and the
/// row says how many rounds it summarises:
///
/// ```swift
/// let row = RoundSummary.summarise(rounds, rules: ["stall": .maximum, "errors": .sum])
/// row["rounds"]   // 3
/// ```
public enum RoundSummary {
    public static let roundsMetric = "rounds"

    /// One row with every metric any round has, in the order they first appear. A value that is not a
    /// number (a quantile the server had no observation for) is left out; a metric with no number in any
    /// round stays NaN.
    public static func summarise(_ rounds: [ResultRow], rules: [String: RoundAggregate] = [:]) -> ResultRow {
        guard let first = rounds.first else { return ResultRow(workload: "", target: "") }
        var names: [String] = []
        var units: [String: MetricUnit] = [:]
        for row in rounds {
            for metric in row.metrics where units[metric.name] == nil {
                names.append(metric.name)
                units[metric.name] = metric.value.unit
            }
        }
        var summary = ResultRow(workload: first.workload, target: first.target)
        for name in names {
            let value = aggregate(name, of: rounds, rule: rules[name] ?? .median)
            summary.set(name, MetricValue(value, units[name] ?? .count))
        }
        summary.set(roundsMetric, MetricValue(Double(rounds.count), .count))
        return summary
    }

    /// The median of `values`, ignoring NaN; NaN when nothing is left.
    public static func median(_ values: [Double]) -> Double {
        let sorted = values.filter { !$0.isNaN }.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    private static func aggregate(_ name: String, of rounds: [ResultRow], rule: RoundAggregate) -> Double {
        let values = rounds.compactMap { $0[name]?.value }.filter { !$0.isNaN }
        switch rule {
        case .median:
            return median(values)
        case .maximum:
            return values.max() ?? .nan
        case .minimum:
            return values.min() ?? .nan
        case .sum:
            return values.isEmpty ? .nan : values.reduce(0, +)
        case .fromRoundWithHighest(let metric):
            let worst = rounds.filter { $0[metric]?.value.isNaN == false }.max { $0[metric]!.value < $1[metric]!.value }
            return worst?[name]?.value ?? .nan
        }
    }
}
