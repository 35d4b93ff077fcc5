import Foundation
import LandfallModels

extension EventService {
    /// An event's revenue from its decoded `eventData`: `revenue` (what LinkForty's iOS and Android
    /// SDKs send from `trackRevenue`) or `amount`, each beside `currency`, under any event name. Both
    /// amounts are checked when both are sent; `revenue` wins. A JSON `null` is no amount.
    ///
    /// A JSON number is a binary double on every client, so it is stored as the decimal that double
    /// prints as when written shortest: `4.99` (or `4.9900000000000002` from an encoder that prints 17
    /// digits) is 4.99, then rounded to micros. A string is the client's exact decimal and must fit micros.
    ///
    /// - Parameter prefix: where `eventData` is in the request, for error messages.
    static func revenue(of eventData: [String: JSONValue]?, prefix: String = "eventData") throws -> Revenue? {
        guard let eventData else { return nil }
        let revenue = try eventData["revenue"].flatMap { try RevenueAmount($0, field: "\(prefix).revenue") }
        let amount = try eventData["amount"].flatMap { try RevenueAmount($0, field: "\(prefix).amount") }
        guard let (key, value) = revenue.map({ ("revenue", $0) }) ?? amount.map({ ("amount", $0) }) else { return nil }
        let currency: String?
        switch eventData["currency"] {
        case .string(let text)?: currency = text
        case .null?, nil: currency = nil
        default: throw APIError.validation("\(prefix).currency", "expected a string")
        }
        return try self.revenue(value, key: "\(prefix).\(key)", currency: currency, currencyField: "\(prefix).currency")
    }

    private static func revenue(_ amount: RevenueAmount, key: String, currency: String?, currencyField: String) throws -> Revenue {
        guard let currency else {
            throw APIError.validation(currencyField, "is required with \(key) (an ISO 4217 code such as USD)")
        }
        let code = currency.uppercased()
        guard currencies.contains(code) else {
            throw APIError.validation(currencyField, "must be an ISO 4217 code such as USD")
        }
        guard amount.value >= 0 else { throw APIError.validation(key, "must not be negative") }
        guard amount.value <= 9_000_000_000_000 else { throw APIError.validation(key, "is out of range") }
        var scaled = amount.value * 1_000_000
        var micros = Decimal()
        NSDecimalRound(&micros, &scaled, 0, .plain)
        if amount.isExactDecimal, micros != scaled {
            throw APIError.validation(key, "has more than 6 decimal places")
        }
        return Revenue(micros: NSDecimalNumber(decimal: micros).int64Value, currency: code)
    }

    static let currencies = Set(Locale.commonISOCurrencyCodes)

    /// `19990000` micros → `"19.99"`: exact, without a binary floating-point detour.
    static func format(micros: Int64) -> String {
        let amount = Decimal(micros) / 1_000_000
        return NSDecimalNumber(decimal: amount).description(withLocale: Locale(identifier: "en_US_POSIX"))
    }
}

/// A revenue amount as sent: a decimal string is exact; a JSON number is read as the double it is.
struct RevenueAmount: Sendable {
    var value: Decimal
    var isExactDecimal: Bool

    /// Nil for JSON `null`; a value that is no amount is refused naming `field`.
    init?(_ json: JSONValue, field: String) throws {
        switch json {
        case .null:
            return nil
        case .string(let text):
            let trimmed = text.trimmingWhitespace()
            guard trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }),
                let parsed = Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX")), !parsed.isNaN
            else {
                throw APIError.validation(field, "expected a decimal amount such as 19.99")
            }
            value = parsed
            isExactDecimal = true
        case .number(let number):
            guard number.isFinite, let shortest = Decimal(string: number.description, locale: Locale(identifier: "en_US_POSIX")) else {
                throw APIError.validation(field, "expected a finite amount")
            }
            value = shortest
            isExactDecimal = false
        case .bool, .array, .object:
            throw APIError.validation(field, "expected a number or a decimal string such as 19.99")
        }
    }
}
