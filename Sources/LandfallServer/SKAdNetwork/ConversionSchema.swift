import Foundation

/// How an app turns an install's events into SKAdNetwork conversion values.
///
/// The fine value (0-63, first postback window only) is six bits shared by up to three kinds of
/// field, each at its own bit offset: a revenue bucket, one flag per named event, and a bucket of
/// days since install. Coarse values (`low`, `medium`, `high`; every window) come from rules.
///
/// ```json
/// {"currency": "USD", "exchangeRates": {"EUR": 1.08},
///  "revenue": {"bit": 0, "thresholds": [0.99, 4.99, 19.99]},
///  "events": [{"name": "signup", "bit": 2}, {"name": "tutorial_done", "bit": 3}],
///  "days": {"bit": 4, "thresholds": [1, 2]},
///  "coarse": [{"value": "medium", "events": ["signup"]}, {"value": "high", "minRevenue": 4.99}],
///  "lockEvents": ["purchase"]}
/// ```
public struct ConversionSchema: Codable, Sendable, Hashable {
    /// ISO 4217 code revenue thresholds are written in.
    public var currency: String
    /// Units of ``currency`` one unit of another currency is worth; revenue in a currency with no
    /// rate is left out of the sums.
    public var exchangeRates: [String: Double]
    public var revenue: BucketField<Double>?
    public var events: [EventFlag]
    public var days: BucketField<Int>?
    public var coarse: [CoarseRule]
    /// Events that lock the window they happen in: its values stop changing from then on.
    public var lockEvents: [String]

    public init(
        currency: String = "USD", exchangeRates: [String: Double] = [:], revenue: BucketField<Double>? = nil, events: [EventFlag] = [],
        days: BucketField<Int>? = nil, coarse: [CoarseRule] = [], lockEvents: [String] = []
    ) {
        self.currency = currency
        self.exchangeRates = exchangeRates
        self.revenue = revenue
        self.events = events
        self.days = days
        self.coarse = coarse
        self.lockEvents = lockEvents
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case currency, exchangeRates, revenue, events, days, coarse, lockEvents }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        currency = try container.decodeIfPresent(String.self, forKey: .currency) ?? "USD"
        exchangeRates = try container.decodeIfPresent([String: Double].self, forKey: .exchangeRates) ?? [:]
        revenue = try container.decodeIfPresent(BucketField<Double>.self, forKey: .revenue)
        events = try container.decodeIfPresent([EventFlag].self, forKey: .events) ?? []
        days = try container.decodeIfPresent(BucketField<Int>.self, forKey: .days)
        coarse = try container.decodeIfPresent([CoarseRule].self, forKey: .coarse) ?? []
        lockEvents = try container.decodeIfPresent([String].self, forKey: .lockEvents) ?? []
    }

    /// A field whose value is how many `thresholds` the measure has reached, written at `bit`.
    /// It takes as many bits as `thresholds.count` needs.
    public struct BucketField<Threshold: Codable & Sendable & Hashable & Comparable>: Codable, Sendable, Hashable {
        public var bit: Int
        public var thresholds: [Threshold]

        public init(bit: Int, thresholds: [Threshold]) {
            self.bit = bit
            self.thresholds = thresholds
        }

        /// Bits the field occupies.
        public var width: Int { Int.bitWidth - thresholds.count.leadingZeroBitCount }

        func bucket(_ measure: Threshold) -> Int { thresholds.filter { $0 <= measure }.count }
    }

    /// Sets `bit` once an event called `name` happened in the first window.
    public struct EventFlag: Codable, Sendable, Hashable {
        public var name: String
        public var bit: Int

        public init(name: String, bit: Int) {
            self.name = name
            self.bit = bit
        }
    }

    /// A coarse value the window reaches when every condition holds: revenue in the window of at
    /// least `minRevenue`, and each of `events` in the window.
    public struct CoarseRule: Codable, Sendable, Hashable {
        public var value: CoarseConversionValue
        /// 1, 2 and/or 3; all three when absent.
        public var windows: [Int]
        public var minRevenue: Double?
        public var events: [String]

        public init(value: CoarseConversionValue, windows: [Int] = [1, 2, 3], minRevenue: Double? = nil, events: [String] = []) {
            self.value = value
            self.windows = windows
            self.minRevenue = minRevenue
            self.events = events
        }

        enum CodingKeys: String, CodingKey, CaseIterable { case value, windows, minRevenue, events }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            value = try container.decode(CoarseConversionValue.self, forKey: .value)
            windows = try container.decodeIfPresent([Int].self, forKey: .windows) ?? [1, 2, 3]
            minRevenue = try container.decodeIfPresent(Double.self, forKey: .minRevenue)
            events = try container.decodeIfPresent([String].self, forKey: .events) ?? []
        }
    }
}

/// SKAdNetwork 4's coarse conversion value, ordered low < medium < high.
public enum CoarseConversionValue: String, Codable, Sendable, Hashable, Comparable, CaseIterable {
    case low, medium, high

    /// 0, 1, 2: how the value is stored.
    public var rank: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .high: 2
        }
    }

    public init?(rank: Int) {
        guard let value = Self.allCases.first(where: { $0.rank == rank }) else { return nil }
        self = value
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}
