import Foundation
import HTTPTypes
import LandfallServer
import Testing

@Suite("SKAdNetwork conversion schema validation")
struct ConversionValueSchemaTests {
    typealias Schema = ConversionSchema

    static func refusal(_ schema: Schema) -> String? {
        do {
            _ = try schema.validated()
            return nil
        } catch let error as APIError {
            #expect(error.status == .badRequest)
            #expect(error.code == "invalid_field")
            return error.message
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    @Test func aSchemaUsingAllSixBitsIsAccepted() throws {
        let schema = Schema(
            currency: "usd", exchangeRates: ["eur": 1.08], revenue: .init(bit: 0, thresholds: [0.99, 4.99, 19.99]),
            events: [.init(name: " signup ", bit: 2), .init(name: "tutorial_done", bit: 3)], days: .init(bit: 4, thresholds: [1, 2]),
            coarse: [.init(value: .high, windows: [3, 1, 1], minRevenue: 4.99)], lockEvents: ["purchase"]
        )
        let valid = try schema.validated()
        #expect(valid.currency == "USD")
        #expect(valid.exchangeRates == ["EUR": 1.08])
        #expect(valid.events.map(\.name) == ["signup", "tutorial_done"])
        #expect(valid.coarse.first?.windows == [1, 3])
        #expect(valid.revenue?.width == 2)
        #expect(valid.days?.width == 2)
    }

    @Test func aRevenueFieldWhoseBucketsOverflowBitFiveIsRefused() {
        // Four thresholds need three bits: bits 4-6, and bit 6 is worth 64.
        let message = Self.refusal(Schema(revenue: .init(bit: 4, thresholds: [1, 2, 3, 4])))
        #expect(message?.contains("overflows 63") == true)
    }

    @Test func sixtyFourBucketsNeverFit() {
        let thresholds = (1...64).map(Double.init)
        #expect(Self.refusal(Schema(revenue: .init(bit: 0, thresholds: thresholds)))?.contains("from 1 to 63") == true)
    }

    @Test func anEventBitAboveFiveIsRefused() {
        #expect(Self.refusal(Schema(events: [.init(name: "signup", bit: 6)]))?.contains("events[0].bit") == true)
        #expect(Self.refusal(Schema(events: [.init(name: "signup", bit: -1)])) != nil)
    }

    @Test func overlappingFieldsAreRefused() {
        let message = Self.refusal(Schema(revenue: .init(bit: 0, thresholds: [1, 2, 3]), events: [.init(name: "signup", bit: 1)]))
        #expect(message?.contains("overlaps") == true)
    }

    @Test func thresholdsMustAscendStrictly() {
        #expect(Self.refusal(Schema(revenue: .init(bit: 0, thresholds: [5, 5])))?.contains("ascending") == true)
        #expect(Self.refusal(Schema(days: .init(bit: 0, thresholds: [3, 1]))) != nil)
        #expect(Self.refusal(Schema(days: .init(bit: 0, thresholds: [36]))) != nil)
        #expect(Self.refusal(Schema(revenue: .init(bit: 0, thresholds: [-1]))) != nil)
        #expect(Self.refusal(Schema(revenue: .init(bit: 0, thresholds: [.infinity]))) != nil)
    }

    @Test func badCurrenciesRatesAndRulesAreRefused() {
        #expect(Self.refusal(Schema(currency: "US")) != nil)
        #expect(Self.refusal(Schema(exchangeRates: ["EUR": 0])) != nil)
        #expect(Self.refusal(Schema(coarse: [.init(value: .high)]))?.contains("needs a condition") == true)
        #expect(Self.refusal(Schema(coarse: [.init(value: .high, windows: [4], events: ["a"])])) != nil)
        #expect(Self.refusal(Schema(events: [.init(name: "a", bit: 0), .init(name: "a", bit: 1)]))?.contains("twice") == true)
        #expect(Self.refusal(Schema(lockEvents: [" "])) != nil)
    }

    @Test func anEmptySchemaIsValidAndAlwaysZero() throws {
        _ = try Schema().validated()
        let state = ConversionValueCalculator.evaluate(
            schema: Schema(), installedAt: Date(timeIntervalSince1970: 0),
            events: [ConversionEvent(name: "anything", occurredAt: Date(timeIntervalSince1970: 10))], now: Date(timeIntervalSince1970: 60)
        )
        #expect(state?.fineValue == 0)
        #expect(state?.coarseValue == .low)
    }
}
