import Foundation
import LandfallServer
import Testing

/// The pure computation across the three postback windows, with the clock passed in.
@Suite("SKAdNetwork conversion values across windows")
struct ConversionValueCalculatorTests {
    static let installedAt = Date(timeIntervalSince1970: 1_767_225_600)
    static let day: TimeInterval = 86_400

    /// Revenue in bits 0-1, signup bit 2, tutorial bit 3, days-since-install in bits 4-5.
    static let schema = ConversionSchema(
        currency: "USD", exchangeRates: ["EUR": 2], revenue: .init(bit: 0, thresholds: [0.99, 4.99, 19.99]),
        events: [.init(name: "signup", bit: 2), .init(name: "tutorial", bit: 3)], days: .init(bit: 4, thresholds: [1, 2]),
        coarse: [
            .init(value: .medium, events: ["signup"]), .init(value: .high, minRevenue: 4.99),
            .init(value: .high, windows: [2], events: ["renewal"]),
        ],
        lockEvents: ["purchase_final"]
    )

    static func at(_ days: Double, _ hours: Double = 0) -> Date { installedAt.addingTimeInterval(days * day + hours * 3600) }

    static func event(_ name: String, _ date: Date, usd: Double? = nil, currency: String = "USD") -> ConversionEvent {
        ConversionEvent(
            name: name, occurredAt: date, revenueMicros: usd.map { Int64(($0 * 1_000_000).rounded()) }, revenueCurrency: currency)
    }

    static func evaluate(_ events: [ConversionEvent], now: Date, previous: ConversionValueState? = nil) -> ConversionValueState? {
        ConversionValueCalculator.evaluate(schema: schema, installedAt: installedAt, events: events, previous: previous, now: now)
    }

    @Test func windowsAreDaysZeroToTwoThreeToSevenAndEightToThirtyFive() {
        let window = { ConversionValueCalculator.windowIndex(installedAt: Self.installedAt, at: $0) }
        #expect(window(Self.at(0)) == 0)
        #expect(window(Self.at(3, -0.001)) == 0)
        #expect(window(Self.at(3)) == 1)
        #expect(window(Self.at(8, -0.001)) == 1)
        #expect(window(Self.at(8)) == 2)
        #expect(window(Self.at(36, -0.001)) == 2)
        #expect(window(Self.at(36)) == nil)
        #expect(window(Self.at(-1)) == 0)
    }

    @Test func theFirstWindowEncodesRevenueEventsAndDays() throws {
        let events = [
            Self.event("signup", Self.at(0, 1)),
            Self.event("purchase", Self.at(1, 2), usd: 3),
            Self.event("purchase", Self.at(1, 3), usd: 1, currency: "EUR"),  // 2 USD at the schema's rate
        ]
        let state = try #require(Self.evaluate(events, now: Self.at(1, 5)))
        // revenue 5.00 → bucket 2; signup → bit 2; last event on day 1 → bucket 1 at bit 4.
        #expect(state.fineValue == 2 | 4 | 16)
        #expect(state.coarseValue == .high)
        #expect(state.postbackSequenceIndex == 0)
        #expect(state.locked == false)
        #expect(state.nextWindowTime == Int64(Self.at(3).timeIntervalSince1970))
    }

    @Test func revenueInACurrencyWithoutARateIsLeftOut() throws {
        let state = try #require(Self.evaluate([Self.event("purchase", Self.at(0, 1), usd: 100, currency: "JPY")], now: Self.at(0, 2)))
        #expect(state.fineValue == 0)
        #expect(state.coarseValue == .low)
    }

    @Test func eventsAfterNowAreNotCountedYet() throws {
        let state = try #require(Self.evaluate([Self.event("signup", Self.at(1))], now: Self.at(0, 12)))
        #expect(state.fineValue == 0)
    }

    @Test func theSecondWindowKeepsTheFirstFineValueAndRatesItsOwnEvents() throws {
        let events = [Self.event("signup", Self.at(0, 1)), Self.event("renewal", Self.at(4))]
        let state = try #require(Self.evaluate(events, now: Self.at(5)))
        #expect(state.postbackSequenceIndex == 1)
        #expect(state.fineValue == 4)
        // signup happened in window 1, so window 2's medium rule does not hold; renewal's high does.
        #expect(state.coarseValue == .high)
        #expect(state.nextWindowTime == Int64(Self.at(8).timeIntervalSince1970))
    }

    @Test func theThirdWindowEndsOnDayThirtyFiveAndThenTheInstallExpires() throws {
        let state = try #require(Self.evaluate([Self.event("signup", Self.at(10))], now: Self.at(20)))
        #expect(state.postbackSequenceIndex == 2)
        #expect(state.coarseValue == .medium)
        #expect(state.fineValue == 0)
        #expect(state.nextWindowTime == Int64(Self.at(36).timeIntervalSince1970))
        #expect(Self.evaluate([], now: Self.at(36)) == nil)
    }

    @Test func aLockEventFreezesTheWindowAtThatEvent() throws {
        let events = [
            Self.event("signup", Self.at(0, 1)), Self.event("purchase_final", Self.at(0, 2)),
            Self.event("tutorial", Self.at(0, 3)), Self.event("purchase", Self.at(1), usd: 50),
        ]
        let state = try #require(Self.evaluate(events, now: Self.at(2)))
        #expect(state.locked)
        #expect(state.fineValue == 4)
        #expect(state.coarseValue == .medium)
        // The next window starts unlocked.
        let next = try #require(Self.evaluate(events, now: Self.at(4)))
        #expect(next.locked == false)
        #expect(next.fineValue == 4)
    }

    @Test func valuesOnlyAscendWithinAWindow() throws {
        let previous = ConversionValueState(fineValue: 40, coarseValue: .high, locked: false, postbackSequenceIndex: 0, nextWindowTime: 0)
        let state = try #require(Self.evaluate([Self.event("signup", Self.at(0, 1))], now: Self.at(1), previous: previous))
        #expect(state.fineValue == 40)
        #expect(state.coarseValue == .high)
        // Raising takes each value's maximum: the event's bit 2 is not in 40's bits, but 40 is larger.
        let lower = ConversionValueState(fineValue: 1, coarseValue: .low, locked: false, postbackSequenceIndex: 0, nextWindowTime: 0)
        #expect(try #require(Self.evaluate([Self.event("signup", Self.at(0, 1))], now: Self.at(1), previous: lower)).fineValue == 4)
    }

    @Test func aLockedWindowNoLongerChangesEvenWithNewEvents() throws {
        let previous = ConversionValueState(fineValue: 4, coarseValue: .medium, locked: true, postbackSequenceIndex: 0, nextWindowTime: 0)
        let state = try #require(Self.evaluate([Self.event("purchase", Self.at(0, 5), usd: 30)], now: Self.at(1), previous: previous))
        #expect(state.fineValue == 4)
        #expect(state.coarseValue == .medium)
        #expect(state.locked)
    }

    @Test func aPreviousValueOfAnotherWindowDoesNotCarryOver() throws {
        let previous = ConversionValueState(fineValue: 63, coarseValue: .high, locked: true, postbackSequenceIndex: 0, nextWindowTime: 0)
        let state = try #require(Self.evaluate([], now: Self.at(4), previous: previous))
        #expect(state.postbackSequenceIndex == 1)
        #expect(state.coarseValue == .low)
        #expect(state.locked == false)
    }

    @Test func theValueRisesMonotonicallyAsEventsArriveHourByHour() throws {
        var events: [ConversionEvent] = []
        var last = -1
        for hour in 0..<72 {
            if hour % 7 == 0 { events.append(Self.event("purchase", Self.at(0, Double(hour)), usd: 0.5)) }
            if hour == 30 { events.append(Self.event("tutorial", Self.at(0, Double(hour)))) }
            let state = try #require(Self.evaluate(events, now: Self.at(0, Double(hour) + 0.5)))
            #expect(state.fineValue >= last)
            last = state.fineValue
        }
        // 5.50 USD → bucket 2; tutorial → bit 3; last event on day 2 → bucket 2 at bit 4.
        #expect(last == 2 | 8 | 32)
    }
}
