import Foundation

/// SKAdNetwork conversion values: each app's schema and dev key, the values served per install and
/// window, and the signatures already used (so a replay inside the timestamp window is refused).
public protocol ConversionStorage: Sendable {
    /// Inserts or replaces the app's schema.
    func setConversionSchema(_ schema: ConversionSchemaRecord) async throws
    func conversionSchema(appId: String) async throws -> ConversionSchemaRecord?
    /// Returns false when the app had no schema.
    func deleteConversionSchema(appId: String) async throws -> Bool

    /// Inserts or replaces (rotates) the app's dev key.
    func setConversionDevKey(_ key: ConversionDevKeyRecord) async throws
    func conversionDevKey(appId: String) async throws -> ConversionDevKeyRecord?

    /// Stores a computed value for its install and window without ever lowering what is stored:
    /// the fine value and coarse rank keep their maximum, a lock stays, and a locked window no
    /// longer changes. Atomic, so concurrent requests (from any server) cannot lower it. Returns the
    /// row as stored afterwards.
    func raiseConversionValue(_ value: ConversionValueRecord) async throws -> ConversionValueRecord
    func conversionValue(installId: String, windowIndex: Int) async throws -> ConversionValueRecord?

    /// Records that `signature` was used by the app; false when it already was (a replay). Forgets
    /// the app's signatures whose `expiresAt` is before `now`, since their timestamps are stale by then.
    func claimConversionSignature(appId: String, signature: String, expiresAt: Date, now: Date) async throws -> Bool
}
