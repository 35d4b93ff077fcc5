import Foundation
import LandfallStore

/// A key as listed: never the key itself, only its prefix.
struct KeyResponse: Codable, Sendable {
    var id: String
    var appId: String
    var kind: String
    var name: String
    var prefix: String
    var createdAt: Date
    var revokedAt: Date?
    /// Present only in the answer that created the key.
    var key: String?

    init(_ record: APIKeyRecord, key: String? = nil) {
        id = record.id
        appId = record.appId
        kind = record.kind.rawValue
        name = record.name
        prefix = record.displayPrefix
        createdAt = record.createdAt
        revokedAt = record.revokedAt
        self.key = key
    }
}

/// The body of `POST /api/apps/:id/keys`.
struct KeyInput: Codable, Sendable {
    var kind: String?
    var name: String?
}
