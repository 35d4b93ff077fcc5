import Foundation

extension LandfallClient {
    /// Tracks an in-app event (LinkForty SDK specification §5).
    ///
    /// The event is written to the persistent queue first, then sent in the background; it survives
    /// being offline and app restarts. Call ``flush()`` to wait until it has been sent. Each event
    /// carries a client id (`eventId`), so a retried send is never counted twice.
    ///
    /// - Parameters:
    ///   - eventName: 1 to 128 characters, e.g. `signup`.
    ///   - properties: free-form JSON properties.
    /// - Throws: ``LandfallError/Code/notInitialized``, ``LandfallError/Code/invalidArgument``.
    public func track(_ eventName: String, properties: [String: JSONValue]? = nil) async throws {
        _ = try await requireStarted()
        let name = eventName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= 128 else {
            throw LandfallError(.invalidArgument, "an event name is 1 to 128 characters")
        }
        let event = QueuedEvent(
            id: UUID().uuidString.lowercased(), name: name, data: properties, timestamp: clock.now(), installId: state.install?.installId
        )
        let dropped = queue.append(event)
        for old in dropped {
            log(.warning, "event queue full; dropped the oldest event", ["eventName": old.name, "eventId": old.id])
        }
        await persistQueue()
        log(.debug, "event queued", ["eventName": name, "eventId": event.id, "queued": "\(queue.count)"])
        if state.install != nil { scheduleDrain() }
    }

    /// Tracks revenue (LinkForty SDK specification §6): `amount` and `currency` are distinct fields of the event data,
    /// the amount sent as an exact decimal string (`"19.99"`), never through a binary double.
    ///
    /// - Parameters:
    ///   - amount: at most 6 decimal places, e.g. `Decimal(string: "19.99")!`.
    ///   - currency: an ISO 4217 code such as `USD` (case-insensitive).
    ///   - eventName: the event's name; `revenue` by default.
    ///   - properties: more properties; `amount` and `currency` in it are replaced.
    /// - Throws: ``LandfallError/Code/invalidArgument`` for a bad amount or currency.
    public func trackRevenue(
        amount: Decimal, currency: String, eventName: String = "revenue", properties: [String: JSONValue]? = nil
    ) async throws {
        _ = try await requireStarted()
        let code = currency.trimmingCharacters(in: .whitespaces).uppercased()
        guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }), Self.currencyCodes.contains(code) else {
            throw LandfallError(.invalidArgument, "currency must be an ISO 4217 code such as USD")
        }
        guard let text = Self.exactAmount(amount) else {
            throw LandfallError(.invalidArgument, "amount must be a finite number with at most 6 decimal places")
        }
        var data = properties ?? [:]
        data["amount"] = .string(text)
        data["currency"] = .string(code)
        try await track(eventName, properties: data)
    }

    /// The ISO 4217 codes the server accepts.
    static let currencyCodes = Set(Locale.commonISOCurrencyCodes)

    /// `19.99` → `"19.99"`; nil for NaN or more than 6 decimal places.
    static func exactAmount(_ amount: Decimal) -> String? {
        guard !amount.isNaN else { return nil }
        var scaled = amount * 1_000_000
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        guard rounded == scaled else { return nil }
        return NSDecimalNumber(decimal: amount).description(withLocale: Locale(identifier: "en_US_POSIX"))
    }
}
