import Foundation

/// An app's SKAdNetwork conversion schema, kept as the JSON document the server validated.
public struct ConversionSchemaRecord: Sendable, Hashable, Codable {
    public var appId: String
    /// The schema as JSON text; the store does not interpret it.
    public var document: String
    public var updatedAt: Date

    public init(appId: String, document: String, updatedAt: Date) {
        self.appId = appId
        self.document = document
        self.updatedAt = updatedAt
    }
}

/// The per-app dev key that signs SDK-less conversion-value requests (AppsFlyer's SDK-less API).
///
/// Kept as it was issued, not as a hash: verifying an HMAC needs the key itself. The same key is
/// compiled into every copy of the app, so it authorises nothing but reading conversion values.
public struct ConversionDevKeyRecord: Sendable, Hashable, Codable {
    public var appId: String
    public var devKey: String
    public var createdAt: Date

    public init(appId: String, devKey: String, createdAt: Date) {
        self.appId = appId
        self.devKey = devKey
        self.createdAt = createdAt
    }
}

/// The highest conversion value served to an install in one postback window; values only rise.
public struct ConversionValueRecord: Sendable, Hashable, Codable {
    public var installId: String
    public var appId: String
    /// 0, 1 or 2: the postback window (Apple's `postback_sequence_index`).
    public var windowIndex: Int
    /// 0-63.
    public var fineValue: Int
    /// 0 low, 1 medium, 2 high.
    public var coarseRank: Int
    public var locked: Bool
    public var updatedAt: Date

    public init(installId: String, appId: String, windowIndex: Int, fineValue: Int, coarseRank: Int, locked: Bool, updatedAt: Date) {
        self.installId = installId
        self.appId = appId
        self.windowIndex = windowIndex
        self.fineValue = fineValue
        self.coarseRank = coarseRank
        self.locked = locked
        self.updatedAt = updatedAt
    }
}
