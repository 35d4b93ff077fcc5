import Foundation
import LandfallModels
import LandfallStore

/// Stores in-app events against their install, with revenue as an exact amount and a currency.
struct EventService: Sendable {
    let storage: any LandfallStorage
    let writer: EventWriter
    /// Installs by id: an app sends many events per install, and an install never changes after it
    /// is decided (deleting its app moves the catalog revision).
    let installs: ExpiringCache<String, InstallRecord>
    let now: @Sendable () -> Date

    /// An amount in millionths of the currency unit and an ISO 4217 code.
    struct Revenue: Sendable, Equatable {
        var micros: Int64
        var currency: String
    }

    func record(_ event: EventRequest, revenue: Revenue?, keyedApp: AppRecord?) async throws -> EventResponse {
        let record = try await prepare(event, revenue: revenue, keyedApp: keyedApp, position: 0)
        guard let stored = try await writer.store([record]).first else {
            throw StoreError.corruptRecord("event \(record.id) was neither stored nor found")
        }
        return EventResponse(eventId: stored.event.id, duplicate: stored.duplicate)
    }

    func record(_ events: [EventRequest], revenues: [Revenue?], keyedApp: AppRecord?) async throws -> [EventResponse] {
        var records: [EventRecord] = []
        for (index, event) in events.enumerated() {
            do {
                records.append(try await prepare(event, revenue: revenues[index], keyedApp: keyedApp, position: index))
            } catch let error as APIError {
                throw APIError(error.status, code: error.code, message: "events[\(index)]: \(error.message)")
            }
        }
        return try await writer.store(records).map { EventResponse(eventId: $0.event.id, duplicate: $0.duplicate) }
    }

    /// - Parameter position: the event's place in its request, which orders events of one second.
    private func prepare(_ event: EventRequest, revenue: Revenue?, keyedApp: AppRecord?, position: Int) async throws -> EventRecord {
        guard let name = try Validate.text(event.eventName, "eventName", max: 128, required: true) else {
            throw APIError.validation("eventName", "is required")
        }
        let clientEventId = try Validate.text(event.eventId, "eventId", max: 128)
        // An event names only its install; a key, when sent, must be the install's app's.
        guard let install = try await install(id: event.installId), keyedApp.map({ $0.id == install.appId }) ?? true else {
            throw APIError.notFound("install_not_found", "no install with that id; report the install first")
        }
        let received = now()
        if let timestamp = event.timestamp, timestamp.timeIntervalSince(received) > 86_400 {
            throw APIError.validation("timestamp", "is more than a day in the future")
        }
        let data = String(decoding: try JSONEncoder().encode(event.eventData ?? [:]), as: UTF8.self)
        return EventRecord(
            id: SecretGenerator.identifier(), appId: install.appId, installId: install.id, clientEventId: clientEventId,
            name: name, data: data, occurredAt: event.timestamp ?? received, receivedAt: received,
            revenueMicros: revenue?.micros, revenueCurrency: revenue?.currency, linkId: install.linkId, clickId: install.clickId,
            sequence: received.epochMilliseconds * 1000 + Int64(position)
        )
    }

    private func install(id: String) async throws -> InstallRecord? {
        if let cached = installs.value(for: id) { return cached }
        let revision = installs.revisionBeforeRead()
        guard let install = try await storage.install(id: id) else { return nil }
        installs.store(install, for: id, readAt: revision)
        return install
    }

    /// Reads `eventData.amount` and `eventData.currency` straight from the request body as a decimal,
    /// so `19.99` is stored as exactly 19.99. `index` picks an event of a batch body.
    static func revenue(in body: Data, at index: Int?) throws -> Revenue? {
        struct Amount: Decodable {
            var value: Decimal
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let text = try? container.decode(String.self) {
                    guard let parsed = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !parsed.isNaN else {
                        throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a decimal amount such as 19.99")
                    }
                    value = parsed
                } else {
                    value = try container.decode(Decimal.self)
                }
            }
        }
        struct Fields: Decodable { var amount: Amount?; var currency: String? }
        struct Event: Decodable { var eventData: Fields? }
        struct Batch: Decodable { var events: [Event] }
        // Most events carry no revenue: without either key anywhere in the body there is nothing to read.
        guard Self.mayMention("\"amount\"", in: body) || Self.mayMention("\"currency\"", in: body) else { return nil }
        let fields: Fields?
        do {
            if let index {
                let events = try LandfallJSON.makeDecoder().decode(Batch.self, from: body).events
                fields = index < events.count ? events[index].eventData : nil
            } else {
                fields = try LandfallJSON.makeDecoder().decode(Event.self, from: body).eventData
            }
        } catch let error as DecodingError {
            throw RequestDecoding.describe(error)
        }
        guard let fields, fields.amount != nil || fields.currency != nil else { return nil }
        let prefix = index.map { "events[\($0)].eventData" } ?? "eventData"
        guard let amount = fields.amount?.value else { throw APIError.validation("\(prefix).amount", "is required with a currency") }
        guard let currency = fields.currency?.uppercased(), Self.currencies.contains(currency) else {
            throw APIError.validation("\(prefix).currency", "must be an ISO 4217 code such as USD")
        }
        var scaled = amount * 1_000_000
        var whole = Decimal()
        NSDecimalRound(&whole, &scaled, 0, .plain)
        guard whole == scaled else { throw APIError.validation("\(prefix).amount", "has more than 6 decimal places") }
        guard abs(amount) <= 9_000_000_000_000 else { throw APIError.validation("\(prefix).amount", "is out of range") }
        return Revenue(micros: NSDecimalNumber(decimal: whole).int64Value, currency: currency)
    }

    static let currencies = Set(Locale.commonISOCurrencyCodes)

    /// Whether `key` occurs in the raw body. JSON may escape a key's letters (`\u0061mount`), so a
    /// body with any escape is always read in full.
    private static func mayMention(_ key: String, in body: Data) -> Bool {
        body.contains(UInt8(ascii: "\\")) || body.range(of: Data(key.utf8)) != nil
    }

    /// `19990000` micros → `"19.99"`: exact, without a binary floating-point detour.
    static func format(micros: Int64) -> String {
        let amount = Decimal(micros) / 1_000_000
        return NSDecimalNumber(decimal: amount).description(withLocale: Locale(identifier: "en_US_POSIX"))
    }
}
