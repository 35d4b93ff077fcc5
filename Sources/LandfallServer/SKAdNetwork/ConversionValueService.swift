import Foundation
import LandfallModels
import LandfallStore

/// Conversion schemas, dev keys and per-install values: what the API, the CLI and the SDK-less
/// endpoints share.
public struct ConversionValueService: Sendable {
    let storage: any LandfallStorage
    let now: @Sendable () -> Date
    /// Reports each new value as `conversion.updated`; nil where nothing is published (the CLI).
    let webhooks: WebhookPublisher?

    public init(storage: any LandfallStorage, now: @escaping @Sendable () -> Date = { Date() }, webhooks: WebhookPublisher? = nil) {
        self.storage = storage
        self.now = now
        self.webhooks = webhooks
    }

    /// Decodes, validates and stores a schema given as JSON; returns it as stored.
    /// Throws ``APIError`` 400 naming the first bad field.
    @discardableResult
    public func setSchema(json: Data, appId: String) async throws -> ConversionSchema {
        try ConversionSchema.checkKeys(try RequestDecoding.object(from: json))
        let schema = try RequestDecoding.decode(ConversionSchema.self, from: json).validated()
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let document = String(decoding: try encoder.encode(schema), as: UTF8.self)
        try await storage.setConversionSchema(ConversionSchemaRecord(appId: appId, document: document, updatedAt: now()))
        return schema
    }

    public func schema(appId: String) async throws -> ConversionSchema? {
        guard let record = try await storage.conversionSchema(appId: appId) else { return nil }
        do {
            return try JSONDecoder().decode(ConversionSchema.self, from: Data(record.document.utf8))
        } catch {
            throw StoreError.corruptRecord("conversion schema of app \(appId): \(error)")
        }
    }

    public func deleteSchema(appId: String) async throws -> Bool {
        try await storage.deleteConversionSchema(appId: appId)
    }

    /// Issues a new dev key for the app, replacing any earlier one (requests signed with that one
    /// fail from now on). The caller shows it once.
    public func rotateDevKey(appId: String) async throws -> ConversionDevKeyRecord {
        let record = ConversionDevKeyRecord(appId: appId, devKey: "lf_dk_" + SecretGenerator.base62(length: 32), createdAt: now())
        try await storage.setConversionDevKey(record)
        return record
    }

    /// The install's value now, recorded so later answers in the window never go below it.
    /// Throws 404 `conversion_schema_missing` without a schema, `uid_expired` after the last window.
    public func currentValue(of install: InstallRecord) async throws -> ConversionValueState {
        let state = try await evaluate(install)
        let stored = try await storage.raiseConversionValue(
            ConversionValueRecord(
                installId: install.id, appId: install.appId, windowIndex: state.postbackSequenceIndex, fineValue: state.fineValue,
                coarseRank: state.coarseValue.rank, locked: state.locked, updatedAt: now()
            ))
        try await announce(stored)
        return Self.state(stored, nextWindowTime: state.nextWindowTime)
    }

    /// `conversion.updated` for the value as stored. The message id names the value, so asking again
    /// for an unchanged value (the SDK polls) sends nothing new.
    private func announce(_ value: ConversionValueRecord) async throws {
        guard let webhooks else { return }
        struct Update: Encodable {
            var installId: String
            var postbackSequenceIndex: Int
            var fineValue: Int
            var coarseValue: String
            var locked: Bool
        }
        let coarse = (CoarseConversionValue(rank: value.coarseRank) ?? .low).rawValue
        try await webhooks.publish(
            appId: value.appId, type: WebhookEventType.conversionUpdated,
            data: Update(
                installId: value.installId, postbackSequenceIndex: value.windowIndex, fineValue: value.fineValue,
                coarseValue: coarse, locked: value.locked
            ),
            id: "msg_cv_\(value.installId)_\(value.windowIndex)_\(value.fineValue)_\(value.coarseRank)_\(value.locked ? 1 : 0)"
        )
    }

    /// The value the install would get now, recording nothing (the CLI's preview).
    public func previewValue(of install: InstallRecord) async throws -> ConversionValueState {
        try await evaluate(install)
    }

    private func evaluate(_ install: InstallRecord) async throws -> ConversionValueState {
        guard let schema = try await schema(appId: install.appId) else {
            throw APIError.notFound(
                "conversion_schema_missing", "the app has no conversion schema; define one with PUT /api/apps/:appId/skan-schema")
        }
        let date = now()
        guard let window = ConversionValueCalculator.windowIndex(installedAt: install.createdAt, at: date) else { throw Self.expired }
        let previous = try await storage.conversionValue(installId: install.id, windowIndex: window).map {
            Self.state($0, nextWindowTime: 0)
        }
        let events = try await storage.events(installId: install.id).map {
            ConversionEvent(name: $0.name, occurredAt: $0.occurredAt, revenueMicros: $0.revenueMicros, revenueCurrency: $0.revenueCurrency)
        }
        guard
            let state = ConversionValueCalculator.evaluate(
                schema: schema, installedAt: install.createdAt, events: events, previous: previous, now: date
            )
        else { throw Self.expired }
        return state
    }

    private static func state(_ record: ConversionValueRecord, nextWindowTime: Int64) -> ConversionValueState {
        ConversionValueState(
            fineValue: record.fineValue, coarseValue: CoarseConversionValue(rank: record.coarseRank) ?? .low, locked: record.locked,
            postbackSequenceIndex: record.windowIndex, nextWindowTime: nextWindowTime
        )
    }

    static let expired = APIError.notFound("uid_expired", "the install's last postback window (day 35) has closed")
}
