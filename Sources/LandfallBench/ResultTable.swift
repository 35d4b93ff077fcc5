import Foundation

/// One line of benchmark results: a workload run against one target, with its numbers in order.
public struct ResultRow: Sendable, Hashable, Codable {
    /// A named number of a row.
    public struct Metric: Sendable, Hashable, Codable {
        public var name: String
        public var value: MetricValue

        public init(_ name: String, _ value: MetricValue) {
            self.name = name
            self.value = value
        }
    }

    /// What was measured: "redirect (zipf, 1M links)".
    public var workload: String
    /// What served it: "landfall (sqlite)", "nginx", "hummingbird".
    public var target: String
    public var metrics: [Metric]

    public init(workload: String, target: String, metrics: [Metric] = []) {
        self.workload = workload
        self.target = target
        self.metrics = metrics
    }

    /// Appends (or replaces) the metric `name`.
    public mutating func set(_ name: String, _ value: MetricValue) {
        if let index = metrics.firstIndex(where: { $0.name == name }) {
            metrics[index].value = value
        } else {
            metrics.append(Metric(name, value))
        }
    }

    public subscript(_ name: String) -> MetricValue? {
        metrics.first { $0.name == name }?.value
    }
}

/// Benchmark results rendered as an aligned text table, Markdown, JSON or CSV.
///
/// Columns are the workload, the target, then every metric name in order of first appearance;
/// a metric column's header carries the unit, and a row without that metric shows `-`.
///
/// ```
/// workload  target       throughput (req/s)  p99 (ms)  vs nginx
/// redirect  nginx                     98211      1.20     1.00×
/// redirect  landfall                  41022      3.85     0.42×
/// ```
public struct ResultTable: Sendable, Hashable, Codable {
    public var rows: [ResultRow]

    public init(rows: [ResultRow] = []) {
        self.rows = rows
    }

    public mutating func append(_ row: ResultRow) {
        rows.append(row)
    }

    /// Metric names in order of first appearance, each with the unit it first appears with.
    public var columns: [(name: String, unit: MetricUnit)] {
        var seen = Set<String>()
        var columns: [(name: String, unit: MetricUnit)] = []
        for row in rows {
            for metric in row.metrics where seen.insert(metric.name).inserted {
                columns.append((metric.name, metric.value.unit))
            }
        }
        return columns
    }

    /// Adds to every row the metric `name`: its `metric` divided by the same workload's value on
    /// `baseline` target (e.g. throughput relative to nginx). Rows whose workload has no baseline
    /// value, or a zero one, get nothing. A row that already has `name` (a ratio measured pairwise,
    /// round by round) keeps it.
    public mutating func addRatio(_ name: String, of metric: String, toTarget baseline: String) {
        var baselines: [String: Double] = [:]
        for row in rows where row.target == baseline {
            if let value = row[metric]?.value { baselines[row.workload] = value }
        }
        for index in rows.indices {
            guard rows[index][name] == nil, let value = rows[index][metric]?.value, let base = baselines[rows[index].workload],
                let ratio = MetricValue.ratio(value, to: base)
            else { continue }
            rows[index].set(name, ratio)
        }
    }

    // MARK: - Text

    /// The table with columns padded to equal width: text left-aligned, numbers right-aligned.
    public func renderText() -> String {
        let (header, body) = cells()
        var widths = header.map(\.count)
        for line in body {
            for (index, cell) in line.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        func render(_ line: [String]) -> String {
            line.enumerated().map { index, cell in
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                return index < 2 ? cell + padding : padding + cell
            }
            .joined(separator: "  ")
            .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        return ([render(header)] + body.map(render)).joined(separator: "\n") + "\n"
    }

    /// The table as a GitHub Markdown table, numbers right-aligned, for BENCHMARKS.md.
    public func renderMarkdown() -> String {
        let (header, body) = cells()
        func escape(_ cell: String) -> String { cell.replacingOccurrences(of: "|", with: "\\|") }
        let alignment = header.indices.map { $0 < 2 ? "---" : "---:" }
        let lines = [header.map(escape), alignment] + body.map { $0.map(escape) }
        return lines.map { "| " + $0.joined(separator: " | ") + " |" }.joined(separator: "\n") + "\n"
    }

    private func cells() -> (header: [String], body: [[String]]) {
        let columns = columns
        let header =
            ["workload", "target"]
            + columns.map { $0.unit.symbol.isEmpty || $0.unit == .ratio ? $0.name : "\($0.name) (\($0.unit.symbol))" }
        let body = rows.map { row in
            [row.workload, row.target]
                + columns.map { column in
                    guard let measurement = row[column.name] else { return "-" }
                    // The header names the column's unit; a cell in another unit says so itself.
                    if measurement.unit == .ratio { return measurement.formatted }
                    return measurement.unit == column.unit ? measurement.formattedNumber : measurement.formatted
                }
        }
        return (header, body)
    }

    // MARK: - Data

    /// `{"rows":[{"workload":…,"target":…,"metrics":[{"name":…,"value":…,"unit":…}]}]}`, keys sorted.
    public func renderJSON() throws -> String {
        struct Document: Encodable {
            struct Row: Encodable {
                struct Metric: Encodable {
                    var name: String
                    var value: Double
                    var unit: String
                }

                var workload: String
                var target: String
                var metrics: [Metric]
            }

            var rows: [Row]
        }
        let document = Document(
            rows: rows.map { row in
                .init(
                    workload: row.workload, target: row.target,
                    metrics: row.metrics.map {
                        .init(name: $0.name, value: $0.value.value, unit: $0.value.unit.symbol)
                    })
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
    }

    /// One line per metric: `workload,target,metric,value,unit`, quoted where needed (RFC 4180).
    public func renderCSV() -> String {
        var lines = ["workload,target,metric,value,unit"]
        for row in rows {
            for metric in row.metrics {
                let value = metric.value.value
                lines.append(
                    [
                        row.workload, row.target, metric.name,
                        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value),
                        metric.value.unit.symbol,
                    ].map(Self.csvField).joined(separator: ","))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func csvField(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
