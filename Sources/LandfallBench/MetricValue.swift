import Foundation

/// The unit of a benchmark number, which also decides how it is printed.
public struct MetricUnit: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The symbol printed after the number ("req/s", "ms", "×"); empty for plain counts.
    public let symbol: String
    /// Digits after the decimal point; nil picks by magnitude (3 significant digits, at least whole numbers).
    public let decimals: Int?

    public init(symbol: String, decimals: Int? = nil) {
        self.symbol = symbol
        self.decimals = decimals
    }

    public static let requestsPerSecond = MetricUnit(symbol: "req/s", decimals: 0)
    public static let microseconds = MetricUnit(symbol: "µs", decimals: 0)
    public static let milliseconds = MetricUnit(symbol: "ms")
    public static let seconds = MetricUnit(symbol: "s")
    public static let megabytes = MetricUnit(symbol: "MB", decimals: 1)
    public static let percent = MetricUnit(symbol: "%", decimals: 1)
    /// CPU cores busy on average (CPU seconds per wall-clock second).
    public static let cores = MetricUnit(symbol: "cores", decimals: 2)
    public static let count = MetricUnit(symbol: "", decimals: 0)
    /// A ratio to a baseline, printed like `0.83×`.
    public static let ratio = MetricUnit(symbol: "×", decimals: 2)

    public var description: String { symbol }
}

/// A number with its unit.
public struct MetricValue: Sendable, Hashable, Codable {
    public var value: Double
    public var unit: MetricUnit

    public init(_ value: Double, _ unit: MetricUnit) {
        self.value = value
        self.unit = unit
    }

    /// `value` divided by `baseline`, as a ``MetricUnit/ratio``; nil when the baseline is zero.
    public static func ratio(_ value: Double, to baseline: Double) -> MetricValue? {
        baseline == 0 ? nil : MetricValue(value / baseline, .ratio)
    }

    /// The number alone, rounded for its unit: `12345`, `1.25`, `0.83`.
    public var formattedNumber: String {
        guard value.isFinite else { return value.isNaN ? "n/a" : (value > 0 ? "∞" : "-∞") }
        let decimals = unit.decimals ?? Self.automaticDecimals(value)
        return String(format: "%.\(decimals)f", value)
    }

    /// The number with its unit: `12345 req/s`, `1.25 ms`, `0.83×` (the ratio sign follows directly).
    public var formatted: String {
        if unit.symbol.isEmpty { return formattedNumber }
        if unit == .ratio || unit == .percent { return formattedNumber + unit.symbol }
        return formattedNumber + " " + unit.symbol
    }

    /// Three significant digits for small numbers, whole numbers from 100 up.
    private static func automaticDecimals(_ value: Double) -> Int {
        let magnitude = abs(value)
        if magnitude >= 100 || magnitude == 0 { return 0 }
        if magnitude >= 10 { return 1 }
        if magnitude >= 1 { return 2 }
        return 3
    }
}
