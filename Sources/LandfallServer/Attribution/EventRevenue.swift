import Foundation
import LandfallModels

extension EventService {
    /// Reads an event's revenue from the raw request body: `eventData.revenue` (what LinkForty's iOS and
    /// Android SDKs send from `trackRevenue`) or `eventData.amount`, each beside `eventData.currency`,
    /// under any event name.
    ///
    /// A JSON number is a binary double on every client, so it is stored as the decimal that double
    /// prints as when written shortest: `4.99` (or `4.9900000000000002` from an encoder that prints 17
    /// digits) is 4.99, then rounded to micros. A string is the client's exact decimal and must fit micros.
    static func revenue(in body: Data) throws -> Revenue? {
        guard mayMentionRevenue(body) else { return nil }
        let event: RevenueEvent
        do {
            event = try LandfallJSON.makeDecoder().decode(RevenueEvent.self, from: body)
        } catch let error as DecodingError {
            throw RequestDecoding.describe(error)
        }
        return try revenue(of: event.eventData, prefix: "eventData")
    }

    /// Every event's revenue in a batch body, read in one pass over it.
    static func revenues(inBatch body: Data, count: Int) throws -> [Revenue?] {
        guard mayMentionRevenue(body) else { return Array(repeating: nil, count: count) }
        let events: [RevenueEvent]
        do {
            events = try LandfallJSON.makeDecoder().decode(RevenueBatch.self, from: body).events
        } catch let error as DecodingError {
            throw RequestDecoding.describe(error)
        }
        return try (0..<count).map { index in
            try revenue(of: index < events.count ? events[index].eventData : nil, prefix: "events[\(index)].eventData")
        }
    }

    private static func revenue(of fields: RevenueFields?, prefix: String) throws -> Revenue? {
        guard let fields, let (key, amount) = fields.revenue.map({ ("revenue", $0) }) ?? fields.amount.map({ ("amount", $0) }) else {
            return nil
        }
        guard let currency = fields.currency else {
            throw APIError.validation("\(prefix).currency", "is required with \(prefix).\(key) (an ISO 4217 code such as USD)")
        }
        let code = currency.uppercased()
        guard currencies.contains(code) else {
            throw APIError.validation("\(prefix).currency", "must be an ISO 4217 code such as USD")
        }
        guard amount.value >= 0 else { throw APIError.validation("\(prefix).\(key)", "must not be negative") }
        guard amount.value <= 9_000_000_000_000 else { throw APIError.validation("\(prefix).\(key)", "is out of range") }
        var scaled = amount.value * 1_000_000
        var micros = Decimal()
        NSDecimalRound(&micros, &scaled, 0, .plain)
        if amount.isExactDecimal, micros != scaled {
            throw APIError.validation("\(prefix).\(key)", "has more than 6 decimal places")
        }
        return Revenue(micros: NSDecimalNumber(decimal: micros).int64Value, currency: code)
    }

    static let currencies = Set(Locale.commonISOCurrencyCodes)

    /// Most events carry no revenue: without either key anywhere in the body there is nothing to
    /// read. JSON may escape a key's letters (`\u0061mount`), so a body with any escape is read in full.
    private static func mayMentionRevenue(_ body: Data) -> Bool {
        body.contains(UInt8(ascii: "\\")) || body.range(of: Data("\"amount\"".utf8)) != nil || body.range(of: Data("\"revenue\"".utf8)) != nil
    }

    /// `19990000` micros → `"19.99"`: exact, without a binary floating-point detour.
    static func format(micros: Int64) -> String {
        let amount = Decimal(micros) / 1_000_000
        return NSDecimalNumber(decimal: amount).description(withLocale: Locale(identifier: "en_US_POSIX"))
    }
}

/// A revenue amount as sent: a decimal string is exact; a JSON number is read as the double it is.
struct RevenueAmount: Decodable, Sendable {
    var value: Decimal
    var isExactDecimal: Bool

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }),
                  let parsed = Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX")), !parsed.isNaN else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a decimal amount such as 19.99")
            }
            value = parsed
            isExactDecimal = true
            return
        }
        guard let number = try? container.decode(Double.self) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a number or a decimal string such as 19.99")
        }
        guard number.isFinite, let shortest = Decimal(string: number.description, locale: Locale(identifier: "en_US_POSIX")) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a finite amount")
        }
        value = shortest
        isExactDecimal = false
    }
}

private struct RevenueFields: Decodable {
    var amount: RevenueAmount?
    var revenue: RevenueAmount?
    var currency: String?
}

private struct RevenueEvent: Decodable { var eventData: RevenueFields? }
private struct RevenueBatch: Decodable { var events: [RevenueEvent] }
