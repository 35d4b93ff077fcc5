import Foundation

/// An event as conversion values read it.
public struct ConversionEvent: Sendable, Hashable {
    public var name: String
    public var occurredAt: Date
    /// Millionths of `revenueCurrency`.
    public var revenueMicros: Int64?
    /// ISO 4217; nil means the schema's own currency.
    public var revenueCurrency: String?

    public init(name: String, occurredAt: Date, revenueMicros: Int64? = nil, revenueCurrency: String? = nil) {
        self.name = name
        self.occurredAt = occurredAt
        self.revenueMicros = revenueMicros
        self.revenueCurrency = revenueCurrency
    }
}

/// An install's conversion value at one moment: what the v2 answer of AppsFlyer's SDK-less API carries.
public struct ConversionValueState: Sendable, Hashable {
    /// 0-63, computed from the first window's events (later postbacks carry only the coarse value).
    public var fineValue: Int
    public var coarseValue: CoarseConversionValue
    /// The current window stops changing.
    public var locked: Bool
    /// 0, 1, 2: the current postback window.
    public var postbackSequenceIndex: Int
    /// Unix seconds at which the next window opens; for the last window, when it closes.
    public var nextWindowTime: Int64

    public init(fineValue: Int, coarseValue: CoarseConversionValue, locked: Bool, postbackSequenceIndex: Int, nextWindowTime: Int64) {
        self.fineValue = fineValue
        self.coarseValue = coarseValue
        self.locked = locked
        self.postbackSequenceIndex = postbackSequenceIndex
        self.nextWindowTime = nextWindowTime
    }

    /// This state, never below `previous` when both are of the same window: a locked window keeps
    /// what it had, otherwise each value keeps the larger one and a lock stays.
    public func raised(over previous: ConversionValueState?) -> ConversionValueState {
        guard let previous, previous.postbackSequenceIndex == postbackSequenceIndex else { return self }
        if previous.locked {
            return ConversionValueState(
                fineValue: previous.fineValue, coarseValue: previous.coarseValue, locked: true,
                postbackSequenceIndex: postbackSequenceIndex, nextWindowTime: nextWindowTime
            )
        }
        return ConversionValueState(
            fineValue: max(fineValue, previous.fineValue), coarseValue: max(coarseValue, previous.coarseValue), locked: locked,
            postbackSequenceIndex: postbackSequenceIndex, nextWindowTime: nextWindowTime
        )
    }
}

/// Computes conversion values from a schema and an install's events. Pure: the same input at the
/// same `now` gives the same answer, so tests drive it across the three windows with a fixed clock.
public enum ConversionValueCalculator {
    /// SKAdNetwork 4's postback windows in whole days since first launch: days 0-2, 3-7 and 8-35.
    public static let windowDays: [(start: Int, end: Int)] = [(0, 3), (3, 8), (8, 36)]
    static let secondsPerDay: TimeInterval = 86_400

    /// The window `date` falls in for an install first launched at `installedAt`; nil once the
    /// last window has closed. A date before the install (a device clock behind) is in the first.
    public static func windowIndex(installedAt: Date, at date: Date) -> Int? {
        let elapsed = max(0, date.timeIntervalSince(installedAt))
        return windowDays.firstIndex { elapsed < Double($0.end) * secondsPerDay }
    }

    /// The install's value at `now`, never below `previous` within one window; nil when expired.
    public static func evaluate(
        schema: ConversionSchema, installedAt: Date, events: [ConversionEvent], previous: ConversionValueState? = nil, now: Date
    ) -> ConversionValueState? {
        guard let index = windowIndex(installedAt: installedAt, at: now) else { return nil }
        // Events reported with a time after `now` are not counted yet; the rest go to the window they happened in.
        let known = events.filter { $0.occurredAt <= now }.sorted { $0.occurredAt < $1.occurredAt }
        func inWindow(_ window: Int) -> [ConversionEvent] {
            known.filter { windowIndex(installedAt: installedAt, at: $0.occurredAt) == window }
        }
        let first = untilLock(inWindow(0), schema)
        let current = index == 0 ? first : untilLock(inWindow(index), schema)
        let end = installedAt.timeIntervalSince1970 + Double(windowDays[index].end) * secondsPerDay
        let state = ConversionValueState(
            fineValue: fineValue(schema, first.events, installedAt: installedAt),
            coarseValue: coarseValue(schema, current.events, window: index + 1),
            locked: current.locked, postbackSequenceIndex: index, nextWindowTime: Int64(end.rounded(.down))
        )
        return state.raised(over: previous)
    }

    /// The window's events up to and including its first lock event, and whether there was one.
    static func untilLock(_ events: [ConversionEvent], _ schema: ConversionSchema) -> (events: [ConversionEvent], locked: Bool) {
        guard let lock = events.firstIndex(where: { schema.lockEvents.contains($0.name) }) else { return (events, false) }
        return (Array(events[...lock]), true)
    }

    static func fineValue(_ schema: ConversionSchema, _ events: [ConversionEvent], installedAt: Date) -> Int {
        var value = 0
        if let field = schema.revenue {
            value |= field.bucket(revenue(schema, events)) << field.bit
        }
        let names = Set(events.map(\.name))
        for flag in schema.events where names.contains(flag.name) {
            value |= 1 << flag.bit
        }
        if let field = schema.days, let last = events.last {
            let days = Int(max(0, last.occurredAt.timeIntervalSince(installedAt)) / secondsPerDay)
            value |= field.bucket(days) << field.bit
        }
        // Validation keeps every field inside bits 0-5; the mask guards a schema stored by an older build.
        return value & 63
    }

    static func coarseValue(_ schema: ConversionSchema, _ events: [ConversionEvent], window: Int) -> CoarseConversionValue {
        let names = Set(events.map(\.name))
        let total = revenue(schema, events)
        var value = CoarseConversionValue.low
        for rule in schema.coarse where rule.windows.contains(window) && rule.value > value {
            if let minimum = rule.minRevenue, total < minimum { continue }
            if rule.events.allSatisfy(names.contains) { value = rule.value }
        }
        return value
    }

    /// Revenue of `events` in the schema's currency; amounts in currencies without a rate are left out.
    static func revenue(_ schema: ConversionSchema, _ events: [ConversionEvent]) -> Double {
        var total = 0.0
        for event in events {
            guard let micros = event.revenueMicros else { continue }
            let currency = event.revenueCurrency?.uppercased() ?? schema.currency
            guard let rate = currency == schema.currency ? 1 : schema.exchangeRates[currency] else { continue }
            total += Double(micros) / 1_000_000 * rate
        }
        return total
    }
}
