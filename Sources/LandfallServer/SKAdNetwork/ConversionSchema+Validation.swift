import Foundation

extension ConversionSchema {
    /// The schema with codes uppercased and names trimmed, or a 400 naming the first bad field.
    /// A field whose bits go past bit 5 (a value above 63) or overlap another field's is refused.
    public func validated() throws -> ConversionSchema {
        var schema = self
        schema.currency = try Self.currencyCode(currency, "currency")
        guard exchangeRates.count <= 200 else { throw APIError.validation("exchangeRates", "must have at most 200 currencies") }
        schema.exchangeRates = [:]
        for (code, rate) in exchangeRates {
            let normalised = try Self.currencyCode(code, "exchangeRates.\(code)")
            guard rate.isFinite, rate > 0 else { throw APIError.validation("exchangeRates.\(code)", "must be a positive number") }
            schema.exchangeRates[normalised] = rate
        }
        var used: UInt64 = 0
        if let revenue {
            guard revenue.thresholds.allSatisfy({ $0.isFinite && $0 > 0 }) else {
                throw APIError.validation("revenue.thresholds", "must be positive amounts")
            }
            try Self.place(revenue, "revenue", used: &used)
        }
        if let days {
            guard days.thresholds.allSatisfy({ (1...35).contains($0) }) else {
                throw APIError.validation("days.thresholds", "must be days from 1 to 35")
            }
            try Self.place(days, "days", used: &used)
        }
        guard events.count <= 6 else { throw APIError.validation("events", "at most 6 event flags fit in 6 bits") }
        schema.events = []
        for (index, flag) in events.enumerated() {
            let field = "events[\(index)]"
            let name = try Self.eventName(flag.name, "\(field).name")
            guard !schema.events.contains(where: { $0.name == name }) else { throw APIError.validation("\(field).name", "is listed twice") }
            try Self.claim(bit: flag.bit, width: 1, field, used: &used)
            schema.events.append(EventFlag(name: name, bit: flag.bit))
        }
        guard coarse.count <= 50 else { throw APIError.validation("coarse", "must have at most 50 rules") }
        schema.coarse = try coarse.enumerated().map { index, rule in try rule.validated("coarse[\(index)]") }
        guard lockEvents.count <= 20 else { throw APIError.validation("lockEvents", "must have at most 20 events") }
        schema.lockEvents = try lockEvents.enumerated().map { index, name in try Self.eventName(name, "lockEvents[\(index)]") }
        return schema
    }

    /// Refuses keys the schema does not have, so a misspelt field is not silently ignored.
    static func checkKeys(_ object: [String: Any]) throws {
        let known = Set(CodingKeys.allCases.map(\.stringValue))
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
            throw APIError.validation(unknown, "is not a schema field (known: \(known.sorted().joined(separator: ", ")))")
        }
    }

    private static func place<T>(_ field: BucketField<T>, _ name: String, used: inout UInt64) throws {
        guard (1...63).contains(field.thresholds.count) else {
            throw APIError.validation("\(name).thresholds", "must have from 1 to 63 thresholds")
        }
        guard zip(field.thresholds, field.thresholds.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw APIError.validation("\(name).thresholds", "must be in strictly ascending order")
        }
        try claim(bit: field.bit, width: field.width, name, used: &used)
    }

    private static func claim(bit: Int, width: Int, _ field: String, used: inout UInt64) throws {
        guard (0...5).contains(bit) else { throw APIError.validation("\(field).bit", "must be from 0 to 5") }
        guard bit + width <= 6 else {
            throw APIError.validation(
                field, "needs bits \(bit)-\(bit + width - 1), which overflows 63 (the fine value has bits 0-5 only)"
            )
        }
        let mask = ((UInt64(1) << UInt64(width)) - 1) << UInt64(bit)
        guard used & mask == 0 else { throw APIError.validation(field, "overlaps the bits of another field") }
        used |= mask
    }

    static func currencyCode(_ text: String, _ field: String) throws -> String {
        let code = text.trimmingCharacters(in: .whitespaces).uppercased()
        guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw APIError.validation(field, "must be a three-letter ISO 4217 code")
        }
        return code
    }

    static func eventName(_ text: String, _ field: String) throws -> String {
        guard let name = try Validate.text(text, field, max: 100, required: true) else { throw APIError.validation(field, "is required") }
        return name
    }
}

extension ConversionSchema.CoarseRule {
    func validated(_ field: String) throws -> Self {
        var rule = self
        guard !windows.isEmpty, windows.allSatisfy({ (1...3).contains($0) }) else {
            throw APIError.validation("\(field).windows", "must list windows 1, 2 and/or 3")
        }
        rule.windows = Array(Set(windows)).sorted()
        if let minRevenue, !(minRevenue.isFinite && minRevenue >= 0) {
            throw APIError.validation("\(field).minRevenue", "must be a non-negative amount")
        }
        guard minRevenue != nil || !events.isEmpty else {
            throw APIError.validation(field, "needs a condition: minRevenue and/or events")
        }
        guard events.count <= 20 else { throw APIError.validation("\(field).events", "must have at most 20 events") }
        rule.events = try events.enumerated().map { index, name in
            try ConversionSchema.eventName(name, "\(field).events[\(index)]")
        }
        return rule
    }
}
