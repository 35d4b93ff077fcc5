import Foundation

/// A key an app's servers or SDK authenticate with. Only the SHA-256 of the key is stored.
public struct APIKeyRecord: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Management and link creation; shown once, never retrievable.
        case secret
        /// Embedded in apps; identifies the app to the SDK endpoints and grants nothing else.
        case publishable
    }

    public var id: String
    public var appId: String
    public var kind: Kind
    public var name: String
    /// Hex SHA-256 of the full key.
    public var keyHash: String
    /// The first characters of the key, enough to recognise it in a list.
    public var displayPrefix: String
    public var createdAt: Date
    public var revokedAt: Date?

    public init(
        id: String, appId: String, kind: Kind, name: String, keyHash: String, displayPrefix: String, createdAt: Date, revokedAt: Date? = nil
    ) {
        self.id = id
        self.appId = appId
        self.kind = kind
        self.name = name
        self.keyHash = keyHash
        self.displayPrefix = displayPrefix
        self.createdAt = createdAt
        self.revokedAt = revokedAt
    }

    public var isRevoked: Bool { revokedAt != nil }
}
